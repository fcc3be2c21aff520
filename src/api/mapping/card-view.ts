import { ALL_CARDS, cardPoints, rankOf, suitOf, type Card } from '../../rules/card';
import type { CardType } from '../types/card.type';

/**
 * One frozen view per card code, built once: a replay of one deal shows ~1,000 cards, and building
 * a fresh object (suit, rank, points looked up) for each was most of the cost of mapping its frames.
 */
const VIEWS: ReadonlyMap<Card, CardType> = new Map(
  ALL_CARDS.map((code) => [code, Object.freeze({ code, suit: suitOf(code), rank: rankOf(code), points: cardPoints(code) })]),
);

export function cardView(code: Card): CardType {
  const view = VIEWS.get(code);
  if (!view) throw new Error(`not a card code: ${String(code)}`);
  return view;
}

export const cardViews = (codes: readonly Card[]): CardType[] => codes.map(cardView);
