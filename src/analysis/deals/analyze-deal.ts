import {
  positionFromMoves,
  requirementOf,
  Solver,
  solveNull,
  solveValue,
  declarerCanTakeAll,
  type GameContract,
  type Requirement,
  type SolverPosition,
} from '..';
import { initialDealState, type DealState } from '../../deal/deal-state';
import { isDealEventType } from '../../deal/events';
import type { CardPlayedData } from '../../deal/moves/play';
import type { RecordedEvent } from '../../event-store/event-store';
import type { Card } from '../../rules/card';
import type { GameState } from '../../rules/game-state';
import type { Move } from '../../rules/move';
import { SEAT_NAMES } from '../../rules/seat';
import { nullReachesBid } from '../../rules/game-value';
import type { AnalyzedStep, DealAnalysis, MoveOutcome, Outcome, TurningPoint, Verdict } from './deal-analysis';
import { dealStateAfter } from '../../deal/deal-stream';

/** A position of the record worth analysing: its replay step, the moves so far, the card played next. */
export interface PlayPosition {
  readonly step: number;
  readonly game: GameState;
  readonly moves: readonly Move[];
  /** Cards played so far: steps that play no card (an ouvert display, a claim on ISS, Kontra) repeat a position. */
  readonly cards: number;
  played: Card | null;
}

/** Replay steps of the card play (as replayFrames counts them) with the card the record plays next. */
export function playPositions(events: readonly RecordedEvent[]): PlayPosition[] {
  const out: PlayPosition[] = [];
  let state: DealState = initialDealState;
  let step = -1;
  let cards = 0;
  for (const e of events) {
    if (!isDealEventType(e.type)) continue;
    state = dealStateAfter(state, e);
    if (!state.game) continue;
    step++;
    if (e.type === 'CardPlayed') {
      cards++;
      const card = (e.data as CardPlayedData).card;
      for (let i = out.length - 1; i >= 0 && out[i].played === null && out[i].cards === cards - 1; i--) out[i].played = card;
    }
    const g = state.game;
    if (g.declaration && g.declarer !== null && g.phase === 'playing' && g.hands.some((h) => h.length > 0))
      out.push({ step, game: g, moves: g.moves, cards, played: null });
  }
  return out;
}

/** Yields to the event loop (a long analysis never holds the server for more than one position). */
export type Yield = () => Promise<void>;

export interface AnalyzeOptions {
  readonly solver?: Solver;
  /** Called between positions; may throw to stop (a budget). */
  readonly between?: Yield;
  /** Only positions from this trick on (1-10; default 1, the whole card play). */
  readonly fromTrick?: number;
}

function verdictOf(value: number, requirement: Requirement, takeAll: () => boolean): Verdict {
  if (requirement === null) return 'lost';
  if (requirement.kind === 'points') return value >= requirement.points ? 'won' : 'lost';
  return takeAll() ? 'won' : 'lost';
}

const trickOf = (pos: SolverPosition): number => pos.declarerTricks + pos.defenderTricks + 1;

function describeTurn(seatName: string, t: Omit<TurningPoint, 'text'>): string {
  const v = (o: Outcome) => (o.value === null ? o.verdict : `${o.verdict} at ${o.value}`);
  const better = t.better ? `; ${t.better.card} would have kept it ${v(t.better)}` : '';
  return `trick ${t.trick}: ${seatName}'s ${t.card} turned ${v(t.before)} into ${v(t.after)}${better}`;
}

/**
 * Every position of a recorded deal's card play judged with all cards open: the outcome before
 * the move, after the card played, and after each legal alternative; the turning points where the
 * card played flipped won/lost. Pure (the solver is a pure computation); uses every hand, so only
 * callers who may see all cards may be shown it.
 */
export async function analyzeDeal(dealId: string, events: readonly RecordedEvent[], options: AnalyzeOptions = {}): Promise<DealAnalysis> {
  return analyzePlay(dealId, playPositions(events), options);
}

/** The same for positions of a card play however they were found (a stored deal's events, an ISS record's moves). */
export async function analyzePlay(dealId: string, positions: readonly PlayPosition[], options: AnalyzeOptions = {}): Promise<DealAnalysis> {
  const solver = options.solver ?? new Solver();
  const start = solver.nodes;
  const empty = (note: string): DealAnalysis => ({ dealId, game: null, declarer: null, note, steps: [], turningPoints: [], nodes: 0 });
  if (positions.length === 0) return empty('no card play to analyse (not declared yet, passed in, Ramsch, or decided before the first card)');
  const steps: (AnalyzedStep & { cards: number })[] = [];
  let contract: GameContract | null = null;
  let kind: DealAnalysis['game'] = null;
  for (const p of positions) {
    const prev = steps[steps.length - 1];
    if (prev && prev.cards === p.cards) {
      // The same cards as the step before (nothing was played): the same verdicts.
      steps.push({ ...prev, step: p.step });
      continue;
    }
    if (options.between) await options.between();
    const r = positionFromMoves(p.game.dealt, p.moves, p.game.profile);
    if (!r.ok) continue;
    contract = r.contract;
    kind = r.position.game;
    if (r.over !== null || trickOf(r.position) < (options.fromTrick ?? 1)) continue;
    const pos = r.position;
    let outcome: Outcome;
    let alternatives: MoveOutcome[];
    if (pos.game === 'null') {
      const s = solveNull(pos, solver);
      // The bid can make a null lost whatever the play (R32/R33, D2): then every move is lost too.
      const reaches = nullReachesBid(r.contract.declaration, r.contract.bid);
      outcome = { value: null, verdict: reaches && s.won ? 'won' : 'lost' };
      alternatives = s.moves.map((m) => ({ card: m.card, value: null, verdict: reaches && m.won ? 'won' : 'lost' }));
    } else {
      const requirement = requirementOf(r.contract);
      // The position's value is the one the step before found after the card played: the first guess.
      const s = solveValue(pos, solver, prev?.after?.value ?? undefined);
      const after = (card: Card): SolverPosition | null => {
        const next = positionFromMoves(p.game.dealt, [...p.moves, { kind: 'play', seat: pos.toMove, card }], p.game.profile);
        return next.ok ? next.position : null;
      };
      const takeAllAfter = (card: Card) => () => {
        const n = after(card);
        return n !== null && n.defenderTricks === 0 && (n.hands.every((h) => h.length === 0) || declarerCanTakeAll(n, solver));
      };
      outcome = { value: s.value, verdict: verdictOf(s.value, requirement, () => pos.defenderTricks === 0 && declarerCanTakeAll(pos, solver)) };
      alternatives = s.moves.map((m) => ({ card: m.card, value: m.value, verdict: verdictOf(m.value, requirement, takeAllAfter(m.card)) }));
    }
    const playedOutcome = p.played ? (alternatives.find((a) => a.card === p.played) ?? null) : null;
    steps.push({
      cards: p.cards,
      step: p.step,
      trick: trickOf(pos),
      toMove: pos.toMove,
      outcome,
      played: p.played,
      after: playedOutcome ? { value: playedOutcome.value, verdict: playedOutcome.verdict } : null,
      alternatives,
    });
  }
  const turningPoints: TurningPoint[] = [];
  for (const [i, s] of steps.entries()) {
    if (!s.after || !s.played || s.after.verdict === s.outcome.verdict) continue;
    // A position repeated over steps that play no card is one turning point, at its last step.
    if (steps[i + 1]?.cards === s.cards) continue;
    const keep = s.alternatives.filter((a) => a.verdict === s.outcome.verdict);
    const declarerMoves = contract !== null && s.toMove === contract.declarer;
    const better = keep.length === 0 ? null : keep.reduce((a, b) => ((a.value ?? 0) >= (b.value ?? 0) === declarerMoves ? a : b));
    const t = { step: s.step, trick: s.trick, seat: s.toMove, card: s.played, before: s.outcome, after: s.after, better };
    turningPoints.push({ ...t, text: describeTurn(SEAT_NAMES[s.toMove], t) });
  }
  const plain: AnalyzedStep[] = steps.map(({ cards: _cards, ...s }) => s);
  return {
    dealId,
    game: kind,
    declarer: contract?.declarer ?? null,
    note: steps.length ? null : 'no position with a card to play',
    steps: plain,
    turningPoints,
    nodes: solver.nodes - start,
  };
}
