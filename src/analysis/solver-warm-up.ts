import { ALL_CARDS, type Card } from '../rules/card';
import type { Seat } from '../rules/seat';
import { type PlayMode, playableCards, trickWinnerPosition } from '../rules/trick';
import type { SolverPosition } from './solver-position';

/**
 * The positions the first solver of a thread searches once before any real work (Solver.warmUp):
 * every step of the last four tricks of nine fixed deals (each game, each declarer), along the
 * line where every seat plays its first legal card. Why: V8 compiles the searches from what their
 * branches have seen, and a branch first taken in compiled code deoptimises it; on Node 20 a
 * search deoptimised soon after it was compiled for a running loop (OSR) is sometimes never
 * compiled again, which halves the speed of every search for the rest of the thread (seen in
 * about one analysis bench run in three). Searched here first, the rare branches (one trick left
 * at the root, the last trick, the tick) have run before V8 compiles the searches.
 */
export function warmUpPositions(): SolverPosition[] {
  const games = [
    { game: 'suit', trump: 'C', mode: 'clubs' },
    { game: 'grand', mode: 'grand' },
    { game: 'null', mode: 'null' },
  ] as const;
  const out: SolverPosition[] = [];
  games.forEach(({ mode, ...game }, g) => {
    for (let declarer = 0 as Seat; declarer < 3; declarer++) {
      const turn = (7 * g + 11 * declarer) % 32;
      const deck = [...ALL_CARDS.slice(turn), ...ALL_CARDS.slice(0, turn)];
      const hands: [Card[], Card[], Card[]] = [[], [], []];
      for (let i = 0; i < 30; i++) hands[i % 3].push(deck[i]);
      playLine(hands, mode, (trick, toMove, left) => {
        if (left > 12) return;
        const position = { ...game, declarer, trick, toMove, declarerPoints: 0, defenderPoints: 0, declarerTricks: 0, defenderTricks: 0 };
        out.push({ ...position, hands: [[...hands[0]], [...hands[1]], [...hands[2]]] });
      });
    }
  });
  return out;
}

/** Plays out the hands, each seat its first legal card, calling `at` before every card. */
function playLine(hands: [Card[], Card[], Card[]], mode: PlayMode, at: (trick: SolverPosition['trick'], toMove: Seat, left: number) => void): void {
  let leader = 0 as Seat;
  for (let left = 30; left > 0;) {
    const trick: Array<{ seat: Seat; card: Card }> = [];
    for (let k = 0; k < 3; k++, left--) {
      const seat = ((leader + k) % 3) as Seat;
      at([...trick], seat, left);
      const card = playableCards(hands[seat], trick[0]?.card ?? null, mode)[0];
      hands[seat].splice(hands[seat].indexOf(card), 1);
      trick.push({ seat, card });
    }
    leader =
      trick[
        trickWinnerPosition(
          trick.map((t) => t.card),
          mode,
        )
      ].seat;
  }
}
