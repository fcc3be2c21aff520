import type { CliCommand } from './command';

/**
 * Every command, loaded lazily so `skat-ledger iss verify` does not pay for Nest or SQLite.
 * Each module under commands/ default-exports one CliCommand.
 */
export const COMMANDS: ReadonlyArray<{ path: readonly string[]; summary: string; load: () => CliCommand }> = [
  { path: ['iss', 'verify'], summary: 'Recompute ISS records and compare with their recorded results', load: () => require('./commands/iss-verify').default },
  { path: ['analyze', 'iss'], summary: 'Solve the position of cut ISS records with all cards open', load: () => require('./commands/analyze-iss').default },
  { path: ['verify'], summary: "Check every stream's hash chain in a store", load: () => require('./commands/verify').default },
  {
    path: ['verify-deal'],
    summary: "Recompute a server-shuffled deal's shuffle from its revealed seed and compare",
    load: () => require('./commands/verify-deal').default,
  },
  { path: ['import', 'iss'], summary: 'Import ISS game records into a store', load: () => require('./commands/import-iss').default },
  { path: ['export', 'iss'], summary: 'Export deals as ISS game records', load: () => require('./commands/export-iss').default },
  { path: ['export', 'ndjson'], summary: 'Export deals as NDJSON hand histories', load: () => require('./commands/export-ndjson').default },
  { path: ['export', 'sheet'], summary: "Export a table's score sheet (csv, html)", load: () => require('./commands/export-sheet').default },
  { path: ['rebuild'], summary: 'Rebuild projections from zero', load: () => require('./commands/rebuild').default },
  {
    path: ['migrate-store'],
    summary: 'Bring a store file of an earlier version into the current layout',
    load: () => require('./commands/migrate-store').default,
  },
  { path: ['rescore'], summary: 'Recompute every deal and list those whose result differs', load: () => require('./commands/rescore').default },
  {
    path: ['analyze', 'deal'],
    summary: "Perfect-information verdicts for every position of a stored deal's card play",
    load: () => require('./commands/analyze-deal').default,
  },
  { path: ['stats'], summary: "A player's statistics", load: () => require('./commands/stats').default },
  { path: ['token', 'issue'], summary: 'Issue an API token for a role', load: () => require('./commands/token-issue').default },
];
