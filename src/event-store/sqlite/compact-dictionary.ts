/**
 * The strings a stored event's data and metadata most often hold, each stored as one byte (the
 * first 128) or two (the rest) instead of its text. The list is part of the file format: entries
 * are only ever appended, never changed, removed or reordered (an index is its meaning forever).
 */

const CARDS = ['C', 'S', 'H', 'D'].flatMap((suit) => ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'].map((rank) => suit + rank));

export const STATIC_STRINGS: readonly string[] = [
  ...CARDS,
  // keys of event data
  'seat', 'card', 'trick', 'value', 'key', 'ruleId', 'text', 'profileId', 'profileVersion', 'kind', 'declarer',
  'declarerPoints', 'declarerTricks', 'matadors', 'overbid', 'schneider', 'schwarz', 'declaration', 'players',
  'profileOptions', 'tableId', 'tournamentId', 'ouvert', 'gameType', 'skat', 'hand', 'schneiderAnnounced',
  'schwarzAnnounced', 'cards', 'dealNumber', 'passedIn', 'computerSeats', 'dealId', 'dealer', 'sittingOut',
  'startedAt', 'hands', 'shuffle', 'result', 'bid', 'derivation', 'gameValue', 'notScoreableReason', 'score',
  'seatScores', 'won', 'header', 'layout', 'beforeClose', 'movesTrailingSpace', 'line', 'movesPatch',
  'propertyOrder', 'recordId', 'recordedResult', 'left', 'timeout', 'sourceFile', 'sourceLine', 'unreplayed',
  'outcome', 'penalties', 'resigned', 'closeWithOpenDisputes', 'computerPlayers', 'firstDealer',
  'fiveTableSitOutOffset', 'reviewAfterClose', 'round', 'seriesLength', 'why', 'reason', 'note',
  // values
  'iss', '2', '1', '', ' ', 'given', 'scored', 'game', 'grand', 'null', 'clubs', 'spades', 'hearts', 'diamonds',
  'win', 'loss', 'GM', 'PC', 'CO', 'SE', 'ID', 'DT', 'P0', 'P1', 'P2', 'R0', 'R1', 'R2', 'MV', 'R',
  // metadata keys and values
  '$causationId', '$correlationId', 'actorId', 'commandId', 'occurredAt', 'recordedAt', 'rulesVersion',
  'schemaVersion', 'source', 'import:iss', 'live', 'manual',
  // second tier (two bytes each)
  'Skat', 'International Skat Server', 'Internet Skat Server', '0.0', 'xskat', 'xskat:2', 'goskat', 'claim',
  'theCount', 'at', 'insert', 'remove', 'notScoreable', 'discards', 'declare', 'modifiers', 'shown',
  'R19', 'R20', 'R21', 'R22', 'R23', 'R24', 'R25', 'R26', 'R27', 'R28', 'R29', 'R30', 'R31', 'R32', 'R33', 'R34',
  'abandoned', 'passed', 'resign', 'null game', 'isa-2024', 'dealt', 'server',
];

/** Index of each static string (the first occurrence counts). */
export const STATIC_INDEX: ReadonlyMap<string, number> = (() => {
  const m = new Map<string, number>();
  STATIC_STRINGS.forEach((s, i) => {
    if (!m.has(s)) m.set(s, i);
  });
  return m;
})();
