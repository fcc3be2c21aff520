import { declarerCanTakeAll, positionFromMoves, solveNull, type Solver, type SolverPosition } from '../analysis';
import type { Card } from '../rules/card';
import type { GameState } from '../rules/game-state';
import type { Move } from '../rules/move';
import { SEAT_NAMES, type Seat } from '../rules/seat';
import { trickWinnerPosition } from '../rules/trick';

/** One card of the line that proves a claim unsound. */
export interface LineCard {
  readonly seat: Seat;
  readonly card: Card;
}

/** Whether a claim (or a concession) holds against any defence, decided with all cards open (R21). */
export interface ClaimCheck {
  /** The declarer can take every remaining trick (null: avoid every trick) whatever the defenders play. */
  readonly sound: boolean;
  /** When unsound: a line of play in which the defenders take a trick (null: the declarer must take one). */
  readonly line: readonly LineCard[];
  /** The trick (1-10) the line ends with, when unsound. */
  readonly trick: number | null;
  /** "claim sound: ..." / "claim unsound: the defenders take trick 8 with SA". */
  readonly text: string;
}

const MAX_LINE = 30;

/** Can the declarer's side make every remaining trick go its way (R21: what a claim asserts)? */
function holds(pos: SolverPosition, solver?: Solver): boolean {
  if (pos.hands.every((h) => h.length === 0) && pos.trick.length === 0) return true;
  if (pos.game === 'null') return pos.declarerTricks === 0 && solveNull(pos, solver).won;
  return declarerCanTakeAll(pos, solver);
}

/**
 * Judges the declarer's claim of every remaining trick (or, in a null game, of none) in this
 * position of the card play, with all cards open: sound when he makes it against any defence;
 * otherwise a line proving it is not: the defenders pick cards that keep the claim broken, the
 * declarer plays his first legal card, until the trick that breaks it is complete. Pure.
 * `what` names the act in the text ("claim", "concession").
 */
export function checkClaim(game: GameState, what = 'claim', solver?: Solver): ClaimCheck | null {
  const kept = game.moves.filter((m) => m.kind !== 'showCards' && m.kind !== 'resign');
  const start = positionFromMoves(game.dealt, kept, game.profile);
  if (!start.ok || start.over !== null || game.playMode === null) return null;
  const declarer = start.position.declarer;
  const nullGame = start.position.game === 'null';
  if (holds(start.position, solver)) {
    return {
      sound: true,
      line: [],
      trick: null,
      text: nullGame
        ? `${what} sound: the declarer takes no further trick whatever the defenders play`
        : `${what} sound: the declarer takes every remaining trick whatever the defenders play`,
    };
  }
  const moves: Move[] = kept.slice();
  const line: LineCard[] = [];
  let pos = start.position;
  let trickCards: LineCard[] = pos.trick.map((t) => ({ seat: t.seat, card: t.card }));
  while (line.length < MAX_LINE) {
    const seat = pos.toMove;
    const options = pos.hands[seat];
    let chosen: { card: Card; next: SolverPosition } | null = null;
    for (const card of options) {
      const r = positionFromMoves(game.dealt, [...moves, { kind: 'play', seat, card }], game.profile);
      if (!r.ok) continue;
      const broken = nullGame ? r.position.declarerTricks > 0 : r.position.defenderTricks > pos.defenderTricks;
      // The declarer: his first legal card (any does: the claim is broken whatever he plays). A defender: a card that keeps it broken.
      if (seat === declarer || broken || !holds(r.position, solver)) {
        chosen = { card, next: r.position };
        break;
      }
    }
    if (!chosen) return null;
    moves.push({ kind: 'play', seat, card: chosen.card });
    line.push({ seat, card: chosen.card });
    trickCards = [...trickCards, { seat, card: chosen.card }];
    const next = chosen.next;
    const completed = next.declarerTricks + next.defenderTricks > pos.declarerTricks + pos.defenderTricks;
    const broke = nullGame ? next.declarerTricks > pos.declarerTricks : next.defenderTricks > pos.defenderTricks;
    if (completed) {
      if (broke) {
        const trick = next.declarerTricks + next.defenderTricks;
        const winner =
          trickCards[
            trickWinnerPosition(
              trickCards.map((c) => c.card),
              game.playMode,
            )
          ];
        const text = nullGame
          ? `${what} unsound: the declarer must take trick ${trick} (with ${winner.card})`
          : `${what} unsound: the defenders take trick ${trick} with ${winner.card} (${SEAT_NAMES[winner.seat]})`;
        return { sound: false, line, trick, text };
      }
      trickCards = [];
    }
    pos = next;
  }
  return null;
}
