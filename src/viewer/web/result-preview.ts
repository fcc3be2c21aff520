// The value of an entered result, worked out on the page before it is sent (R26-R32, D1, D2), so
// the recorder sees what will be written. The server derives the score again and is the authority.
export interface ResultFacts {
  passedIn: boolean;
  game: string | null; // CLUBS … GRAND, NULL
  hand: boolean;
  ouvert: boolean;
  schneiderAnnounced: boolean;
  schwarzAnnounced: boolean;
  matadors: number; // +n with, -n without (suit/grand)
  bid: number;
  declarerPoints: number | null; // suit/grand, skat included
  schwarz: boolean; // one side took every trick
  nullWon: boolean | null;
}

export interface ResultPreview {
  readonly won: boolean;
  readonly value: number;
  readonly score: number;
  readonly overbid: boolean;
}

const BASE: Record<string, number> = { DIAMONDS: 9, HEARTS: 10, SPADES: 11, CLUBS: 12, GRAND: 24 };

/** R29: null's fixed values by hand and ouvert. */
export function nullValue(hand: boolean, ouvert: boolean): number {
  return ouvert ? (hand ? 59 : 46) : hand ? 35 : 23;
}

/** Every value a game can have (R5: the bids are these, from 18 up). */
export function possibleBids(): number[] {
  const values = new Set<number>([23, 35, 46, 59]);
  for (const base of [9, 10, 11, 12]) for (let m = 2; m <= 18; m++) values.add(base * m);
  for (let m = 2; m <= 11; m++) values.add(24 * m);
  return [...values].filter((v) => v >= 18).sort((a, b) => a - b);
}

/** The smallest multiple of `base` that reaches `bid` (R32, D2). */
const reach = (base: number, bid: number) => Math.ceil(bid / base) * base;

export function previewResult(f: ResultFacts): ResultPreview | null {
  if (f.passedIn) return { won: false, value: 0, score: 0, overbid: false };
  if (!f.game) return null;
  if (f.game === 'NULL') {
    if (f.nullWon === null) return null;
    const value = nullValue(f.hand, f.ouvert);
    if (value < f.bid) return { won: false, value: reach(value, f.bid), score: -2 * reach(value, f.bid), overbid: true };
    return { won: f.nullWon, value, score: f.nullWon ? value : -2 * value, overbid: false };
  }
  const points = f.declarerPoints;
  if (points === null || f.matadors === 0) return null;
  const base = BASE[f.game];
  const ouvert = f.ouvert;
  const schwarzAnn = f.schwarzAnnounced || ouvert;
  const schneiderAnn = f.schneiderAnnounced || schwarzAnn;
  const hand = f.hand || schneiderAnn; // announcements are hand games (R12)
  const declarerAllTricks = f.schwarz && points >= 90;
  const schneiderReached = points >= 90 || points <= 30;
  // D1: announced levels count whether or not they are reached; no level counts twice (R25).
  const multiplier =
    Math.abs(f.matadors) +
    1 +
    (hand ? 1 : 0) +
    (schneiderReached || schneiderAnn ? 1 : 0) +
    (schneiderAnn ? 1 : 0) +
    (f.schwarz || schwarzAnn ? 1 : 0) +
    (schwarzAnn ? 1 : 0) +
    (ouvert ? 1 : 0);
  const value = base * multiplier;
  if (value < f.bid) return { won: false, value: reach(base, f.bid), score: -2 * reach(base, f.bid), overbid: true };
  // R22/R25: 61 points; 90 when schneider is announced; every trick when schwarz is (or ouvert).
  const won = schwarzAnn ? declarerAllTricks : schneiderAnn ? points >= 90 : points >= 61;
  return { won, value, score: won ? value : -2 * value, overbid: false };
}
