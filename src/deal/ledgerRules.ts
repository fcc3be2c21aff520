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
} as const;
