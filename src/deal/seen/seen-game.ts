import { ALL_CARDS, type Card, isCard, sumPoints } from '../../rules/card';
import type { Declaration } from '../../rules/declaration';
import { judgeDeclaration } from '../../rules/declaration-rules';
import type { EndedBy } from '../../rules/game-end';
import type { GameState, PlayedCard } from '../../rules/game-state';
import { inputText } from '../../rules/input-text';
import type { Move } from '../../rules/move';
import { allow, refuse, type Judgement } from '../../kernel/refusal';
import { nextSeat, SEAT_NAMES, type Seat } from '../../rules/seat';
import { cardClass, trickPoints, trickWinnerPosition } from '../../rules/trick';
import type { RuleProfile } from '../../rules/variant/rule-profile';
import { applyMove, isAbandonReason, startGame } from '../engine';

/**
 * A deal recorded as seen at a real table: no hand is known when it starts. Cards become known as
 * they are played, the skat (and the declarer's discard) when shown. This state holds what the
 * information so far allows; once every card's place is known the deal is checked in full by the
 * engine over the hands it implies (seen-twin.ts).
 */
export type SeenPhase = 'bidding' | 'skatDecision' | 'declaring' | 'playing' | 'showing' | 'passedIn' | 'abandoned';

/** A seat that did not follow the led class (suit or trumps) in a trick: it holds none of it from then on. */
export interface SeenVoid {
  readonly seat: Seat;
  readonly cls: number;
  readonly trick: number;
}

export interface SeenTrick {
  readonly leader: Seat;
  readonly cards: readonly PlayedCard[];
  readonly winner: Seat;
  readonly points: number;
}

type Three<T> = readonly [T, T, T];

export interface SeenGame {
  readonly profile: RuleProfile;
  readonly phase: SeenPhase;
  /** The auction, kept by the engine over placeholder cards (bidding never looks at the cards). */
  readonly bidding: GameState;
  readonly highestBid: number;
  readonly declarer: Seat | null;
  readonly skatPickedUp: boolean;
  readonly declaration: Declaration | null;
  readonly tricks: readonly SeenTrick[];
  readonly currentTrick: { readonly leader: Seat; readonly cards: readonly PlayedCard[] } | null;
  /** The cards each seat played, in order. */
  readonly played: Three<readonly Card[]>;
  readonly voids: readonly SeenVoid[];
  /** Shown when known: the skat as dealt, the declarer's discard (pick-up), each seat's unplayed cards (an early end). */
  readonly skat: readonly Card[] | null;
  readonly discard: readonly Card[] | null;
  readonly remaining: Three<readonly Card[] | null>;
  readonly resigned: readonly Seat[];
  readonly claimed: boolean;
  readonly endedBy: EndedBy | null;
  /** Every move recorded, in order: the dealt deal's commands are made from them once the cards are known. */
  readonly log: readonly SeenMove[];
  /** R20: a revoke the information proves (a seat played a class it had failed to follow) or the table called. */
  readonly revoke: { readonly seat: Seat; readonly trick: number; readonly called: boolean } | null;
}

/** Moves of a deal recorded as seen beyond the engine's: what is shown after (or, for a hand game's skat, during) the play. */
export type SeenMove =
  | Move
  | { readonly kind: 'showSkat'; readonly skat: readonly Card[]; readonly discard?: readonly Card[] }
  | { readonly kind: 'showHand'; readonly seat: Seat; readonly cards: readonly Card[] }
  | { readonly kind: 'callRevoke'; readonly seat: Seat }
  | { readonly kind: 'concede' };

// Bidding looks at no card: any valid deal serves the engine's auction.
const PLACEHOLDER = { hands: [ALL_CARDS.slice(0, 10), ALL_CARDS.slice(10, 20), ALL_CARDS.slice(20, 30)], skat: [ALL_CARDS[30], ALL_CARDS[31]] } as const;

export function startSeen(profile: RuleProfile): SeenGame {
  const bidding = startGame(PLACEHOLDER, profile);
  if (!bidding.ok) throw new Error(`placeholder deal refused: ${bidding.refusal.reason}`);
  return {
    profile,
    phase: 'bidding',
    bidding: bidding.value,
    highestBid: 0,
    declarer: null,
    skatPickedUp: false,
    declaration: null,
    tricks: [],
    currentTrick: null,
    played: [[], [], []],
    voids: [],
    skat: null,
    discard: null,
    remaining: [null, null, null],
    resigned: [],
    claimed: false,
    endedBy: null,
    revoke: null,
    log: [],
  };
}

const who = (seat: Seat): string => SEAT_NAMES[seat];

/** Whose turn it is in the play (R15), or in the bidding; null when nobody is to move. */
export function seenSeatToAct(g: SeenGame): Seat | null {
  if (g.phase === 'bidding') {
    const a = g.bidding.auction;
    if (!a) return null;
    return (a.awaiting === 'say' ? a.sayer : a.listener) as Seat;
  }
  if (g.phase === 'skatDecision' || g.phase === 'declaring') return g.declarer;
  if (g.phase !== 'playing') return null;
  const t = g.currentTrick;
  if (t) return ((t.leader + t.cards.length) % 3) as Seat;
  return g.tricks.length ? g.tricks[g.tricks.length - 1].winner : 0;
}

/** Every card whose place is known: played, shown in the skat, the discard or a seat's unplayed cards. */
export function placedCards(g: SeenGame): Set<Card> {
  const placed = new Set<Card>();
  for (const cards of g.played) for (const c of cards) placed.add(c);
  for (const c of g.discard ?? []) placed.add(c);
  for (const r of g.remaining) for (const c of r ?? []) placed.add(c);
  // After a pick-up the skat cards are among the declarer's twelve (played, discarded or still held).
  if (!g.skatPickedUp) for (const c of g.skat ?? []) placed.add(c);
  return placed;
}

function cardsOf(value: unknown, count: number, what: string): Judgement<Card[]> {
  if (!Array.isArray(value) || value.length !== count) return refuse('R1', `${what} is exactly ${count} card(s)`);
  for (const c of value) if (typeof c !== 'string' || !isCard(c)) return refuse('R1', `"${inputText(c)}" is not a card`);
  if (new Set(value).size !== value.length) return refuse('R1', `${what} names a card twice`);
  return allow(value as Card[]);
}

/** The cards of `cards` already placed elsewhere, as a refusal naming the first. */
function alreadyPlaced(g: SeenGame, cards: readonly Card[], what: string, allowSkat = false): Judgement<null> {
  const placed = placedCards(g);
  for (const c of cards) {
    if (allowSkat && g.skat?.includes(c)) continue;
    if (placed.has(c)) return refuse('R1', `${c} cannot be ${what}: ${whereIs(g, c)}`);
  }
  return allow(null);
}

function whereIs(g: SeenGame, card: Card): string {
  for (const s of [0, 1, 2] as const) {
    const t = g.played[s].indexOf(card);
    if (t >= 0) return `${who(s)} played it already (trick ${trickOfPlayed(g, s, card)})`;
    if (g.remaining[s]?.includes(card)) return `it was shown among ${who(s)}'s unplayed cards`;
  }
  if (g.discard?.includes(card)) return "it was shown in the declarer's discard";
  if (g.skat?.includes(card)) return 'it lies in the skat (shown)';
  return 'its place is known';
}

function trickOfPlayed(g: SeenGame, seat: Seat, card: Card): number {
  const i = g.tricks.findIndex((t) => t.cards.some((c) => c.seat === seat && c.card === card));
  return i >= 0 ? i + 1 : g.tricks.length + 1;
}

/** Apply one move to what is known; a move the information rules out is refused naming the rule. */
export function applySeen(g: SeenGame, move: SeenMove): Judgement<SeenGame> {
  const next = applyKnown(g, move);
  return next.ok ? allow({ ...next.value, log: [...g.log, move] }) : next;
}

function applyKnown(g: SeenGame, move: SeenMove): Judgement<SeenGame> {
  switch (move.kind) {
    case 'bid':
    case 'hold':
    case 'pass':
      return bid(g, move);
    case 'pickUpSkat':
      if (g.phase !== 'skatDecision') return refuse('R9', 'the skat can be picked up only right after the bidding');
      if (move.seat !== g.declarer) return refuse('R9', `only the declarer (${who(g.declarer as Seat)}) picks up the skat`);
      return allow({ ...g, phase: 'declaring', skatPickedUp: true });
    case 'discard':
      return refuse('R10', 'in a deal recorded as seen the discard is recorded when the declarer shows it, after the game');
    case 'declare':
      return declare(g, move);
    case 'play':
      return play(g, move.seat, move.card);
    case 'resign':
      return resign(g, move.seat);
    case 'showCards':
      return claim(g, move.seat);
    case 'concede': {
      if (g.phase !== 'playing' || g.declarer === null) return refuse('R21', 'the defenders can concede only during the play');
      const first = nextSeat(g.declarer);
      const open = [first, nextSeat(first)].filter((s) => !g.resigned.includes(s));
      if (open.length === 0) return refuse('R21', 'both defenders have already resigned');
      return allow(endPlay({ ...g, resigned: [...g.resigned, ...open] }, 'defendersResigned'));
    }
    case 'abandon':
      if (g.phase === 'passedIn' || g.phase === 'abandoned' || g.phase === 'showing') return refuse('D3', 'the deal is already over');
      if (!isAbandonReason(move.reason)) return refuse('D3', `"${inputText(move.reason)}" is not a reason to abandon a deal (misdeal, timeout, left)`);
      return allow({ ...g, phase: 'abandoned' });
    case 'kontra':
    case 're':
      return refuse('R40', 'Kontra and Re are not recorded in a deal recorded as seen');
    case 'showSkat':
      return showSkat(g, move.skat, move.discard);
    case 'showHand':
      return showHand(g, move.seat, move.cards);
    case 'callRevoke':
      if (g.phase !== 'playing') return refuse('R20', 'a revoke is called during the play');
      return allow(endPlay({ ...g, revoke: { seat: move.seat, trick: g.tricks.length + 1, called: true } }, 'revoke'));
  }
}

function bid(g: SeenGame, move: Extract<Move, { kind: 'bid' | 'hold' | 'pass' }>): Judgement<SeenGame> {
  if (g.phase !== 'bidding') return refuse('R6', 'the bidding is over');
  const next = applyMove(g.bidding, move);
  if (!next.ok) return next;
  const b = next.value;
  const phase: SeenPhase = b.phase === 'skatDecision' ? 'skatDecision' : b.phase === 'passedIn' ? 'passedIn' : 'bidding';
  if (b.phase === 'playing') return refuse('R42', 'Ramsch is not recorded as seen');
  return allow({ ...g, bidding: b, phase, highestBid: b.highestBid, declarer: b.declarer });
}

function declare(g: SeenGame, move: Extract<Move, { kind: 'declare' }>): Judgement<SeenGame> {
  if (g.phase !== 'skatDecision' && g.phase !== 'declaring') return refuse('R11', 'the game is declared once, after the bidding (and the pick-up)');
  if (move.seat !== g.declarer) return refuse('R11', `only the declarer (${who(g.declarer as Seat)}) declares the game`);
  const judged = judgeDeclaration(move.declaration, g.skatPickedUp);
  if (!judged.ok) return judged;
  if (judged.value.ouvert) return refuse('R14', "an ouvert game lays the declarer's cards open: record it with its cards dealt or entered");
  return allow({ ...g, phase: 'playing', declaration: judged.value });
}

function play(g: SeenGame, seat: Seat, card: Card): Judgement<SeenGame> {
  if (g.phase !== 'playing' || !g.declaration) return refuse('R15', 'cards are played once the game is declared, until play ends');
  const toAct = seenSeatToAct(g) as Seat;
  if (seat !== toAct) return refuse('R15', `it is ${who(toAct)}'s turn, not ${who(seat)}'s`);
  if (typeof card !== 'string' || !isCard(card)) return refuse('R1', `"${inputText(card)}" is not a card`);
  const placed = alreadyPlaced(g, [card], 'played');
  if (!placed.ok) return placed;
  const mode = g.declaration.gameType;
  const cls = cardClass(card, mode);
  const trick = g.currentTrick;
  const trickNo = g.tricks.length + 1;
  let voids = g.voids;
  let revoke = g.revoke;
  // R16/R20: a seat that failed to follow a class held none of it; a later card of it proves the revoke.
  const proven = voids.find((v) => v.seat === seat && v.cls === cls);
  if (proven && !revoke) revoke = { seat, trick: proven.trick, called: false };
  if (trick) {
    const led = cardClass(trick.cards[0].card, mode);
    if (cls !== led && !voids.some((v) => v.seat === seat && v.cls === led)) voids = [...voids, { seat, cls: led, trick: trickNo }];
  }
  const played = g.played.map((p, s) => (s === seat ? [...p, card] : p)) as unknown as Three<readonly Card[]>;
  const cards = [...(trick?.cards ?? []), { seat, card }];
  let next: SeenGame = { ...g, played, voids, revoke, currentTrick: { leader: trick?.leader ?? seat, cards } };
  if (cards.length === 3) {
    const leader = next.currentTrick!.leader;
    const winner = ((leader +
      trickWinnerPosition(
        cards.map((c) => c.card),
        mode,
      )) %
      3) as Seat;
    const done: SeenTrick = { leader, cards, winner, points: trickPoints(cards.map((c) => c.card)) };
    next = { ...next, currentTrick: null, tricks: [...g.tricks, done] };
    const ended = earlyEnd(next, winner);
    if (ended) return allow(endPlay(next, ended));
    if (next.tricks.length === 10) return allow(endPlay(next, 'allTricks'));
  }
  // R20: the game ends at a revoke; the hands shown at the end tell where it was.
  if (revoke && !g.revoke) return allow(endPlay(next, 'revoke'));
  return allow(next);
}

/** R18/R19 (and D3's schneider-announced end): play stops once the game is decided against the declarer. */
function earlyEnd(g: SeenGame, winner: Seat): EndedBy | null {
  const d = g.declaration as Declaration;
  if (d.gameType === 'null' && winner === g.declarer) return 'nullTrickTaken';
  if (d.schwarzAnnounced && winner !== g.declarer) return 'defendersTookTrick';
  if (d.schneiderAnnounced && winner !== g.declarer && g.profile.schneiderAnnouncedEnd === 'defendersOver30') {
    let points = 0;
    for (const t of g.tricks) if (t.winner !== g.declarer) points += t.points;
    if (points > 30) return 'defendersOver30';
  }
  return null;
}

function endPlay(g: SeenGame, endedBy: EndedBy): SeenGame {
  return { ...g, phase: 'showing', endedBy };
}

function resign(g: SeenGame, seat: Seat): Judgement<SeenGame> {
  if (g.phase !== 'playing') return refuse('R21', 'a seat resigns during the play');
  if (g.resigned.includes(seat)) return refuse('R21', `${who(seat)} has already resigned`);
  const resigned = [...g.resigned, seat];
  const next = { ...g, resigned };
  if (seat === g.declarer) return allow(endPlay(next, 'declarerResigned'));
  const defenders = resigned.filter((s) => s !== g.declarer).length;
  // D3: on ISS one defender's resignation alone changes nothing; R21 (isko): one concession ends the game.
  if (g.profile.claims === 'iss' && defenders < 2) return allow(next);
  return allow(endPlay(next, 'defendersResigned'));
}

function claim(g: SeenGame, seat: Seat): Judgement<SeenGame> {
  if (g.phase !== 'playing') return refuse('R21', 'the declarer claims during the play');
  if (seat !== g.declarer) return refuse('R21', 'only the declarer shows his cards to claim the rest');
  // D3: on ISS a claim is an offer and play may go on; R21 (isko): it ends the game, judged once the cards are known.
  if (g.profile.claims === 'iss') return allow({ ...g, claimed: true });
  return allow(endPlay({ ...g, claimed: true }, 'claim'));
}

/** How many unplayed cards a seat holds now (the declarer's discard is out of his hand). */
const unplayedCount = (g: SeenGame, seat: Seat): number => 10 - g.played[seat].length;

function showSkat(g: SeenGame, skatIn: readonly Card[], discardIn: readonly Card[] | undefined): Judgement<SeenGame> {
  const handGame = g.declaration?.hand === true;
  if (!g.declaration) return refuse('R9', 'the skat is shown once the game is declared');
  if (g.skat) return refuse('R9', 'the skat has been shown already');
  if (!handGame && g.phase !== 'showing') return refuse('R9', 'after a pick-up the declarer shows the skat and his discard when the play is over');
  const skat = cardsOf(skatIn, 2, 'the skat');
  if (!skat.ok) return skat;
  let discard: Card[] | null = null;
  if (discardIn !== undefined && discardIn !== null) {
    if (handGame) return refuse('R9', 'in a hand game nothing is discarded: the skat stays as dealt');
    const d = cardsOf(discardIn, 2, 'the discard');
    if (!d.ok) return d;
    discard = d.value;
  }
  if (handGame) {
    const placed = alreadyPlaced(g, skat.value, 'in the skat');
    if (!placed.ok) return placed;
  } else {
    // After a pick-up the skat cards went into the declarer's hand: none of them can have been played by a defender.
    for (const c of skat.value)
      for (const s of [0, 1, 2] as const)
        if (s !== g.declarer && (g.played[s].includes(c) || g.remaining[s]?.includes(c)))
          return refuse(
            'R9',
            `${c} cannot have been in the skat: ${who(s)} ${g.played[s].includes(c) ? 'played' : 'holds'} it, and the skat went to the declarer`,
          );
    if (discard) {
      const placed = alreadyPlaced(g, discard, 'in the discard');
      if (!placed.ok) return placed;
    }
  }
  return allow({ ...g, skat: skat.value, discard: discard ?? g.discard });
}

function showHand(g: SeenGame, seat: Seat, cardsIn: readonly Card[]): Judgement<SeenGame> {
  if (g.phase !== 'showing') return refuse('R21', "a seat's unplayed cards are shown when the play is over");
  if (g.remaining[seat]) return refuse('R21', `${who(seat)}'s unplayed cards have been shown already`);
  const cards = cardsOf(cardsIn, unplayedCount(g, seat), `${who(seat)}'s unplayed cards`);
  if (!cards.ok) return cards;
  const placed = alreadyPlaced(g, cards.value, `among ${who(seat)}'s unplayed cards`, seat === g.declarer);
  if (!placed.ok) return placed;
  const remaining = g.remaining.map((r, s) => (s === seat ? cards.value : r)) as unknown as Three<readonly Card[] | null>;
  return allow({ ...g, remaining });
}

/** The dealt cards the information implies once every card's place is known (by showing, or the last place by elimination); null while it is not. */
export function impliedDeal(g: SeenGame): { hands: Three<Card[]>; skat: [Card, Card] } | null {
  if (g.phase !== 'showing' || g.declarer === null) return null;
  const declarer = g.declarer;
  const remaining = g.remaining.map((r, s) => r ?? (unplayedCount(g, s as Seat) === 0 ? [] : null));
  let skat = g.skat;
  let discard = g.discard;
  const pool = ALL_CARDS.filter((c) => !placedCards({ ...g, remaining: remaining as unknown as SeenGame['remaining'], discard, skat }).has(c));
  const open = [
    ...remaining.map((r, s) => (r === null ? `seat${s}` : null)),
    g.skatPickedUp && !discard ? 'discard' : null,
    !g.skatPickedUp && !skat ? 'skat' : null,
  ].filter((x) => x !== null);
  if (open.length > 1) return null;
  if (open.length === 1) {
    const slot = open[0] as string;
    if (slot === 'discard') discard = pool;
    else if (slot === 'skat') skat = pool;
    else remaining[Number(slot.slice(4))] = pool;
  } else if (pool.length > 0) return null;
  // After a pick-up the skat itself (which two of the declarer's twelve) is known only when shown.
  if (!skat || skat.length !== 2) return null;
  const hands = [0, 1, 2].map((s) => {
    const held = [...g.played[s], ...(remaining[s] ?? [])];
    if (s !== declarer || !g.skatPickedUp) return held;
    const twelve = [...held, ...(discard ?? [])];
    return twelve.filter((c) => !skat.includes(c));
  });
  const byDeck = (a: Card, b: Card) => ALL_CARDS.indexOf(a) - ALL_CARDS.indexOf(b);
  return { hands: hands.map((h) => h.slice().sort(byDeck)) as unknown as Three<Card[]>, skat: [skat[0], skat[1]] };
}

/** Card points the declarer holds so far (his tricks, plus the skat or discard once shown), for the provisional score. */
export function seenDeclarerPoints(g: SeenGame): number {
  let points = sumPoints(g.skatPickedUp ? (g.discard ?? []) : (g.skat ?? []));
  for (const t of g.tricks) if (t.winner === g.declarer) points += t.points;
  return points;
}
