import type { Card } from './card';
import type { Declaration } from './declaration';
import type { Seat } from './seat';

/**
 * What scoring needs to know about a played declarer game (R22-R33). The play engine builds it
 * from a finished GameState; tests and peer vectors can build it directly.
 */
export interface ScoringFacts {
  readonly declarer: Seat;
  readonly declaration: Declaration;
  /** R6: the last value the declarer said or held (18 when forehand took his option). */
  readonly bid: number;
  /** R27: the declarer's 10 dealt cards plus the 2 dealt skat cards; null when unknown. */
  readonly declarerCardsWithSkat: readonly Card[] | null;
  /** Signed matadors, used only when `declarerCardsWithSkat` is null (peer vectors, audits). */
  readonly matadors?: number;
  /** R22: the declarer's card points including the skat / discards. */
  readonly declarerPoints: number;
  readonly declarerTricks: number;
  readonly defenderTricks: number;
  /** R40 house option. */
  readonly kontra: boolean;
  readonly re: boolean;
  /** How play ended, for the derivation (D3). */
  readonly endedBy: 'allTricks' | 'nullTrickTaken' | 'defendersTookTrick' | 'defendersOver30' | 'declarerResigned' | 'defendersResigned' | 'claim' | 'revoke';
  /** R20: who failed to follow (ended by revoke), and the card points the defenders held then. */
  readonly revoke?: { readonly by: 'declarer' | 'defenders'; readonly defenderPoints: number };
}
