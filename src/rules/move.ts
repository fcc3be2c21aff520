import type { Card } from './card';
import type { Declaration } from './declaration';
import type { Seat } from './seat';

/**
 * Every action a seat (or the server) can take in a deal. The deal decider turns commands into
 * these, and the ISS reader turns record tokens into these.
 */
export type Move =
  | { readonly kind: 'bid'; readonly seat: Seat; readonly value: number } // R5/R6: say a value
  | { readonly kind: 'hold'; readonly seat: Seat } // R6: "yes"
  | { readonly kind: 'pass'; readonly seat: Seat }
  | { readonly kind: 'pickUpSkat'; readonly seat: Seat } // R9
  | { readonly kind: 'discard'; readonly seat: Seat; readonly cards: readonly [Card, Card] } // R10
  | { readonly kind: 'declare'; readonly seat: Seat; readonly declaration: Declaration } // R11-R14
  | {
      readonly kind: 'showCards';
      readonly seat: Seat;
      /** R21 (isko): the claim was found unsound when made (with all cards open): the remaining tricks go to the defenders. */
      readonly unsound?: boolean;
    } // R14 ouvert display is implied; this is a claim (R21, D3, ISS `SC`)
  | { readonly kind: 'play'; readonly seat: Seat; readonly card: Card } // R15-R19
  | { readonly kind: 'resign'; readonly seat: Seat } // R21, D3 (ISS `RE`)
  | { readonly kind: 'kontra'; readonly seat: Seat } // R40, house option
  | { readonly kind: 're'; readonly seat: Seat } // R40, house option
  | {
      readonly kind: 'abandon';
      readonly reason: AbandonReason;
      /** The seat responsible (timed out, left), when there is one. */
      readonly seat?: Seat;
    };

export type AbandonReason = 'misdeal' | 'timeout' | 'left';
