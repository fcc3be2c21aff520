import { type Card, isCard } from './card';
import { inputText } from './input-text';
import { GAME_TYPES, type Declaration, type GameType } from './declaration';
import { allow, refuse, type Judgement } from '../kernel/refusal';
import { trumpOrder } from './trick';

/**
 * R9-R14: is a declaration legal given whether the skat was picked up? Returns the declaration
 * with the implied announcements filled in (R12: schwarz announced includes schneider announced;
 * suit/grand ouvert includes both), so the rest of the engine reads one complete form.
 */
export function judgeDeclaration(declaration: Declaration, skatPickedUp: boolean): Judgement<Declaration> {
  if (!declaration || typeof declaration !== 'object') return refuse('R11', 'a declaration names a game type and its options');
  const { gameType } = declaration;
  if (!(GAME_TYPES as readonly string[]).includes(gameType)) {
    return refuse('R11', `"${inputText(gameType)}" is not a game type (clubs, spades, hearts, diamonds, grand, null)`);
  }
  for (const flag of ['hand', 'schneiderAnnounced', 'schwarzAnnounced', 'ouvert'] as const) {
    if (typeof declaration[flag] !== 'boolean') return refuse('R11', `the declaration's "${flag}" must be true or false`);
  }
  const { hand, ouvert } = declaration;
  let { schneiderAnnounced, schwarzAnnounced } = declaration;
  if (skatPickedUp && hand) return refuse('R9', 'the declarer has looked at the skat; a hand game is no longer possible');
  if (!skatPickedUp && !hand) return refuse('R9', 'without picking up the skat the game is a hand game (declare hand, or pick up the skat first)');
  if (gameType === 'null') {
    if (schneiderAnnounced || schwarzAnnounced) return refuse('R12', 'a null game has no schneider or schwarz to announce');
    return allow({ gameType, hand, ouvert, schneiderAnnounced: false, schwarzAnnounced: false });
  }
  if (ouvert && !hand) return refuse('R11', `${gameType} ouvert is a hand game only (only null ouvert may follow a pick-up)`);
  if ((schneiderAnnounced || schwarzAnnounced) && !hand) {
    return refuse('R12', `${schwarzAnnounced ? 'schwarz' : 'schneider'} can only be announced in a hand game`);
  }
  // R12: cumulative announcements schneider -> schwarz -> ouvert.
  if (ouvert) schwarzAnnounced = true;
  if (schwarzAnnounced) schneiderAnnounced = true;
  return allow({ gameType, hand, ouvert, schneiderAnnounced, schwarzAnnounced });
}

/** R10: exactly two distinct cards that the declarer holds (he holds 12 after picking up). */
export function judgeDiscard(held: readonly Card[], cards: readonly unknown[]): Judgement<[Card, Card]> {
  if (!Array.isArray(cards) || cards.length !== 2) {
    return refuse('R10', `the declarer discards exactly two cards, not ${Array.isArray(cards) ? cards.length : 'none'}`);
  }
  const [a, b] = cards;
  for (const c of [a, b]) {
    if (typeof c !== 'string' || !isCard(c)) return refuse('R10', `"${inputText(c)}" is not a card`);
    if (!held.includes(c)) return refuse('R10', `the declarer does not hold ${c}`);
  }
  if (a === b) return refuse('R10', `${inputText(a)} cannot be discarded twice`);
  return allow([a as Card, b as Card]);
}

const BASE: Record<Exclude<GameType, 'null'>, number> = { diamonds: 9, hearts: 10, spades: 11, clubs: 12, grand: 24 };
const NULL_VALUE = (d: Declaration): number => (d.ouvert ? (d.hand ? 59 : 46) : d.hand ? 35 : 23);

/**
 * R13: the bidding value a declaration stands for over the declarer's 12 cards (hand + skat):
 * matadors (R27) + game + hand + announced levels (R28), or the fixed null values (R29). Used only
 * to compare two declarations; the scoring of a played game is scoring.ts's business.
 */
export function declaredValue(d: Declaration, cardsWithSkat: readonly Card[]): number {
  if (d.gameType === 'null') return NULL_VALUE(d);
  const held = new Set(cardsWithSkat);
  const order = trumpOrder(d.gameType);
  const withTop = held.has(order[0]);
  let matadors = 0;
  while (matadors < order.length && held.has(order[matadors]) === withTop) matadors++;
  const levels = 1 + (d.hand ? 1 : 0) + (d.schneiderAnnounced ? 2 : 0) + (d.schwarzAnnounced ? 2 : 0) + (d.ouvert ? 1 : 0);
  return BASE[d.gameType] * (matadors + levels);
}

/** R13: before the first lead the declarer may switch only to a game of higher bidding value. */
export function judgeRedeclaration(previous: Declaration, next: Declaration, cardsWithSkat: readonly Card[]): Judgement<Declaration> {
  const before = declaredValue(previous, cardsWithSkat);
  const after = declaredValue(next, cardsWithSkat);
  if (after <= before) {
    return refuse(
      'R13',
      `the declaration is irrevocable except for a game of higher value (${describe(next)} is worth ${after}, ${describe(previous)} ${before})`,
    );
  }
  return allow(next);
}

export function describe(d: Declaration): string {
  const parts: string[] = [d.gameType];
  if (d.hand && !(d.ouvert && d.gameType !== 'null')) parts.push('hand');
  if (d.ouvert) parts.push('ouvert');
  else if (d.schwarzAnnounced) parts.push('schwarz announced');
  else if (d.schneiderAnnounced) parts.push('schneider announced');
  return parts.join(' ');
}
