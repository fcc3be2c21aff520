import type { Card } from './card';
import type { CompletedTrick, GameState, PlayedCard } from './game-state';
import type { GameResult } from './game-result';
import type { ScoringFacts } from './scoring-facts';
import { nextSeat, type Seat } from './seat';
import { trickPoints } from './trick';
import { sumPoints } from './card';

export type EndedBy = ScoringFacts['endedBy'];

/**
 * D3/R21: the cards not yet played, dealt out as unplayed tricks that all go to `taker`. A partial
 * current trick is completed first, then one card from each remaining hand per trick.
 */
export function concedeRemainingTricks(state: GameState, taker: Seat): CompletedTrick[] {
  const hands: Card[][] = [state.hands[0].slice(), state.hands[1].slice(), state.hands[2].slice()];
  const out: CompletedTrick[] = [];
  const trick = state.currentTrick;
  if (trick) {
    const cards: PlayedCard[] = trick.cards.slice();
    let seat = ((trick.leader + cards.length) % 3) as Seat;
    while (cards.length < 3 && hands[seat].length > 0) {
      cards.push({ seat, card: hands[seat].shift() as Card });
      seat = nextSeat(seat);
    }
    out.push({ leader: trick.leader, cards, winner: taker, points: trickPoints(cards.map((c) => c.card)), unplayed: true });
  }
  while (hands[0].length > 0 || hands[1].length > 0 || hands[2].length > 0) {
    const cards: PlayedCard[] = [];
    for (let k = 0; k < 3; k++) {
      const seat = ((taker + k) % 3) as Seat;
      const card = hands[seat].shift();
      if (card) cards.push({ seat, card });
    }
    out.push({ leader: taker, cards, winner: taker, points: trickPoints(cards.map((c) => c.card)), unplayed: true });
  }
  return out;
}

/** R22/R10: the declarer's card points: his tricks plus the skat (discards or untouched skat). */
export function declarerCardPoints(state: GameState, declarer: Seat): number {
  let points = sumPoints(state.skat);
  for (const t of state.tricks) if (t.winner === declarer) points += t.points;
  return points;
}

/** What scoreGame needs from a finished declarer game. */
export function scoringFactsOf(state: GameState, endedBy: EndedBy): ScoringFacts {
  const declarer = state.declarer as Seat;
  let declarerTricks = 0;
  for (const t of state.tricks) if (t.winner === declarer) declarerTricks++;
  return {
    declarer,
    declaration: state.declaration!,
    bid: state.highestBid,
    declarerCardsWithSkat: state.dealt.hands[declarer].concat(state.dealt.skat),
    declarerPoints: declarerCardPoints(state, declarer),
    declarerTricks,
    defenderTricks: state.tricks.length - declarerTricks,
    kontra: state.kontra,
    re: state.re,
    endedBy,
  };
}

/** The fields of a result without a declarer game (passed in, abandoned, Ramsch). */
export const EMPTY_RESULT = {
  declarer: null,
  declaration: null,
  bid: null,
  won: null,
  gameValue: null,
  score: null,
  matadors: null,
  overbid: false,
  declarerPoints: null,
  declarerTricks: null,
  schneider: false,
  schwarz: false,
  seatScores: [0, 0, 0] as const,
} as const;

/** R8: all passed, zero for everyone, counted as a dealt game. */
export const PASSED_IN_RESULT: GameResult = {
  ...EMPTY_RESULT,
  kind: 'passedIn',
  passedIn: true,
  notScoreableReason: null,
  derivation: [{ ruleId: 'R8', text: 'all three passed (eingepasst): 0 for everyone, counted as a dealt game' }],
};

/** D3: an abandoned deal is stored and replayable but not scored by the rules. */
export function notScoreableResult(state: GameState, reason: string): GameResult {
  return {
    ...EMPTY_RESULT,
    kind: 'notScoreable',
    passedIn: false,
    declarer: state.declarer,
    declaration: state.declaration,
    bid: state.declarer === null ? null : state.highestBid,
    notScoreableReason: reason,
    derivation: [{ ruleId: 'D3', text: `not scoreable by the rules: ${reason}` }],
  };
}
