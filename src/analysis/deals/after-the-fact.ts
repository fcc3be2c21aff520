import { bestDiscard, bestGame, defaultSolver, positionAfterDiscard, type DiscardProblem, type DiscardValue, type GameOption, type Solver } from '..';
import { type DealState } from '../../deal/deal-state';
import type { RecordedEvent } from '../../event-store/event-store';
import type { Card } from '../../rules/card';
import { SUIT_OF_GAME, type GameType } from '../../rules/declaration';
import type { Seat } from '../../rules/seat';
import { foldDealStream } from '../../deal/deal-stream';

/** The declarer's twelve cards (his ten and the skat) against the defenders' hands, as dealt. */
interface TwelveCards {
  readonly declarer: Seat;
  readonly gameType: GameType;
  readonly bid: number;
  /** What he actually put away (the skat itself in a hand game). */
  readonly actualDiscard: readonly [Card, Card];
  readonly pickedUp: boolean;
  readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]];
  readonly profile: NonNullable<DealState['profile']>;
}

function twelveCards(events: readonly RecordedEvent[]): TwelveCards | null {
  const state = foldDealStream(events);
  const g = state.game;
  if (!g || g.declarer === null || !g.declaration) return null;
  const d = g.declarer;
  const hands = [g.dealt.hands[0].slice(), g.dealt.hands[1].slice(), g.dealt.hands[2].slice()];
  hands[d] = [...g.dealt.hands[d], ...g.dealt.skat];
  const actual = (g.discarded ?? g.dealt.skat) as readonly Card[];
  return {
    declarer: d,
    gameType: g.declaration.gameType,
    bid: g.highestBid,
    actualDiscard: [actual[0], actual[1]],
    pickedUp: g.skatPickedUp,
    hands: [hands[0], hands[1], hands[2]],
    profile: g.profile,
  };
}

export interface BestDiscardAnalysis {
  readonly declarer: Seat;
  readonly gameType: GameType;
  /** The declarer picked up the skat (in a hand game the answer is what a pick-up would have allowed). */
  readonly pickedUp: boolean;
  readonly best: DiscardValue;
  /** What he did put away, with its exact value (null: won/lost). */
  readonly actual: DiscardValue;
  /** All 66 discards: the exact value of each that is best so far, an upper bound for the others. */
  readonly discards: readonly DiscardValue[];
}

export interface BestGameAnalysis {
  readonly declarer: Seat;
  readonly bid: number;
  readonly declared: GameType;
  /** Each of the six game types (picked up, nothing announced): won with some discard against the bid, its value. */
  readonly options: readonly GameOption[];
  readonly best: GameOption | null;
}

/** R10, R22: the best discard for the game he declared, with every card open; null without a declarer game. */
export function bestDiscardOf(events: readonly RecordedEvent[], solver?: Solver): BestDiscardAnalysis | null {
  const t = twelveCards(events);
  if (!t) return null;
  const trump = SUIT_OF_GAME[t.gameType];
  const problem: DiscardProblem = {
    game: t.gameType === 'null' ? 'null' : t.gameType === 'grand' ? 'grand' : 'suit',
    ...(trump ? { trump } : {}),
    declarer: t.declarer,
    hands: t.hands,
  };
  const s = solver ?? defaultSolver();
  const found = bestDiscard(problem, {}, s);
  const pos = positionAfterDiscard(problem, t.actualDiscard);
  s.load(pos);
  const actual: DiscardValue =
    problem.game === 'null' ? { discard: t.actualDiscard, won: s.nullWon() } : { discard: t.actualDiscard, value: pos.declarerPoints + s.exactFuture() };
  return { declarer: t.declarer, gameType: t.gameType, pickedUp: t.pickedUp, best: found.best, actual, discards: found.discards };
}

/** R11, R22-R33: which game the declarer's twelve cards would have won, each with a discard, against his bid. */
export function bestGameOf(events: readonly RecordedEvent[], solver?: Solver): BestGameAnalysis | null {
  const t = twelveCards(events);
  if (!t) return null;
  const r = bestGame({ declarer: t.declarer, hands: t.hands, bid: t.bid, profile: t.profile }, solver);
  return { declarer: t.declarer, bid: t.bid, declared: t.gameType, options: r.options, best: r.best };
}
