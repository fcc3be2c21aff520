import { isCard, sumPoints, SUITS } from '../rules/card';
import { isSeat } from '../rules/seat';
import type { SolverPosition } from './solver-position';

/**
 * Refuses a position that cannot arise in a game (a hostile or buggy caller): unknown or repeated
 * cards, hands of the wrong sizes for the trick on the table, the wrong seat to move, points that
 * do not add up. Throws a RangeError saying what is wrong.
 */
export function checkPosition(pos: SolverPosition): void {
  const bad = (why: string): never => {
    throw new RangeError(`not a solver position: ${why}`);
  };
  if (!pos || typeof pos !== 'object') bad('expected an object');
  if (pos.game !== 'suit' && pos.game !== 'grand' && pos.game !== 'null') bad(`game must be suit, grand or null, got ${String(pos.game)}`);
  if (pos.game === 'suit' && !(SUITS as readonly string[]).includes(pos.trump as string)) bad('a suit game needs a trump suit C, S, H or D');
  if (!isSeat(pos.declarer)) bad('declarer must be seat 0, 1 or 2');
  if (!isSeat(pos.toMove)) bad('toMove must be seat 0, 1 or 2');
  if (!Array.isArray(pos.hands) || pos.hands.length !== 3 || !pos.hands.every(Array.isArray)) bad('hands must be three card lists');
  if (!Array.isArray(pos.trick) || pos.trick.length > 2) bad('the current trick holds 0 to 2 cards');
  const seen = new Set<string>();
  const see = (card: unknown) => {
    if (typeof card !== 'string' || !isCard(card)) bad(`"${String(card).slice(0, 8)}" is not a card`);
    if (seen.has(card as string)) bad(`${String(card)} appears twice`);
    seen.add(card as string);
  };
  for (const hand of pos.hands) for (const c of hand) see(c);
  for (const t of pos.trick) {
    if (!t || !isSeat(t.seat)) bad('a trick card needs a seat 0, 1 or 2');
    see(t.card);
  }
  const len = pos.trick.length;
  if (len > 0) {
    for (let i = 1; i < len; i++) if (pos.trick[i].seat !== (pos.trick[0].seat + i) % 3) bad('the trick cards must be in play order');
    if (pos.toMove !== (pos.trick[0].seat + len) % 3) bad(`seat ${(pos.trick[0].seat + len) % 3} is to play to the trick, not ${pos.toMove}`);
  }
  // Seats that have played to this trick hold one card fewer than the others.
  const leader = len > 0 ? pos.trick[0].seat : pos.toMove;
  const k = pos.hands[leader].length;
  if (k > 10) bad('a hand holds at most 10 cards');
  for (let i = 0; i < 3; i++) {
    const seat = (leader + i) % 3;
    const want = i < len ? k : k + (len > 0 ? 1 : 0);
    if (pos.hands[seat].length !== want) bad(`seat ${seat} holds ${pos.hands[seat].length} cards, expected ${want} with ${len} card(s) on the table`);
  }
  const ints = [pos.declarerPoints, pos.defenderPoints, pos.declarerTricks, pos.defenderTricks];
  if (!ints.every((n) => Number.isInteger(n) && n >= 0)) bad('points and tricks must be whole numbers ≥ 0');
  const left = sumPoints(pos.hands.flat()) + sumPoints(pos.trick.map((t) => t.card));
  if (pos.declarerPoints + pos.defenderPoints + left > 120) bad('more than 120 card points in play');
  const tricksLeft = k + (len > 0 ? 1 : 0);
  if (pos.declarerTricks + pos.defenderTricks + tricksLeft > 10) bad('more than 10 tricks');
}
