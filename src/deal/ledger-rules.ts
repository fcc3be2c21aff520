/**
 * Refusal ids for the ledger's own invariants (not Skat rules, which use R1-R43): a command on
 * a deal that does not exist yet, a second start, a correction without authority, and so on.
 */
export const LEDGER_RULES = {
  alreadyStarted: 'L1',
  notStarted: 'L2',
  finished: 'L3',
  arbiterOnly: 'L4',
  reasonRequired: 'L5',
  nothingToCorrect: 'L6',
  badStart: 'L7',
  notFinished: 'L8',
  unknownProfile: 'L9',
  badCommand: 'L10',
  tableRules: 'L11',
  /** A deal of a table must be what the table dictates (players, seats, dealer, number, id). */
  tableDictates: 'L12',
  /** One open deal per table: the next starts when the current one is scored, passed in or abandoned. */
  openDeal: 'L13',
  /** The series is closed: no further deals. */
  seriesClosed: 'L14',
  /** Only the last recorded move may be withdrawn (an arbiter may go further back). */
  withdrawal: 'L15',
  /**
   * A deal's ending move is withdrawn only while nothing has built on the end: within the table's
   * series (not closed, no later deal), before any player confirmed or contested, with no correction.
   */
  withdrawAfterEnd: 'L24',
  /** A mistyped hand is replaced only in a deal whose cards were given, before its first card, with moves so far that fit the new cards. */
  replaceHands: 'L25',
  /** Confirmations and contests come from the deal's own players, once each. */
  confirmation: 'L16',
  /** Deal and table ids iss-* and command ids import:* belong to imports, not to live commands. */
  reservedIds: 'L17',
  /** A result-only deal's cards must reproduce its result; only result-only deals are upgraded, once. */
  upgrade: 'L18',
  /** Fair dealing: client seeds before the cards, once per seat; the server seed is revealed only at the end. */
  fairDealing: 'L31',
  /** The shell must look up a fairly dealt deal's server seed before the deal may end (it is revealed with the end). */
  seedNeeded: 'L32',
  /** Rounds are drawn in order: within the tournament's rounds, none skipped, once every series of the previous round is closed (or by a recorded override). */
  roundOrder: 'L19',
  /** A round closes in order, once it has tables and every series of it is closed; a closed round takes no further table. */
  roundClose: 'L21',
  /** The tournament closes once its last round is closed (before its planned rounds only with a reason); then it takes no draw, table, round or fee. */
  tournamentClosed: 'L22',
  /** The roster: each name once, at most 500; only a player on it is renamed or removed, and only one not yet seated is renamed; a draw seats roster players. */
  roster: 'L23',
  /** A deal recorded as seen: what is shown must fit what was recorded; dealt deals have nothing to show. */
  seen: 'L20',
} as const;
