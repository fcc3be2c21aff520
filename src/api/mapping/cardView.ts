import { cardPoints, rankOf, suitOf, type Card } from '../../rules/card';
import type { CardType } from '../types/card.type';

export function cardView(code: Card): CardType {
  return { code, suit: suitOf(code), rank: rankOf(code), points: cardPoints(code) };
}

export const cardViews = (codes: readonly Card[]): CardType[] => codes.map(cardView);
