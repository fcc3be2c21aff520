import type { Card } from '../../rules/card';
import type { Declaration } from '../../rules/declaration';
import { dealFromIssOrder, toIssOrder, type DealtCards } from '../../rules/dealing';
import type { Move } from '../../rules/move';
import type { Seat } from '../../rules/seat';
import type { IssDeclarationToken, IssToken } from './iss-record';

/**
 * Record tokens ↔ engine moves. Seats map one to one: ISS 0/1/2 = forehand/middlehand/rearhand
 * (R2). Tokens that carry no engine move (the deal, the skat shown to the declarer) are checked
 * against the deal instead.
 */
export interface IssGameMoves {
  readonly dealt: DealtCards;
  /** In the order the engine takes them (discard before declare, R10/R11). */
  readonly moves: readonly Move[];
  /** For each move, the index of the MV token it came from (for error messages). */
  readonly tokenOfMove: readonly number[];
  /** Set when a `??` card was played: the moves stop before it, the rest cannot be replayed. */
  readonly unknownCardAt: number | null;
}

export type IssMovesResult =
  | { readonly ok: true; readonly value: IssGameMoves }
  | { readonly ok: false; readonly reason: string; readonly ruleId: string | null; readonly tokenIndex: number };

/** The engine declaration a declaration token stands for (iss-format 3.3, R12). */
export function declarationOfToken(token: IssDeclarationToken): Declaration {
  const m = token.modifiers;
  const ouvert = m.includes('O');
  // R12: suit/grand ouvert is a hand game with schneider and schwarz announced.
  const impliedByOuvert = ouvert && token.gameType !== 'null';
  const schwarzAnnounced = m.includes('Z') || impliedByOuvert;
  return {
    gameType: token.gameType,
    hand: m.includes('H') || impliedByOuvert,
    schneiderAnnounced: m.includes('S') || schwarzAnnounced,
    schwarzAnnounced,
    ouvert,
  };
}

/** Canonical ISS modifier letters for a declaration: O, then H, then S or Z (`NOH`, `CHS`, `GHZ`, `GO`). */
export function modifiersOf(d: Declaration): string {
  const impliedByOuvert = d.ouvert && d.gameType !== 'null';
  let m = d.ouvert ? 'O' : '';
  if (d.hand && !impliedByOuvert) m += 'H';
  if (!impliedByOuvert) {
    if (d.schwarzAnnounced) m += 'Z';
    else if (d.schneiderAnnounced) m += 'S';
  }
  return m;
}

export function issTokensToMoves(tokens: readonly IssToken[]): IssMovesResult {
  if (tokens.length === 0) return fail('the move list is empty: it must start with the deal "w <32 cards>"', 'R4', 0);
  const first = tokens[0];
  let dealt: DealtCards;
  if (first.kind === 'deal') {
    // The engine's startGame judges the deal (R1/R4); here only the shape is needed.
    const c = first.cards;
    if (c.length !== 32) return fail(`a deal has 32 cards, got ${c.length}`, 'R4', 0);
    dealt = { hands: [c.slice(0, 10), c.slice(10, 20), c.slice(20, 30)], skat: [c[30], c[31]] };
  } else if (first.kind === 'liveDeal') {
    const cards = [...first.hands[0], ...first.hands[1], ...first.hands[2], ...first.skat];
    if (cards.some((c) => c === null)) return fail('the deal has hidden cards (??): a live-protocol deal cannot be replayed', null, 0);
    const d = dealFromIssOrder(cards as Card[]);
    if (!d.ok) return fail(d.refusal.reason, d.refusal.ruleId, 0);
    dealt = d.value;
  } else {
    return fail('the move list must start with the deal "w <32 cards>"', 'R4', 0);
  }

  const moves: Move[] = [];
  const tokenOfMove: number[] = [];
  const push = (move: Move, at: number) => {
    moves.push(move);
    tokenOfMove.push(at);
  };
  // Split form (`0 G` then `0 SK.S7`): the declaration waits for its discards, since the engine
  // takes the discard first (R10 before R11).
  let pending: { move: Move; at: number } | null = null;
  let pickedUpBy: Seat | null = null;
  const flushPending = () => {
    if (pending) push(pending.move, pending.at);
    pending = null;
  };

  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'play' && pending === null) {
      // Most tokens: a card played, with no declaration waiting for its discards.
      if (t.card === null) return { ok: true, value: { dealt, moves, tokenOfMove, unknownCardAt: i } };
      moves.push(t as Extract<Move, { kind: 'play' }>);
      tokenOfMove.push(i);
      continue;
    }
    // A time-out or departure before the discards leaves the declaration unfinished: drop it.
    if (t.kind === 'timeout' || t.kind === 'left') pending = null;
    if (t.kind !== 'discard') flushPending();
    switch (t.kind) {
      case 'deal':
      case 'liveDeal':
        return fail('a second deal inside one record', 'R4', i);
      // A bid, hold, pass or known card token has exactly the fields of its move (and both are
      // immutable), so it serves as the move itself.
      case 'bid':
      case 'hold':
      case 'pass':
        push(t, i);
        break;
      case 'pickUp':
        pickedUpBy = t.seat;
        push({ kind: 'pickUpSkat', seat: t.seat }, i);
        break;
      case 'skatShown': {
        const prev = tokens[i - 1];
        if (prev.kind !== 'pickUp') return fail('the server shows the skat only right after a pick-up ("<seat> s")', 'R9', i);
        const [a, b] = t.cards;
        if (a !== null && b !== null && !sameCards([a, b], dealt.skat)) {
          return fail(`the skat shown (${a}.${b}) is not the dealt skat (${dealt.skat.join('.')})`, 'R9', i);
        }
        break;
      }
      case 'declare': {
        const declare: Move = { kind: 'declare', seat: t.seat, declaration: declarationOfToken(t) };
        if (t.discards) {
          push({ kind: 'discard', seat: t.seat, cards: t.discards }, i);
          push(declare, i);
        } else if (pickedUpBy === t.seat && !moves.some((m) => m.kind === 'discard')) {
          pending = { move: declare, at: i };
        } else {
          push(declare, i);
        }
        break;
      }
      case 'discard':
        push({ kind: 'discard', seat: t.seat, cards: t.cards }, i);
        flushPending();
        break;
      case 'play':
        if (t.card === null) return { ok: true, value: { dealt, moves, tokenOfMove, unknownCardAt: i } };
        push(t as Extract<Move, { kind: 'play' }>, i);
        break;
      case 'showCards':
        push({ kind: 'showCards', seat: t.seat }, i);
        break;
      case 'resign':
        push({ kind: 'resign', seat: t.seat }, i);
        break;
      case 'timeout':
        push({ kind: 'abandon', reason: 'timeout', seat: t.seat }, i);
        break;
      case 'left':
        push({ kind: 'abandon', reason: 'left', seat: t.seat }, i);
        break;
    }
  }
  flushPending();
  return { ok: true, value: { dealt, moves, tokenOfMove, unknownCardAt: null } };
}

export type IssTokensResult = { readonly ok: true; readonly tokens: IssToken[] } | { readonly ok: false; readonly reason: string };

/**
 * Engine moves → record tokens, for deals recorded live. The skat is shown after a pick-up,
 * discards are written with the declaration (`D.ST.H8`), and an ouvert declaration lists the
 * declarer's 10 cards (iss-format 3.3).
 */
export function issTokensFromMoves(dealt: DealtCards, moves: readonly Move[]): IssTokensResult {
  const tokens: IssToken[] = [{ kind: 'deal', cards: toIssOrder(dealt) }];
  let discard: { seat: Seat; cards: readonly [Card, Card] } | null = null;
  for (const m of moves) {
    // Discards not followed by their declaration (a time-out in between) keep their place, in
    // the split form's second token.
    if (discard && m.kind !== 'declare') {
      tokens.push({ kind: 'discard', seat: discard.seat, cards: discard.cards });
      discard = null;
    }
    switch (m.kind) {
      case 'bid':
        tokens.push({ kind: 'bid', seat: m.seat, value: m.value });
        break;
      case 'hold':
      case 'pass':
        tokens.push({ kind: m.kind, seat: m.seat });
        break;
      case 'pickUpSkat':
        tokens.push({ kind: 'pickUp', seat: m.seat }, { kind: 'skatShown', cards: [dealt.skat[0], dealt.skat[1]] });
        break;
      case 'discard':
        discard = { seat: m.seat, cards: m.cards };
        break;
      case 'declare': {
        const d = m.declaration;
        const discards = discard && discard.seat === m.seat ? discard.cards : null;
        let shown: Card[] | null = null;
        if (d.ouvert) {
          const held = discards ? [...dealt.hands[m.seat], ...dealt.skat].filter((c) => c !== discards[0] && c !== discards[1]) : [...dealt.hands[m.seat]];
          shown = held;
        }
        tokens.push({ kind: 'declare', seat: m.seat, gameType: d.gameType, modifiers: modifiersOf(d), discards, shown });
        discard = null;
        break;
      }
      case 'showCards':
        tokens.push({ kind: 'showCards', seat: m.seat, cards: null });
        break;
      case 'play':
        tokens.push({ kind: 'play', seat: m.seat, card: m.card });
        break;
      case 'resign':
        tokens.push({ kind: 'resign', seat: m.seat });
        break;
      case 'abandon':
        if (m.seat === undefined || m.reason === 'misdeal')
          return { ok: false, reason: `an abandoned deal (${m.reason}) has no ISS token; ISS writes only time-outs and departures of a seat` };
        tokens.push({ kind: m.reason === 'timeout' ? 'timeout' : 'left', seat: m.seat });
        break;
      case 'kontra':
      case 're':
        return { ok: false, reason: `${m.kind} (R40, house option) cannot be written in an ISS record` };
    }
  }
  if (discard) tokens.push({ kind: 'discard', seat: discard.seat, cards: discard.cards });
  return { ok: true, tokens };
}

function sameCards(a: readonly Card[], b: readonly Card[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c));
}

function fail(reason: string, ruleId: string | null, tokenIndex: number): IssMovesResult {
  return { ok: false, reason, ruleId, tokenIndex };
}
