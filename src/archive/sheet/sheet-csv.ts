import type { ScoreSheet } from '../../projections/score-sheet/score-sheet';

/**
 * A table's list (R34) and its Seeger-Fabian block (R35) as CSV (RFC 4180: comma, CRLF, quotes
 * doubled). Two sections separated by an empty line: one row per deal with the running totals of
 * every player, then one row per player with the Seeger-Fabian figures.
 */
export function scoreSheetCsv(sheet: ScoreSheet): string {
  const players = sheet.players;
  const lines: string[] = [];
  const row = (cells: readonly (string | number | null)[]) => lines.push(cells.map(csvCell).join(','));
  row([
    'table',
    sheet.tableId,
    'profile',
    sheet.profileId,
    'deals',
    sheet.dealsPlayed,
    'series length',
    sheet.seriesLength,
    'complete',
    sheet.complete ? 'yes' : 'no',
  ]);
  row([
    'deal',
    'dealer',
    'declarer',
    'game',
    'outcome',
    'entry',
    ...players.map((p) => `total ${p}`),
    'corrected from',
    'correction reason',
    'deal id',
    'entered',
    'problems',
  ]);
  for (const r of sheet.rows) {
    const outcome = r.passedIn ? 'passed in' : r.notScoreable ? 'not scoreable' : r.won === null ? '' : r.won ? 'won' : 'lost';
    const flags = [...r.problems.map((p) => `${p.ruleId}: ${p.text}`), ...(r.openDisputes > 0 ? ['contested, awaiting the arbiter'] : [])].join('; ');
    row([
      r.dealNumber,
      r.dealer,
      r.declarer ?? '',
      r.gameLabel,
      outcome,
      r.entry,
      ...players.map((p) => r.totals[p] ?? 0),
      r.corrected ? r.originalEntry : '',
      r.correctionReason ?? '',
      r.dealId,
      r.provenance === 'resultOnly' ? 'result only' : 'cards',
      flags,
    ]);
  }
  lines.push('');
  row([
    'Seeger-Fabian',
    'game points',
    'won',
    'lost',
    '50 x (won - lost)',
    'opponents lost',
    'opponents lost points',
    'total',
    'rank',
    'lost games (fee)',
    'loss fee (cents)',
    'computer',
  ]);
  for (const s of sheet.seegerFabian) {
    row([
      s.player,
      s.gamePoints,
      s.won,
      s.lost,
      s.wonLostPoints,
      s.opponentsLost,
      s.opponentsLostPoints,
      s.total,
      s.rank,
      s.lossFees,
      s.lossFeeCents,
      s.computer ? 'yes' : 'no',
    ]);
  }
  // Each problem also below the block, so a reader of the totals sees that the list has them.
  for (const p of sheet.problems) row(['problem', `deal ${p.dealNumber}`, p.ruleId, p.text]);
  for (const d of sheet.derivation) row(['derivation', d.ruleId, d.text]);
  return lines.join('\r\n') + '\r\n';
}

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * apostrophe; numbers stay numbers.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
