import type { Suit } from './card';

// R11: the six game types.
export const GAME_TYPES = ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null'] as const;
export type GameType = (typeof GAME_TYPES)[number];

export const SUIT_OF_GAME: Partial<Record<GameType, Suit>> = { clubs: 'C', spades: 'S', hearts: 'H', diamonds: 'D' };

/** What the declarer announces before the first lead (R11-R14). */
export interface Declaration {
  readonly gameType: GameType;
  /** Played without picking up the skat (R9). */
  readonly hand: boolean;
  readonly schneiderAnnounced: boolean;
  readonly schwarzAnnounced: boolean;
  readonly ouvert: boolean;
}
