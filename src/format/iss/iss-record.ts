import type { Card } from '../../rules/card';
import type { GameType } from '../../rules/declaration';
import type { Seat } from '../../rules/seat';

/**
 * One ISS game record (shared/iss-format.md), parsed so that nothing written is lost: the
 * writer turns it back into the same bytes.
 */
export interface IssRecord {
  /** Every property except MV and R, in the order written, unknown keys included. */
  readonly header: readonly IssHeaderField[];
  /** The keys of all properties in the order written (MV and R included), for the writer. */
  readonly propertyOrder: readonly string[];
  /** MV: the move list; empty when the record has no MV property. */
  readonly moves: readonly IssToken[];
  /** R: null when the record has no R property. */
  readonly result: IssResult | null;
  readonly layout: IssLayout;
}

export interface IssHeaderField {
  readonly key: string;
  readonly value: string;
}

/** Spacing that carries no meaning but must survive a round trip. */
export interface IssLayout {
  /** MV written as `MV[w ... HT ]`: a space after the last token. */
  readonly movesTrailingSpace: boolean;
  /** Whitespace between the last property and `;)`, normally one space. */
  readonly beforeClose: string;
}

/** A card as written in a record; null stands for `??` (hidden or unknown). */
export type IssCard = Card | null;

/** The typed tokens of MV, one per `<actor> <action>` pair. */
export type IssToken =
  /** `w C1.C2....C32`: hands of seats 0, 1, 2 (10 cards each), then the skat. */
  | { readonly kind: 'deal'; readonly cards: readonly Card[] }
  /** Live protocol form `hand0|hand1|hand2|skat` with `??` for hidden cards. */
  | { readonly kind: 'liveDeal'; readonly hands: readonly [readonly IssCard[], readonly IssCard[], readonly IssCard[]]; readonly skat: readonly IssCard[] }
  | { readonly kind: 'bid'; readonly seat: Seat; readonly value: number }
  | { readonly kind: 'hold'; readonly seat: Seat }
  | { readonly kind: 'pass'; readonly seat: Seat }
  /** `s`: the declarer picks up the skat. */
  | { readonly kind: 'pickUp'; readonly seat: Seat }
  /** `w X.Y`: the server shows the skat to the declarer (`??.??` when hidden). */
  | { readonly kind: 'skatShown'; readonly cards: readonly [IssCard, IssCard] }
  | IssDeclarationToken
  /** Second half of the split declaration form (`0 G` then `0 SK.S7`): the two discards. */
  | { readonly kind: 'discard'; readonly seat: Seat; readonly cards: readonly [Card, Card] }
  /** A card played; null = `??` (unknown card, seen before a player left). */
  | { readonly kind: 'play'; readonly seat: Seat; readonly card: IssCard }
  /** `SC` or `SC.<cards>`: the declarer lays down his cards (a claim, D3). */
  | { readonly kind: 'showCards'; readonly seat: Seat; readonly cards: readonly Card[] | null }
  /** `RE`: the actor resigns (D3). */
  | { readonly kind: 'resign'; readonly seat: Seat }
  /** `w TI.n`: seat n ran out of time. */
  | { readonly kind: 'timeout'; readonly seat: Seat }
  /** `w LE.n`: seat n left the table. */
  | { readonly kind: 'left'; readonly seat: Seat };

/**
 * `2 D.ST.H8`, `2 CH`, `1 NOH`, `0 GO.<10 cards>`, `1 NO.d1.d2.<10 cards>`, `1 NO.HA.HQ`, `0 G`.
 * Modifier letters are kept in the order written.
 */
export interface IssDeclarationToken {
  readonly kind: 'declare';
  readonly seat: Seat;
  readonly gameType: GameType;
  /** Letters after the type letter, as written: subset of O, H, S, Z. */
  readonly modifiers: string;
  /** The two cards put away, when written in this token (pick-up games). */
  readonly discards: readonly [Card, Card] | null;
  /** Ouvert: the declarer's cards, when written. */
  readonly shown: readonly Card[] | null;
}

export const GAME_TYPE_LETTERS: Readonly<Record<GameType, string>> = {
  grand: 'G',
  clubs: 'C',
  spades: 'S',
  hearts: 'H',
  diamonds: 'D',
  null: 'N',
};

export type IssOutcome = 'win' | 'loss' | 'penalty';

/** R[...]: either `passed` or the result fields (iss-format.md section 4). */
export type IssResult = { readonly kind: 'passed' } | IssResultFields;

export interface IssResultFields {
  readonly kind: 'game';
  /** Declarer seat, -1 when no contract was reached. */
  readonly declarer: -1 | Seat;
  readonly outcome: IssOutcome;
  /** Signed value credited to the declarer. */
  readonly value: number;
  readonly matadors: number;
  readonly overbid: boolean;
  readonly declarerPoints: number;
  readonly declarerTricks: number;
  readonly schneider: boolean;
  readonly schwarz: boolean;
  readonly penalties: readonly [number, number, number];
  /** Seat that left, -1 none. */
  readonly left: -1 | Seat;
  /** Seat that timed out, -1 none. */
  readonly timeout: -1 | Seat;
  /** Ended by resignation; null in old records (2007-2008) that lack the `r:` field. */
  readonly resigned: boolean | null;
}

/** Why a line could not be read. `id` is the ID property when it was readable. */
export interface IssParseError {
  readonly reason: string;
  readonly id: string | null;
}
