import { LEDGER_RULES as L } from '../deal/ledger-rules';
import { allow, refuse, type Judgement } from '../kernel/refusal';
import type { TournamentState } from './tournament-state';

/** The highest round that has tables or a draw (0 before the first). */
export function lastRound(state: TournamentState): number {
  let last = 0;
  for (const t of state.tables) if (t.round > last) last = t.round;
  for (const d of state.draws) if (d.round > last) last = d.round;
  return last;
}

/** The players of each table of a round, from its draw and the tables added to it (opened by hand or drawn). */
export function tablesOfRound(state: TournamentState, round: number): string[][] {
  const byId = new Map<string, readonly string[]>();
  for (const d of state.draws) if (d.round === round) for (const t of d.tables) byId.set(t.tableId, t.players);
  for (const t of state.tables) if (t.round === round) byId.set(t.tableId, t.players);
  return [...byId.values()].map((p) => p.slice());
}

/** The table ids of a round (drawn or added by hand), in the order they came. */
export function tableIdsOfRound(state: TournamentState, round: number): string[] {
  const ids = new Set<string>();
  for (const d of state.draws) if (d.round === round) for (const t of d.tables) ids.add(t.tableId);
  for (const t of state.tables) if (t.round === round) ids.add(t.tableId);
  return [...ids];
}

/** What the round-order check needs besides the state: the previous round's open series and an override's reason. */
export interface RoundStart {
  readonly round: number;
  readonly openSeries?: readonly string[];
  readonly override?: string;
}

/**
 * L19: a new round begins only in order. Never beyond the tournament's rounds, never skipping one,
 * and only once every series of the previous round is closed, unless the organiser overrides it
 * with a reason (which the draw records). A table added to the current round (or an earlier one)
 * starts nothing and is not held back. Answers the override to record, or null.
 */
export function judgeRoundStart(
  state: TournamentState,
  tournamentId: string,
  start: RoundStart,
): Judgement<{ readonly reason: string; readonly openSeries: readonly string[] } | null> {
  const rounds = state.created?.rounds ?? null;
  if (rounds !== null && start.round > rounds)
    return refuse(L.roundOrder, `tournament ${tournamentId} plays ${rounds} round${rounds === 1 ? '' : 's'}: there is no round ${start.round}`);
  const last = lastRound(state);
  if (start.round <= last) return allow(null);
  if (start.round > last + 1) {
    const skipped = last + 1 === start.round - 1 ? `round ${last + 1}` : `rounds ${last + 1}-${start.round - 1}`;
    return refuse(L.roundOrder, `round ${start.round} would skip ${skipped}: the next round of tournament ${tournamentId} is ${last + 1}`);
  }
  const open = (start.openSeries ?? []).slice().sort();
  if (open.length === 0) return allow(null);
  const reason = typeof start.override === 'string' ? start.override.trim() : '';
  if (reason === '')
    return refuse(
      L.roundOrder,
      `round ${last} is still being played (open series: ${open.join(', ')}): close every series first, or draw with an override and its reason`,
    );
  if (reason.length > 1000) return refuse(L.reasonRequired, 'an override reason has 1-1000 characters');
  return allow({ reason, openSeries: open });
}
