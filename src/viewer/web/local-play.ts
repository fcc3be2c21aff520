// The card play as the recorder's page works it out by itself while moves wait to be sent (no
// connection): follow suit, trumps, who wins a trick and leads the next. The server decides again
// when the moves arrive; a move it refuses is shown and the queue is dropped.
import type { SeatName } from './types.js';

const SEATS: readonly SeatName[] = ['FOREHAND', 'MIDDLEHAND', 'REARHAND'];
const SUIT_OF_GAME: Record<string, string> = { CLUBS: 'C', SPADES: 'S', HEARTS: 'H', DIAMONDS: 'D' };
const JACK_ORDER = ['CJ', 'SJ', 'HJ', 'DJ'];
const TRUMP_GAME_RANKS = 'ATKQ987';
const NULL_RANKS = 'AKQJT987';

export interface PlayPosition {
  readonly game: string; // CLUBS … GRAND, NULL
  readonly declarer: SeatName;
  readonly hands: Readonly<Record<SeatName, readonly string[]>>;
  readonly trick: ReadonlyArray<{ seat: SeatName; card: string }>;
  readonly toAct: SeatName | null;
  readonly tricksDone: number;
  readonly declarerTookTrick: boolean;
  /** R19: a schwarz-announced (or suit/grand ouvert) game ends at the defenders' first trick. */
  readonly schwarzAnnounced?: boolean;
  /** R19 under a profile that stops a schneider-announced game once the defenders hold over 30 (iss, D3). */
  readonly schneiderEnds?: boolean;
  readonly defenderPoints?: number;
  /** Why the play ended (set by playLocally when toAct becomes null). */
  readonly endedBy?: PlayEnd;
}

/** Why a card ends the play: the tenth trick, or early (R18 null, R19 announced, R20 a revoke proven). */
export type PlayEnd = 'lastTrick' | 'R18' | 'R19' | 'R20';

const POINTS: Record<string, number> = { A: 11, T: 10, K: 4, Q: 3, J: 2 };

function isTrump(game: string, card: string): boolean {
  if (game === 'NULL') return false;
  return card[1] === 'J' || card[0] === SUIT_OF_GAME[game];
}

function followSuit(game: string, card: string): string {
  return isTrump(game, card) ? 'trump' : card[0];
}

/** Higher is stronger within a trick of `game` whose first card was `led`. */
function strength(game: string, led: string, card: string): number {
  if (isTrump(game, card)) return card[1] === 'J' ? 100 - JACK_ORDER.indexOf(card) : 50 - TRUMP_GAME_RANKS.indexOf(card[1]);
  if (card[0] !== followSuit(game, led)) return -1;
  return 20 - (game === 'NULL' ? NULL_RANKS : TRUMP_GAME_RANKS).indexOf(card[1]);
}

export function legalCards(p: PlayPosition): string[] {
  if (!p.toAct) return [];
  const hand = p.hands[p.toAct];
  if (p.trick.length === 0) return [...hand];
  const led = followSuit(p.game, p.trick[0].card);
  const same = hand.filter((c) => followSuit(p.game, c) === led);
  return same.length ? same : [...hand];
}

function next(seat: SeatName): SeatName {
  return SEATS[(SEATS.indexOf(seat) + 1) % 3];
}

/** The position after `seat` plays `card` (the caller offers only legal cards). */
export function playLocally(p: PlayPosition, card: string): PlayPosition {
  const seat = p.toAct as SeatName;
  const hands = { ...p.hands, [seat]: p.hands[seat].filter((c) => c !== card) };
  const trick = [...p.trick, { seat, card }];
  if (trick.length < 3) return { ...p, hands, trick, toAct: next(seat) };
  const led = trick[0].card;
  const winner = trick.reduce((best, c) => (strength(p.game, led, c.card) > strength(p.game, led, best.card) ? c : best)).seat;
  const tricksDone = p.tricksDone + 1;
  const declarerTookTrick = p.declarerTookTrick || winner === p.declarer;
  const defenders = winner !== p.declarer;
  const defenderPoints = (p.defenderPoints ?? 0) + (defenders ? trick.reduce((n, c) => n + (POINTS[c.card[1]] ?? 0), 0) : 0);
  // R18: a null game ends when its declarer takes a trick; R19: an announced game the defenders
  // take a trick of (schwarz) or over 30 of (schneider, where the profile stops it); every game after the tenth trick.
  const endedBy: PlayEnd | undefined =
    p.game === 'NULL' && declarerTookTrick
      ? 'R18'
      : defenders && (p.schwarzAnnounced || (p.schneiderEnds && defenderPoints > 30))
        ? 'R19'
        : tricksDone === 10
          ? 'lastTrick'
          : undefined;
  return { ...p, hands, trick: [], toAct: endedBy ? null : winner, tricksDone, declarerTookTrick, defenderPoints, endedBy };
}

/**
 * A deal recorded as seen: a seat that did not follow a led class (suit, or trumps with the jacks)
 * holds none of it, so a later card of that class proves the revoke and ends the play (R16, R20).
 */
export function provesRevoke(game: string, tricks: ReadonlyArray<ReadonlyArray<{ seat: SeatName; card: string }>>, seat: SeatName, card: string): boolean {
  const cls = followSuit(game, card);
  return tricks.some(
    (tr) =>
      tr.length > 1 &&
      tr.some((c) => c.seat === seat && c !== tr[0] && followSuit(game, c.card) !== followSuit(game, tr[0].card)) &&
      followSuit(game, tr[0].card) === cls,
  );
}
