import { isBidValue } from './bid-values';
import { indexOfCode, isCard } from './card';
import { GAME_TYPES, type Declaration } from './declaration';
import { invalid, line, plain, signed } from './derivation';
import type { DerivationLine, GameResult } from './game-result';
import {
  type MultiplierLevels,
  type TrumpGameType,
  baseValue,
  countAloud,
  multiplierOf,
  nextNullValueReaching,
  nullGameName,
  nullReachesBid,
  nullValue,
  smallestMultipleReaching,
} from './game-value';
import { type Matadors, countMatadors, describeMatadors, matadorsFromSigned } from './matadors';
import type { ScoringFacts } from './scoring-facts';
import { type Seat, isSeat } from './seat';
import type { RuleProfile } from './variant/rule-profile';

/**
 * Score one played declarer game (R22-R33, D1, D2; R40 when the profile switches it on).
 * Pure: the same facts and profile always give the same result and derivation. Bad facts are
 * refused with a RuleViolation naming the rule, never guessed around.
 */
export function scoreGame(facts: ScoringFacts, profile: RuleProfile, options?: ScoreOptions): GameResult {
  checkFacts(facts, profile);
  return facts.declaration.gameType === 'null' ? scoreNullGame(facts, profile, options) : scoreTrumpGame(facts, profile, facts.declaration.gameType, options);
}

export interface ScoreOptions {
  /** false: leave the derivation empty (a bulk check that only compares numbers); default true. */
  readonly derivation?: boolean;
}

/** The derivation being written, or null when it is not wanted (`lines?.push(...)` then builds no text). */
type Lines = DerivationLine[] | null;

const NO_DERIVATION: readonly DerivationLine[] = Object.freeze([]);

function newLines(options: ScoreOptions | undefined): Lines {
  return options?.derivation === false ? null : [];
}

// ---------------------------------------------------------------------------------------------
// Suit and grand games

/** Announcements after R12's implications: ouvert (suit/grand) = hand + schneider + schwarz announced. */
interface Announcements {
  readonly hand: boolean;
  readonly schneiderAnnounced: boolean;
  readonly schwarzAnnounced: boolean;
  readonly ouvert: boolean;
}

function impliedAnnouncements(d: Declaration, lines: Lines): Announcements {
  const implied: Announcements = {
    hand: d.hand || d.ouvert,
    schneiderAnnounced: d.schneiderAnnounced || d.schwarzAnnounced || d.ouvert,
    schwarzAnnounced: d.schwarzAnnounced || d.ouvert,
    ouvert: d.ouvert,
  };
  // Nothing can be added where every implied flag equals the declared one (most games).
  const differs = implied.hand !== d.hand || implied.schneiderAnnounced !== d.schneiderAnnounced || implied.schwarzAnnounced !== d.schwarzAnnounced;
  const added = differs ? (['hand', 'schneiderAnnounced', 'schwarzAnnounced'] as const).filter((k) => implied[k] && !d[k]) : [];
  if (added.length > 0) {
    const by = d.ouvert ? 'ouvert' : 'schwarz announced';
    lines?.push(line('R12', `${by} implies ${added.map(levelName).join(', ')}`));
  }
  return implied;
}

const levelName = (k: 'hand' | 'schneiderAnnounced' | 'schwarzAnnounced'): string =>
  ({ hand: 'hand', schneiderAnnounced: 'schneider announced', schwarzAnnounced: 'schwarz announced' })[k];

function matadorsOf(facts: ScoringFacts, gameType: TrumpGameType, lines: Lines): Matadors {
  if (facts.declarerCardsWithSkat) {
    const m = countMatadors(facts.declarerCardsWithSkat, gameType);
    lines?.push(line('R27', `matadors over the 10 dealt cards and the skat: ${describeMatadors(m)}`));
    return m;
  }
  const m = matadorsFromSigned(facts.matadors as number, gameType);
  lines?.push(line('R27', `matadors (given, cards unknown): ${describeMatadors(m)}`));
  return m;
}

function scoreTrumpGame(facts: ScoringFacts, profile: RuleProfile, gameType: TrumpGameType, options?: ScoreOptions): GameResult {
  const lines = newLines(options);
  const ann = impliedAnnouncements(facts.declaration, lines);
  const matadors = matadorsOf(facts, gameType, lines);
  const p = facts.declarerPoints;

  // R22/R25: won by play, against the highest announced target (all ten tricks, 90, or 61).
  const revoke = facts.endedBy === 'revoke' ? facts.revoke : undefined;
  const wonByPlay = revoke
    ? revokeDecides(facts, ann, revoke, lines)
    : ann.schwarzAnnounced
      ? facts.declarerTricks === 10
      : ann.schneiderAnnounced
        ? p >= 90
        : p >= 61;
  // R20: the offending party loses at the simple level: no schneider or schwarz reached.
  const reached = revoke
    ? { schneiderReached: false, schwarzReached: false, declarerSchneidered: false }
    : profile.reachedLevels === 'iss'
      ? levelsReachedAsPlayed(facts, ann, wonByPlay, lines)
      : levelsReachedOverCompleteGame(facts, lines);
  const { schneiderReached, schwarzReached } = reached;

  if (revoke) {
    // R20's line above says how the game was decided.
  } else if (ann.schwarzAnnounced) {
    lines?.push(
      line(
        'R25',
        wonByPlay ? 'schwarz announced: declarer took every trick: made' : `schwarz announced: defenders took ${facts.defenderTricks} trick(s): lost`,
      ),
    );
  } else if (ann.schneiderAnnounced) {
    lines?.push(line('R25', `schneider announced: declarer ${p} card points ${wonByPlay ? '≥ 90: made' : '< 90: lost'}`));
  } else {
    lines?.push(line('R22', `declarer ${p} card points ${wonByPlay ? '≥ 61: won' : '< 61: lost'}`));
  }
  if (ann.schneiderAnnounced && reached.declarerSchneidered) {
    lines?.push(line('R25', 'declarer schneider after announcing schneider: the schneider level counts once (no Eigenschneider)'));
  }

  // R28 with D1: announced levels count whether or not they were reached.
  const levels: MultiplierLevels = {
    matadors: matadors.count,
    hand: ann.hand,
    schneider: schneiderReached || ann.schneiderAnnounced,
    schneiderAnnounced: ann.schneiderAnnounced,
    schwarz: schwarzReached || ann.schwarzAnnounced,
    schwarzAnnounced: ann.schwarzAnnounced,
    ouvert: ann.ouvert,
  };
  if ((ann.schneiderAnnounced && !schneiderReached) || (ann.schwarzAnnounced && !schwarzReached)) {
    lines?.push(line('D1', 'announced levels count although not reached'));
  }
  const base = baseValue(gameType, profile);
  const multiplier = multiplierOf(levels);
  const value = base * multiplier;
  lines?.push(line('R28', `${countAloud(matadors.signed, levels)} × ${gameType} ${base} = ${value}`));

  // R32/R33: overbid when the value after play is below the bid.
  const overbid = value < facts.bid;
  let chargedMultiplier = multiplier;
  if (overbid) {
    if (profile.overbidLoss === 'doubleReducedValue') {
      lines?.push(line('R32', `overbid: value ${value} < bid ${facts.bid}; charged at its actual value ${value} (V1a)`));
    } else {
      chargedMultiplier = Math.ceil(facts.bid / base);
      const reaching = smallestMultipleReaching(base, facts.bid);
      lines?.push(line('R32', `overbid: value ${value} < bid ${facts.bid}; smallest multiple of ${base} ≥ ${facts.bid} is ${reaching}`));
    }
    if (wonByPlay) lines?.push(line('R33', `overbid game is lost although ${describeWinByPlay(ann, p)}`));
  } else {
    lines?.push(line('R33', `value ${value} ≥ bid ${facts.bid}: bid ok`));
  }
  const won = wonByPlay && !overbid;

  const factor = doublings(facts, lines);
  const gameValue = base * chargedMultiplier * factor;
  if (factor > 1) lines?.push(line('R40', `game value ${base * chargedMultiplier} × ${factor} = ${gameValue}`));

  const score = won ? wonScore(gameValue, lines) : lostScore(profile, ann.hand, gameValue, { base, multiplier: chargedMultiplier, factor }, lines);

  // Every GameResult lists its fields in this order (the JSON of a result depends on it).
  return {
    kind: 'scored',
    passedIn: false,
    declarer: facts.declarer,
    declaration: facts.declaration,
    bid: facts.bid,
    won,
    gameValue,
    score,
    matadors: matadors.signed,
    overbid,
    declarerPoints: p,
    declarerTricks: facts.declarerTricks,
    schneider: schneiderReached,
    schwarz: schwarzReached,
    seatScores: seatScoresFor(facts.declarer, score),
    notScoreableReason: null,
    derivation: lines ?? NO_DERIVATION,
  };
}

/** What levels a game reached, and the facts the win test reads. */
interface LevelsReached {
  readonly schneiderReached: boolean;
  readonly schwarzReached: boolean;
  /** The declarer has 30 or fewer card points (ISkO: in a complete game). */
  readonly declarerSchneidered: boolean;
}

/**
 * R23/R24 (ISkO): levels reached are judged over a complete game only; an early end (R19) leaves
 * the announced levels, which already include everything it could have reached.
 */
function levelsReachedOverCompleteGame(facts: ScoringFacts, lines: Lines): LevelsReached {
  const p = facts.declarerPoints;
  const complete = facts.declarerTricks + facts.defenderTricks === 10;
  if (!complete) {
    lines?.push(line('R19', `play ended early after ${facts.declarerTricks + facts.defenderTricks} tricks: only announced levels count`));
  }
  const declarerSchneidered = complete && p <= 30;
  const defendersSchneidered = complete && p >= 90;
  const declarerSchwarz = complete && facts.declarerTricks === 0;
  const defendersSchwarz = complete && facts.defenderTricks === 0;
  if (defendersSchneidered) lines?.push(line('R23', `declarer ${p} card points ≥ 90: defenders schneider`));
  if (declarerSchneidered) lines?.push(line('R23', `declarer ${p} card points ≤ 30: declarer schneider`));
  const schneiderReached = declarerSchneidered || defendersSchneidered;
  const schwarzReached = declarerSchwarz || defendersSchwarz;
  if (complete && !schneiderReached && (p === 89 || p === 31)) {
    lines?.push(line('R23', `declarer ${p} card points: ${p === 89 ? 'defenders' : 'declarer'} out of schneider with 31`));
  }
  if (defendersSchwarz) lines?.push(line('R24', 'defenders took no trick: schwarz'));
  if (declarerSchwarz) lines?.push(line('R24', 'declarer took no trick: schwarz'));
  if (complete && !schwarzReached && p === 120) {
    lines?.push(line('R24', `declarer has 120 card points but the defenders took ${facts.defenderTricks} trick(s): no schwarz (tricks, not points)`));
  }
  return { schneiderReached, schwarzReached, declarerSchneidered };
}

const ENDINGS: Readonly<Record<ScoringFacts['endedBy'], string>> = {
  allTricks: 'all ten tricks played',
  nullTrickTaken: 'the declarer took a trick',
  defendersTookTrick: 'the defenders took a trick',
  defendersOver30: 'the defenders hold more than 30 card points',
  declarerResigned: 'the declarer resigned',
  defendersResigned: 'both defenders resigned',
  claim: 'the declarer claimed the rest',
  revoke: 'a player failed to follow suit (R20)',
};

/**
 * D3 (the ISS server's scoring): levels are judged over the tricks as played, a resigned game
 * included. A game won by play (61, 90 with schneider announced, all tricks with schwarz
 * announced; an overbid may still lose it) reaches schneider with 90 or more card points and
 * schwarz with all ten tricks. A game lost by play gets the schneider level only if schneider was
 * not announced, at least one trick was completed and the declarer has 30 or fewer points, and the
 * schwarz level only if schwarz was not announced, at least one trick was completed and the
 * declarer took no trick; schwarz reached always counts schneider too. An announcement alone
 * never reaches a level (D1 adds announced levels to the value separately).
 */
function levelsReachedAsPlayed(facts: ScoringFacts, ann: Announcements, wonByPlay: boolean, lines: Lines): LevelsReached {
  const p = facts.declarerPoints;
  const played = facts.declarerTricks + facts.defenderTricks;
  if (played < 10) lines?.push(line('D3', `play ended after ${played} trick(s) (${ENDINGS[facts.endedBy]}): levels judged over the tricks as played`));
  const declarerSchneidered = played > 0 && p <= 30;
  if (wonByPlay) {
    const schneider = p >= 90;
    const schwarz = facts.declarerTricks === 10;
    if (schneider) lines?.push(line('R23', `declarer ${p} card points ≥ 90: defenders schneider`));
    if (schwarz) lines?.push(line('R24', 'defenders took no trick: schwarz'));
    return { schneiderReached: schneider || schwarz, schwarzReached: schwarz, declarerSchneidered };
  }
  if (played === 0) lines?.push(line('D3', "no trick completed: no schneider or schwarz level for the declarer's loss"));
  const schneiderLost = declarerSchneidered && !ann.schneiderAnnounced;
  const schwarzLost = played > 0 && facts.declarerTricks === 0 && !ann.schwarzAnnounced;
  if (schneiderLost) lines?.push(line('R23', `declarer ${p} card points ≤ 30: declarer schneider`));
  else if (declarerSchneidered) lines?.push(line('D3', `declarer ${p} card points ≤ 30, but schneider was announced: no schneider level reached`));
  if (schwarzLost) lines?.push(line('R24', 'declarer took no trick: schwarz (and schneider)'));
  return { schneiderReached: schneiderLost || schwarzLost, schwarzReached: schwarzLost, declarerSchneidered };
}

/**
 * R20: a failure to follow ends the game. A party that had already decided the game keeps its win
 * with the points taken so far; otherwise the offending party loses (at the simple level).
 */
function revokeDecides(facts: ScoringFacts, ann: Announcements, revoke: NonNullable<ScoringFacts['revoke']>, lines: Lines): boolean {
  const p = facts.declarerPoints;
  const declarerHasWon = ann.schwarzAnnounced ? false : ann.schneiderAnnounced ? p >= 90 : p >= 61;
  const defendersHaveWon = ann.schwarzAnnounced ? facts.defenderTricks > 0 : ann.schneiderAnnounced ? revoke.defenderPoints > 30 : revoke.defenderPoints >= 60;
  if (revoke.by === 'declarer') {
    if (declarerHasWon) lines?.push(line('R20', `the declarer failed to follow, but had already won with ${p} card points: he keeps the win`));
    else lines?.push(line('R20', `the declarer failed to follow: the game ends and is lost at the simple level (${p} card points so far)`));
    return declarerHasWon;
  }
  if (defendersHaveWon)
    lines?.push(line('R20', `a defender failed to follow, but the defenders had already won (${revoke.defenderPoints} card points): the declarer loses`));
  else lines?.push(line('R20', `a defender failed to follow: the game ends and the declarer wins at the simple level (${p} card points so far)`));
  return !defendersHaveWon;
}

function describeWinByPlay(ann: Announcements, p: number): string {
  if (ann.schwarzAnnounced) return 'the declarer took every trick';
  return `the declarer has ${p} card points`;
}

// ---------------------------------------------------------------------------------------------
// Null games

function scoreNullGame(facts: ScoringFacts, profile: RuleProfile, options?: ScoreOptions): GameResult {
  const lines = newLines(options);
  const d = facts.declaration;
  const value = nullValue(d);
  lines?.push(line('R29', `${nullGameName(d)}: fixed value ${value}`));
  const resigned = facts.endedBy === 'declarerResigned';
  const revoke = facts.endedBy === 'revoke' ? facts.revoke : undefined;
  const wonByPlay = revoke ? revoke.by === 'defenders' && facts.declarerTricks === 0 : facts.declarerTricks === 0 && !resigned;
  if (revoke)
    lines?.push(
      line('R20', revoke.by === 'declarer' ? 'the declarer failed to follow: the null game is lost' : 'a defender failed to follow: the null game is won'),
    );
  else if (resigned) lines?.push(line('D3', `the declarer resigned: lost (${facts.declarerTricks} trick(s) taken)`));
  else lines?.push(line('R18', wonByPlay ? 'declarer took no trick: won' : `declarer took ${facts.declarerTricks} trick(s): lost`));

  const overbid = !nullReachesBid(d, facts.bid);
  let charged = value;
  if (overbid) {
    charged = nullOverbidCharge(value, facts.bid, profile, lines);
  }
  const won = wonByPlay && !overbid;

  const factor = doublings(facts, lines);
  const gameValue = charged * factor;
  if (factor > 1) lines?.push(line('R40', `game value ${charged} × ${factor} = ${gameValue}`));

  // A null value is one level; V2b's "lost adds a level" therefore doubles it.
  const score = won ? wonScore(gameValue, lines) : lostScore(profile, d.hand, gameValue, { base: gameValue, multiplier: 1, factor: 1 }, lines);

  return {
    kind: 'scored',
    passedIn: false,
    declarer: facts.declarer,
    declaration: facts.declaration,
    bid: facts.bid,
    won,
    gameValue,
    score,
    matadors: 0,
    overbid,
    declarerPoints: facts.declarerPoints,
    declarerTricks: facts.declarerTricks,
    schneider: false,
    schwarz: false,
    seatScores: seatScoresFor(facts.declarer, score),
    notScoreableReason: null,
    derivation: lines ?? NO_DERIVATION,
  };
}

/** D2 / V8: what an overbid null is charged (before the loss is entered). */
function nullOverbidCharge(value: number, bid: number, profile: RuleProfile, lines: Lines): number {
  const head = `overbid null: value ${value} < bid ${bid}`;
  switch (profile.nullOverbid) {
    case 'multipleOfNullValue': {
      const charged = smallestMultipleReaching(value, bid);
      lines?.push(line('D2', `${head}; smallest multiple of ${value} ≥ ${bid} is ${charged}`));
      return charged;
    }
    case 'nextNullValue': {
      const next = nextNullValueReaching(bid);
      if (next !== null) {
        lines?.push(line('D2', `${head}; next null value ≥ ${bid} is ${next} (V8)`));
        return next;
      }
      const charged = smallestMultipleReaching(value, bid);
      lines?.push(line('D2', `${head}; no null value reaches ${bid}, so the smallest multiple of ${value} ≥ ${bid}: ${charged} (V8)`));
      return charged;
    }
    case 'actualNullValue':
      lines?.push(line('D2', `${head}; charged at its own value ${value} (V1a)`));
      return value;
  }
}

// ---------------------------------------------------------------------------------------------
// Shared steps

function kontraFactor(facts: ScoringFacts): number {
  return (facts.kontra ? 2 : 1) * (facts.re ? 2 : 1);
}

/** R40 Kontra ×2 / Re ×4, on the value before a loss is entered. */
function doublings(facts: ScoringFacts, lines: Lines): number {
  if (facts.re) lines?.push(line('R40', 'Kontra and Re: value × 4'));
  else if (facts.kontra) lines?.push(line('R40', 'Kontra: value × 2'));
  return kontraFactor(facts);
}

function wonScore(gameValue: number, lines: Lines): number {
  lines?.push(line('R30', `won: ${signed(gameValue)}`));
  return gameValue;
}

function lostScore(profile: RuleProfile, hand: boolean, gameValue: number, parts: { base: number; multiplier: number; factor: number }, lines: Lines): number {
  switch (profile.lostGame) {
    case 'double':
      lines?.push(line('R31', `lost: −2 × ${gameValue} = ${plain(-2 * gameValue)}`));
      return -2 * gameValue;
    case 'doubleExceptHand':
      if (hand) {
        lines?.push(line('R31', `lost hand game entered once (V2a, pre-1999): ${plain(-gameValue)}`));
        return -gameValue;
      }
      lines?.push(line('R31', `lost: −2 × ${gameValue} = ${plain(-2 * gameValue)}`));
      return -2 * gameValue;
    case 'addLevel': {
      const lostMultiplier = parts.multiplier + 1;
      const charged = parts.base * lostMultiplier * parts.factor;
      const factorText = parts.factor > 1 ? ` × ${parts.factor}` : '';
      lines?.push(line('R31', `lost adds one level (V2b): ${parts.multiplier} + 1 = ${lostMultiplier} × ${parts.base}${factorText} = ${plain(-charged)}`));
      return -charged;
    }
  }
}

function seatScoresFor(declarer: Seat, score: number): readonly [number, number, number] {
  const scores: [number, number, number] = [0, 0, 0];
  scores[declarer] = score;
  return scores;
}

// ---------------------------------------------------------------------------------------------
// Input checks: every refusal names the rule the facts break.

function checkFacts(facts: ScoringFacts, profile: RuleProfile): void {
  if (!isSeat(facts.declarer)) invalid('R2', `declarer must be seat 0, 1 or 2, got ${String(facts.declarer)}`);
  const d = facts.declaration;
  if (!d || !(GAME_TYPES as readonly string[]).includes(d.gameType)) {
    invalid('R11', `unknown game type ${JSON.stringify(d?.gameType)}`);
  }
  checkBid(facts.bid, profile);
  checkCount('R22', 'declarer card points', facts.declarerPoints, 120);
  checkCount('R15', 'declarer tricks', facts.declarerTricks, 10);
  checkCount('R15', 'defender tricks', facts.defenderTricks, 10);
  if (facts.declarerTricks + facts.defenderTricks > 10) {
    invalid('R15', `declarer ${facts.declarerTricks} + defender ${facts.defenderTricks} tricks exceed 10`);
  }
  checkDoublings(facts, profile);
  if (d.gameType === 'null') {
    if (d.schneiderAnnounced || d.schwarzAnnounced) invalid('R29', 'a null game has no schneider or schwarz to announce');
    return;
  }
  if ((d.schneiderAnnounced || d.schwarzAnnounced) && !d.hand && !d.ouvert) {
    invalid('R12', 'schneider or schwarz can only be announced in a hand game');
  }
  checkMatadorSource(facts, d.gameType);
  const played = facts.declarerTricks + facts.defenderTricks;
  const announcedAll = d.schwarzAnnounced || d.ouvert;
  if (played < 10 && !(announcedAll && facts.defenderTricks > 0) && facts.endedBy === 'allTricks') {
    invalid('R19', `only ${played} tricks accounted for, but play is said to have ended with all tricks`);
  }
}

function checkBid(bid: number, profile: RuleProfile): void {
  const grandMultiple = Number.isInteger(bid) && bid % profile.grandBase === 0 && bid / profile.grandBase >= 2 && bid / profile.grandBase <= 11;
  if (!Number.isInteger(bid) || !(isBidValue(bid) || grandMultiple)) {
    invalid('R5', `bid ${bid} is not a legal bid value`);
  }
}

function checkCount(ruleId: string, what: string, n: number, max: number): void {
  if (!Number.isInteger(n) || n < 0 || n > max) invalid(ruleId, `${what} must be an integer from 0 to ${max}, got ${n}`);
}

function checkDoublings(facts: ScoringFacts, profile: RuleProfile): void {
  if ((facts.kontra || facts.re) && !profile.houseOptions.kontraRe) {
    invalid('R40', `Kontra/Re is a house option that profile "${profile.id}" does not switch on`);
  }
  if (facts.re && !facts.kontra) invalid('R40', 'Re answers a Kontra; there was none');
}

function checkMatadorSource(facts: ScoringFacts, gameType: TrumpGameType): void {
  const cards = facts.declarerCardsWithSkat;
  if (cards) {
    if (cards.length !== 12) invalid('R27', `matadors count over 12 cards (10 dealt + 2 skat), got ${cards.length}`);
    // One pass over card bits; the messages are built only when something is wrong.
    let seen = 0;
    let twice = false;
    for (let i = 0; i < cards.length; i++) {
      const at = indexOfCode(cards[i]);
      if (at < 0) invalid('R1', `not cards: ${cards.filter((c) => !isCard(c)).join(', ')}`);
      if (seen & (1 << at)) twice = true;
      seen |= 1 << at;
    }
    if (twice) invalid('R1', `a card appears twice among the declarer's cards and skat`);
    return;
  }
  if (facts.matadors === undefined || facts.matadors === null) {
    invalid('R27', 'neither the declarer cards with skat nor a matador count are known');
  }
  // Range-checks the count against the game type (throws a RangeError naming R27).
  try {
    matadorsFromSigned(facts.matadors, gameType);
  } catch (e) {
    invalid('R27', (e as Error).message.replace(/^R27: /, ''));
  }
}
