import { isBidValue, MIN_BID } from './bid-values';
import { GAME_TYPES, type Declaration } from './declaration';
import { judgeDeclaration } from './declaration-rules';
import { EMPTY_RESULT, PASSED_IN_RESULT } from './game-end';
import { scoreRamsch } from './ramsch-scoring';
import type { GameResult } from './game-result';
import { trumpOrder } from './matadors';
import { allow, refuse, RuleViolation, type Judgement } from '../kernel/refusal';
import { scoreGame } from './scoring';
import { isSeat, SEAT_NAMES, type Seat } from './seat';
import type { RuleProfile } from './variant/rule-profile';

/**
 * A deal's outcome as a paper list records it, without the cards. For a declarer game: who, what
 * (hand, announcements, ouvert), the matadors over hand and skat, the bid, the declarer's card
 * points (suit/grand) or whether he stayed without a trick (null), and the levels reached.
 */
export type EnteredResult =
  | { readonly kind: 'passedIn' }
  | {
      /** R42 (profiles that play Ramsch when all pass): each seat's card points (skat included for whoever took it) and tricks. */
      readonly kind: 'ramsch';
      readonly points: readonly [number, number, number];
      readonly tricks: readonly [number, number, number];
    }
  | {
      readonly kind: 'game';
      readonly declarer: Seat;
      readonly declaration: Declaration;
      /** Signed: +n "with n", -n "without n" (R27); 0 for a null game. */
      readonly matadors: number;
      readonly bid: number;
      /** Suit and grand: the declarer's card points including the skat (R22); null for null games. */
      readonly declarerPoints: number | null;
      /** Null games: the declarer took no trick (R18); null for suit and grand. */
      readonly nullWon: boolean | null;
      /** Suit and grand: the schneider level reached in play (R23: declarer ≥ 90 or ≤ 30); the points decide it, so absent = derived, and a contradiction is refused. */
      readonly schneider?: boolean | null;
      /** Suit and grand: one side took every trick (R24); absent = no. */
      readonly schwarz?: boolean | null;
      /** R40 house option (profiles that switch Kontra/Re on): a defender said Kontra; absent = no. */
      readonly kontra?: boolean;
      /** R40: the declarer answered the Kontra with Re; absent = no. */
      readonly re?: boolean;
    };

/** Two cards hold at most 22 points (two aces): all a declarer without a trick can have (R24). */
const MAX_SKAT_POINTS = 22;

/** R1: what two cards (A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0) can hold: the points of a declarer without a trick (R24). */
export const SKAT_POINT_VALUES: readonly number[] = [0, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 20, 21, 22];

/** R1: no card is worth 1, so neither party can hold exactly 1 point: the declarer never has 1 or 119. */
export function cardPointsProblem(p: number, schwarz: boolean): string | null {
  if (p === 1 || p === 119)
    return `no card is worth 1 point, so the declarer cannot have ${p} card points (${p === 1 ? 'he' : 'the defenders'} would hold exactly 1)`;
  if (schwarz && p !== 120 && !SKAT_POINT_VALUES.includes(p))
    return `a declarer without a trick has only the skat's points (${SKAT_POINT_VALUES.join(', ')}), not ${p}`;
  return null;
}

/**
 * R8, R12, R18-R33: the result of a deal entered without its cards, scored by the engine from
 * the facts given. Refuses facts the rules cannot produce (a matador count out of range, a null
 * game with matadors or card points, schneider that the card points contradict, a bid that is no
 * bid value, schwarz with points only a trick can bring) with the rule they break.
 */
export function scoreEnteredResult(entered: EnteredResult, profile: RuleProfile): Judgement<GameResult> {
  if (!entered || typeof entered !== 'object') return refuse('R34', 'a result names a passed-in deal or a declarer game');
  if (entered.kind === 'passedIn') {
    if (profile.allPassed === 'ramsch') return refuse('R42', `profile ${profile.id} plays Ramsch when all pass: a passed-in deal cannot be entered`);
    return allow(PASSED_IN_RESULT);
  }
  if (entered.kind === 'ramsch') return enteredRamsch(entered, profile);
  if (entered.kind !== 'game') return refuse('R34', 'a result is passedIn, ramsch or game');
  if (!isSeat(entered.declarer)) return refuse('R2', 'the declarer is seat 0 (forehand), 1 (middlehand) or 2 (rearhand)');
  const d = entered.declaration;
  if (!d || !(GAME_TYPES as readonly string[]).includes(d.gameType))
    return refuse('R11', 'the declaration names clubs, spades, hearts, diamonds, grand or null');
  // R9: a hand game was declared without the skat; every other game after picking it up.
  const judged = judgeDeclaration(d, !d.hand);
  if (!judged.ok) return judged;
  const declaration = judged.value;
  if (!Number.isInteger(entered.bid) || entered.bid < MIN_BID || !isBidValue(entered.bid))
    return refuse('R5', `${entered.bid} is not a bid value (18, 20, 22, 23, 24, 27, ...)`);
  for (const k of ['kontra', 're'] as const)
    if (entered[k] !== undefined && entered[k] !== null && typeof entered[k] !== 'boolean') return refuse('R40', `${k} is said or not (true/false)`);
  const kontra = entered.kontra === true;
  const re = entered.re === true;
  if ((kontra || re) && !profile.houseOptions.kontraRe) return refuse('R40', `Kontra/Re is a house option that profile ${profile.id} does not switch on`);
  if (re && !kontra) return refuse('R40', 'Re answers a Kontra; there was none');
  const said = { kontra, re };

  if (declaration.gameType === 'null') {
    if (entered.matadors !== 0) return refuse('R27', 'a null game has no matadors');
    if (entered.declarerPoints !== null && entered.declarerPoints !== undefined) return refuse('R29', 'a null game is won or lost by tricks, not card points');
    if (entered.schneider || entered.schwarz) return refuse('R29', 'a null game has no schneider or schwarz');
    if (typeof entered.nullWon !== 'boolean') return refuse('R18', 'a null game needs won (the declarer took no trick) or lost');
    const tricks = entered.nullWon ? 0 : 1;
    return score(
      profile,
      { declarer: entered.declarer, declaration, bid: entered.bid, matadors: 0, declarerPoints: 0, declarerTricks: tricks, ...said },
      { points: null, tricks: entered.nullWon ? 0 : null },
    );
  }

  const max = trumpOrder(declaration.gameType).length;
  if (!Number.isInteger(entered.matadors) || entered.matadors === 0 || Math.abs(entered.matadors) > max)
    return refuse(
      'R27',
      `in a ${declaration.gameType} game the matadors are "with 1" to "with ${max}" or "without 1" to "without ${max}", not ${entered.matadors}`,
    );
  if (entered.nullWon !== null && entered.nullWon !== undefined) return refuse('R22', 'a suit or grand game is decided by card points, not by won/lost alone');
  const p = entered.declarerPoints;
  if (p === null || p === undefined) return refuse('R22', "the declarer's card points are missing (a suit or grand game is won or lost by them)");
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p > 120) return refuse('R22', `the declarer has 0 to 120 card points, not ${String(p)}`);
  for (const k of ['schneider', 'schwarz'] as const)
    if (entered[k] !== undefined && entered[k] !== null && typeof entered[k] !== 'boolean')
      return refuse(k === 'schneider' ? 'R23' : 'R24', `${k} is reached or not (true/false)`);
  const schwarz = entered.schwarz === true;
  // Schwarz: the declarer took every trick (120 points) or none (only the skat's points, at most 22).
  if (schwarz && p !== 120 && p > MAX_SKAT_POINTS)
    return refuse(
      'R24',
      `schwarz means one side took every trick: the declarer then has 120 points, or at most ${MAX_SKAT_POINTS} (the skat) with no trick, not ${p}`,
    );
  const impossible = cardPointsProblem(p, schwarz);
  if (impossible) return refuse(schwarz ? 'R24' : 'R1', impossible);
  // The points decide schneider (R23): derived when not given, refused when given otherwise.
  const schneiderByPoints = p >= 90 || p <= 30;
  if (entered.schneider !== undefined && entered.schneider !== null && entered.schneider !== schneiderByPoints)
    return refuse('R23', `with ${p} card points the schneider level is ${schneiderByPoints ? '' : 'not '}reached (declarer ≥ 90 or ≤ 30)`);
  const declarerTricks = schwarz ? (p === 120 ? 10 : 0) : p === 120 ? 9 : p <= MAX_SKAT_POINTS ? 1 : 5;
  // Only the ends are facts; between them the tricks are unknown and shown as such.
  const knownTricks = schwarz ? declarerTricks : null;
  return score(
    profile,
    { declarer: entered.declarer, declaration, bid: entered.bid, matadors: entered.matadors, declarerPoints: p, declarerTricks, ...said },
    { points: p, tricks: knownTricks },
  );
}

function score(
  profile: RuleProfile,
  f: { declarer: Seat; declaration: Declaration; bid: number; matadors: number; declarerPoints: number; declarerTricks: number; kontra: boolean; re: boolean },
  shown: { points: number | null; tricks: number | null },
): Judgement<GameResult> {
  try {
    const result = scoreGame(
      {
        declarer: f.declarer,
        declaration: f.declaration,
        bid: f.bid,
        declarerCardsWithSkat: null,
        matadors: f.matadors,
        declarerPoints: f.declarerPoints,
        declarerTricks: f.declarerTricks,
        defenderTricks: 10 - f.declarerTricks,
        kontra: f.kontra,
        re: f.re,
        endedBy: 'allTricks',
      },
      profile,
    );
    return allow({
      ...result,
      declarerPoints: shown.points,
      declarerTricks: shown.tricks,
      derivation: [{ ruleId: 'R34', text: 'entered from the result (no cards recorded)' }, ...result.derivation],
    });
  } catch (err) {
    if (err instanceof RuleViolation) return { ok: false, refusal: err.refusal };
    if (err instanceof RangeError) return refuse('R27', err.message);
    throw err;
  }
}

const isTriple = (v: unknown): v is readonly [number, number, number] => Array.isArray(v) && v.length === 3 && v.every((n) => Number.isInteger(n) && n >= 0);

/**
 * R42: a Ramsch entered from the list (each seat's points and tricks), where the profile plays it
 * when all pass. Refused under a profile without Ramsch, and for tallies no play can produce:
 * points not adding up to 120 or tricks to 10, points without a trick (the skat goes to a player
 * who took the last trick), a player with every trick but not every point.
 */
function enteredRamsch(entered: Extract<EnteredResult, { kind: 'ramsch' }>, profile: RuleProfile): Judgement<GameResult> {
  if (profile.allPassed !== 'ramsch') return refuse('R42', `profile ${profile.id} plays no Ramsch: when all pass the deal is passed in (R8)`);
  const { points, tricks } = entered;
  if (!isTriple(points) || !isTriple(tricks)) return refuse('R42', "a Ramsch names each of the three players' card points and tricks (whole numbers from 0)");
  for (const s of [0, 1, 2] as const) {
    if (tricks[s] === 0 && points[s] > 0) return refuse('R42', `${SEAT_NAMES[s]} took no trick, so has no card points, not ${points[s]}`);
    if (tricks[s] === 10 && points[s] !== 120) return refuse('R42', `${SEAT_NAMES[s]} took every trick, so has all 120 card points, not ${points[s]}`);
  }
  try {
    const scored = scoreRamsch({ points, tricks });
    return allow({
      ...EMPTY_RESULT,
      kind: 'ramsch',
      passedIn: true,
      schwarz: tricks.some((n) => n === 0),
      seatScores: scored.seatScores,
      notScoreableReason: null,
      derivation: [{ ruleId: 'R34', text: 'entered from the result (no cards recorded)' }, ...scored.derivation],
    });
  } catch (err) {
    if (err instanceof RuleViolation) return { ok: false, refusal: err.refusal };
    throw err;
  }
}
