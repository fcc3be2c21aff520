/**
 * What each deal summary adds to the read models made for the researcher's questions (issue 29):
 * the deal's counters (how many deals per player, period, source, game type and result) and its
 * part of each player's statistics. Pure: the projection's rows (deal-summary-projection.ts) take
 * the stored row's part out and put the new row's in, summed over a batch.
 */
import type { DealSummary } from './deal-summary';

/** The result a list filters by; `scored` (a game without won/lost) and `ramsch` match no filter value. */
export type ResultClass = 'won' | 'lost' | 'passedIn' | 'notScoreable' | 'inProgress' | 'ramsch' | 'scored';

export function resultClassOf(s: Pick<DealSummary, 'status' | 'won'>): ResultClass {
  if (s.status === 'scored') return s.won === true ? 'won' : s.won === false ? 'lost' : 'scored';
  return s.status;
}

/** The UTC day of the deal's start (YYYY-MM-DD), as an instant, whatever precision it was written with. */
export function dayOf(startedAt: string): string {
  const t = Date.parse(startedAt);
  return Number.isNaN(t) ? startedAt.slice(0, 10) : new Date(t).toISOString().slice(0, 10);
}

/**
 * The counter keys a deal counts under: for every deal and for each of its players ('' is every
 * deal), at four periods: all time (''), its year, its month and its day. A date range is summed
 * from the fewest whole periods it covers (deal-count-query.ts).
 */
export function countKeys(s: DealSummary): string[] {
  const day = dayOf(s.startedAt);
  const periods = ['', day.slice(0, 4), day.slice(0, 7), day];
  const tail = `\u0000${s.source}\u0000${s.gameType ?? ''}\u0000${resultClassOf(s)}`;
  const keys: string[] = [];
  for (const player of ['', ...s.players]) for (const period of periods) keys.push(`${player}\u0000${period}${tail}`);
  return keys;
}

/** The keys of a player's statistics counters (player-stats-counters.ts reads them back). */
export const STAT = {
  deals: 'deals',
  resultOnly: 'resultOnly',
  declared: 'declared',
  declaredWon: 'declaredWon',
  valueSum: 'valueSum',
  hand: 'hand',
  ouvert: 'ouvert',
  null: 'null',
  overbid: 'overbid',
  defended: 'defended',
  defenceWon: 'defenceWon',
  archiveCompared: 'archiveCompared',
  archiveDisagreeing: 'archiveDisagreeing',
  /** `mix:<game type>`: games of it as declarer. */
  mix: 'mix:',
} as const;

/**
 * A deal's part of one player's statistics, as buildPlayerStats counts it: only finished deals,
 * never a computer seat (D5); declarer games, defence games, the archive record check.
 */
export function statPart(s: DealSummary, player: string, add: (key: string, n: number) => void): void {
  const seat = s.players.indexOf(player);
  if (seat < 0 || s.status === 'inProgress' || s.computerSeats.includes(seat as 0 | 1 | 2)) return;
  add(STAT.deals, 1);
  if (s.provenance === 'resultOnly') add(STAT.resultOnly, 1);
  if (s.archive != null && s.archive.agrees !== null) add(STAT.archiveCompared, 1);
  if (s.archive?.agrees === false) add(STAT.archiveDisagreeing, 1);
  if (s.status !== 'scored') return;
  if (s.declarerName === player) {
    add(STAT.declared, 1);
    if (s.won) add(STAT.declaredWon, 1);
    add(STAT.valueSum, s.gameValue ?? 0);
    if (s.gameType) add(`${STAT.mix}${s.gameType}`, 1);
    if (s.hand) add(STAT.hand, 1);
    if (s.ouvert) add(STAT.ouvert, 1);
    if (s.gameType === 'null') add(STAT.null, 1);
    if (s.overbid) add(STAT.overbid, 1);
  } else if (s.declarerName !== null && s.won !== null) {
    add(STAT.defended, 1);
    if (s.won === false) add(STAT.defenceWon, 1);
  }
}

/** Sums of counter changes over a batch, by key; zero sums are dropped before writing. */
export class CounterDeltas {
  readonly sums = new Map<string, number>();
  add(key: string, n: number): void {
    this.sums.set(key, (this.sums.get(key) ?? 0) + n);
  }
  clear(): void {
    this.sums.clear();
  }
}

/** Adds `sign` times the deal's counters and statistics parts into the batch's sums. */
export function addDealParts(s: DealSummary, sign: 1 | -1, counts: CounterDeltas, stats: CounterDeltas): void {
  for (const key of countKeys(s)) counts.add(key, sign);
  for (const player of s.players) statPart(s, player, (key, n) => stats.add(`${player}\u0000${key}`, sign * n));
}
