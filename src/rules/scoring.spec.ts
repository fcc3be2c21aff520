import fc from 'fast-check';
import { BID_VALUES } from './bid-values';
import { ALL_CARDS, type Card } from './card';
import type { Declaration, GameType } from './declaration';
import type { GameResult } from './game-result';
import { scoreGame } from './scoring';
import type { ScoringFacts } from './scoring-facts';
import { getProfile } from './variant';
import type { RuleProfile } from './variant/rule-profile';

const isko = getProfile('isko');

function declare(gameType: GameType, more: Partial<Declaration> = {}): Declaration {
  return { gameType, hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false, ...more };
}

/** Facts of a complete game (10 tricks); tricks follow the points unless given. */
function facts(gameType: GameType, more: Partial<ScoringFacts> & { decl?: Partial<Declaration> } = {}): ScoringFacts {
  const { decl, ...rest } = more;
  const points = rest.declarerPoints ?? 61;
  const declarerTricks = rest.declarerTricks ?? (points === 120 ? 10 : Math.min(9, Math.max(1, Math.round(points / 12))));
  return {
    declarer: 1,
    declaration: declare(gameType, decl),
    bid: 18,
    declarerCardsWithSkat: null,
    matadors: gameType === 'null' ? undefined : 1,
    declarerPoints: points,
    declarerTricks,
    defenderTricks: 10 - declarerTricks,
    kontra: false,
    re: false,
    endedBy: 'allTricks',
    ...rest,
  };
}

const score = (f: ScoringFacts, profile: RuleProfile = isko): GameResult => scoreGame(f, profile);
const texts = (r: GameResult, ruleId: string): string[] => r.derivation.filter((l) => l.ruleId === ruleId).map((l) => l.text);

describe('scoreGame: winning conditions (R22-R25)', () => {
  it('R22 example: 61 points won, 60 points (60:60) lost', () => {
    expect(score(facts('clubs', { declarerPoints: 61 }))).toMatchObject({ won: true, score: 24 });
    expect(score(facts('clubs', { declarerPoints: 60 }))).toMatchObject({ won: false, score: -48 });
    expect(texts(score(facts('clubs', { declarerPoints: 60 })), 'R22')).toEqual(['declarer 60 card points < 61: lost']);
  });

  it('R23 example: spades with 2 and 89 points is no schneider (33, not 44)', () => {
    const r = score(facts('spades', { matadors: 2, declarerPoints: 89 }));
    expect(r).toMatchObject({ won: true, gameValue: 33, score: 33, schneider: false });
  });

  it('R23 schneider either side: declarer 90 makes the defenders schneider; declarer 30 is schneider himself, 31 is out', () => {
    expect(score(facts('clubs', { declarerPoints: 90 }))).toMatchObject({ schneider: true, score: 36 });
    expect(score(facts('clubs', { declarerPoints: 30 }))).toMatchObject({ schneider: true, score: -72 });
    expect(score(facts('clubs', { declarerPoints: 31 }))).toMatchObject({ schneider: false, score: -48 });
  });

  it('R24 schwarz is about tricks: a 0-point trick to the defenders prevents schwarz at 120 points', () => {
    const allTricks = score(facts('grand', { declarerPoints: 120, declarerTricks: 10 }));
    expect(allTricks).toMatchObject({ schwarz: true, gameValue: 96 });
    const zeroTrick = score(facts('grand', { declarerPoints: 120, declarerTricks: 9 }));
    expect(zeroTrick).toMatchObject({ schwarz: false, schneider: true, gameValue: 72 });
    expect(texts(zeroTrick, 'R24')[0]).toMatch(/no schwarz \(tricks, not points\)/);
  });

  it('R24 the declarer taking no trick is schwarz against him', () => {
    expect(score(facts('grand', { declarerPoints: 0, declarerTricks: 0 }))).toMatchObject({ schwarz: true, schneider: true, score: -192 });
  });

  it('R25 schneider announced needs 90; a higher level than announced counts (schwarz made)', () => {
    const hand = { hand: true, schneiderAnnounced: true };
    expect(score(facts('clubs', { decl: hand, declarerPoints: 90 }))).toMatchObject({ won: true, score: 60 });
    expect(score(facts('clubs', { decl: hand, declarerPoints: 120, declarerTricks: 10 }))).toMatchObject({ won: true, score: 72 });
  });

  it('R25 no Eigenschneider: declarer schneider after announcing it counts schneider once', () => {
    const r = score(facts('clubs', { decl: { hand: true, schneiderAnnounced: true }, declarerPoints: 25 }));
    expect(r).toMatchObject({ won: false, gameValue: 60, score: -120 });
    expect(texts(r, 'R25').join(' ')).toMatch(/no Eigenschneider/);
  });

  it('R25/R19 schwarz announced: lost the moment the defenders take a trick, scored at the announced level', () => {
    // Play stopped after the defenders won trick 1: 13 points were the untouched skat.
    const r = score(facts('clubs', { decl: { ouvert: true }, declarerPoints: 13, declarerTricks: 0, defenderTricks: 1, endedBy: 'defendersTookTrick' }));
    // Clubs ouvert with 1: 1 + game + hand, schneider, announced, schwarz, announced, ouvert = 8 -> 96 -> -192 (ISS record 13577).
    expect(r).toMatchObject({ won: false, gameValue: 96, score: -192, schneider: false, schwarz: false });
  });
});

describe('scoreGame: game value (R26-R30)', () => {
  // rules.md R28 worked examples.
  it.each<[string, GameType, number, Partial<Declaration>, number, number, number]>([
    ['clubs with 1, simple: 12 x 2 = 24', 'clubs', 1, {}, 61, 7, 24],
    ['clubs with 1, schneider made: 12 x 3 = 36', 'clubs', 1, {}, 90, 8, 36],
    ['clubs hand with 1, schneider announced & made: 12 x 5 = 60', 'clubs', 1, { hand: true, schneiderAnnounced: true }, 95, 8, 60],
    ['clubs hand with 1, schwarz announced & made: 12 x 7 = 84', 'clubs', 1, { hand: true, schneiderAnnounced: true, schwarzAnnounced: true }, 120, 10, 84],
    ['grand with 4, schneider: 24 x 6 = 144', 'grand', 4, {}, 95, 8, 144],
    ['grand with 4, schwarz (made, not announced): 24 x 7 = 168', 'grand', 4, {}, 120, 10, 168],
    ['clubs ouvert with 2: 12 x 9 = 108', 'clubs', 2, { hand: true, schneiderAnnounced: true, schwarzAnnounced: true, ouvert: true }, 120, 10, 108],
    ['grand ouvert with 4: 24 x 11 = 264', 'grand', 4, { ouvert: true }, 120, 10, 264],
  ])('R28 example: %s', (_name, gameType, matadors, decl, declarerPoints, declarerTricks, value) => {
    const r = score(facts(gameType, { matadors, decl, declarerPoints, declarerTricks }));
    expect(r).toMatchObject({ won: true, gameValue: value, score: value, matadors });
  });

  it('R28/R27 example: hearts hand, CJ in hand, SJ in skat, 93 points: with 2, game, hand, schneider = 50', () => {
    const dealt: Card[] = ['CJ', 'HA', 'HT', 'HK', 'HQ', 'H9', 'SA', 'ST', 'DA', 'C7'];
    const r = score(facts('hearts', { decl: { hand: true }, declarerCardsWithSkat: [...dealt, 'SJ', 'D7'], matadors: undefined, declarerPoints: 93 }));
    expect(r).toMatchObject({ won: true, gameValue: 50, score: 50, matadors: 2, schneider: true });
    expect(texts(r, 'R27')).toEqual(['matadors over the 10 dealt cards and the skat: with 2 (CJ, SJ)']);
    expect(texts(r, 'R28')).toEqual(['with 2, game 3, hand 4, schneider 5 × hearts 10 = 50']);
  });

  it('R26 grand base 24 (1999: grand ouvert no longer 36); V3 profile base 20', () => {
    expect(score(facts('grand', { declarerPoints: 61 })).gameValue).toBe(48);
    expect(score(facts('grand', { declarerPoints: 61 }), { ...isko, grandBase: 20 }).gameValue).toBe(40);
  });

  it('R29 example: null ouvert after pick-up won 46, lost -92; null lost iff the declarer took a trick', () => {
    expect(score(facts('null', { decl: { ouvert: true }, declarerPoints: 0, declarerTricks: 0 }))).toMatchObject({ won: true, score: 46, matadors: 0 });
    const lost = score(facts('null', { decl: { ouvert: true }, declarerPoints: 4, declarerTricks: 1, defenderTricks: 2, endedBy: 'nullTrickTaken' }));
    expect(lost).toMatchObject({ won: false, gameValue: 46, score: -92, schneider: false, schwarz: false });
  });

  it('R30 example: bid 18, played clubs with 3 = 48 -> +48 (value from play, not the bid)', () => {
    const r = score(facts('clubs', { matadors: 3, bid: 18, declarerPoints: 70 }));
    expect(r).toMatchObject({ won: true, gameValue: 48, score: 48, seatScores: [0, 48, 0], declarer: 1, bid: 18 });
    expect(texts(r, 'R30')).toEqual(['won: +48']);
  });
});

describe('scoreGame: lost games (R31) and announcements (D1)', () => {
  it('R31 example: diamonds, only HJ (without 2), lost: 9 x 3 = 27 -> -54', () => {
    const r = score(facts('diamonds', { matadors: -2, declarerPoints: 50 }));
    expect(r).toMatchObject({ won: false, gameValue: 27, score: -54, matadors: -2 });
    expect(texts(r, 'R31')).toEqual(['lost: −2 × 27 = −54']);
  });

  it('R31 example: spades with 1, 30 points: 33 -> -66; with 31 points: 22 -> -44', () => {
    expect(score(facts('spades', { declarerPoints: 30 })).score).toBe(-66);
    expect(score(facts('spades', { declarerPoints: 31 })).score).toBe(-44);
  });

  it('R31 example: grand with 1, declarer takes no trick: 24 x 4 = 96 -> -192', () => {
    expect(score(facts('grand', { declarerPoints: 0, declarerTricks: 0 })).score).toBe(-192);
  });

  it('R31 every lost game counts twice, hand games included (since 1999)', () => {
    expect(score(facts('hearts', { decl: { hand: true }, declarerPoints: 40 }))).toMatchObject({ gameValue: 30, score: -60 });
    expect(score(facts('null', { decl: { hand: true }, declarerPoints: 0, declarerTricks: 1, defenderTricks: 0, endedBy: 'nullTrickTaken' })).score).toBe(-70);
  });

  it('D1 example / R31: clubs hand with 1, schneider announced, 89 points: 12 x 5 = 60 -> -120', () => {
    const r = score(facts('clubs', { decl: { hand: true, schneiderAnnounced: true }, declarerPoints: 89 }));
    expect(r).toMatchObject({ won: false, gameValue: 60, score: -120, schneider: false });
    expect(texts(r, 'D1')).toEqual(['announced levels count although not reached']);
  });

  it('D1 / R31 example: clubs hand with 1, schwarz announced, defenders take a 0-point trick: 12 x 7 = 84 -> -168', () => {
    const r = score(facts('clubs', { decl: { hand: true, schneiderAnnounced: true, schwarzAnnounced: true }, declarerPoints: 120, declarerTricks: 9 }));
    expect(r).toMatchObject({ won: false, gameValue: 84, score: -168, schwarz: false, schneider: true });
  });

  it('D1 / R12 ouvert implies hand, schneider and schwarz announced even when the flags are not set', () => {
    const r = score(facts('grand', { matadors: 4, decl: { ouvert: true }, declarerPoints: 106, declarerTricks: 9 }));
    expect(r).toMatchObject({ won: false, gameValue: 264, score: -528 });
    expect(texts(r, 'R12')).toEqual(['ouvert implies hand, schneider announced, schwarz announced']);
  });
});

describe('scoreGame: overbid (R32, R33) and overbid null (D2)', () => {
  it('R32 example: bid 22, diamonds without 1 (18), 89 points: lost at 27 -> -54; with 90 points schneider cures it: +27', () => {
    const lost = score(facts('diamonds', { matadors: -1, bid: 22, declarerPoints: 89 }));
    expect(lost).toMatchObject({ won: false, overbid: true, gameValue: 27, score: -54 });
    expect(texts(lost, 'R32')).toEqual(['overbid: value 18 < bid 22; smallest multiple of 9 ≥ 22 is 27']);
    const cured = score(facts('diamonds', { matadors: -1, bid: 22, declarerPoints: 90 }));
    expect(cured).toMatchObject({ won: true, overbid: false, gameValue: 27, score: 27 });
  });

  it('R32 example: bid 24, hearts, CJ found in skat -> with 1, game = 20 < 24 -> 30 -> -60', () => {
    const dealt: Card[] = ['S9', 'HA', 'HK', 'H9', 'H8', 'SA', 'DT', 'DK', 'DQ', 'D8'];
    const r = score(facts('hearts', { bid: 24, declarerCardsWithSkat: [...dealt, 'CJ', 'C9'], matadors: undefined, declarerPoints: 75 }));
    expect(r).toMatchObject({ won: false, overbid: true, matadors: 1, gameValue: 30, score: -60 });
    expect(texts(r, 'R32')).toEqual(['overbid: value 20 < bid 24; smallest multiple of 10 ≥ 24 is 30']);
    expect(texts(r, 'R31')).toEqual(['lost: −2 × 30 = −60']);
  });

  it('R32 example (ISkO 5.4.2): bid 72, spades hand "without 5" (77), CJ in skat -> with 1, game, hand = 33 -> 77 -> -154, even with 85 points', () => {
    const dealt: Card[] = ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'HA', 'HT', 'DA', 'DT'];
    const withoutSkat = scoreGame(facts('spades', { decl: { hand: true }, bid: 18, declarerCardsWithSkat: [...dealt, 'C7', 'D7'], matadors: undefined }), isko);
    expect(withoutSkat.matadors).toBe(-4); // what the declarer could count on from his hand alone (plus an empty skat)
    const r = score(facts('spades', { decl: { hand: true }, bid: 72, declarerCardsWithSkat: [...dealt, 'CJ', 'D7'], matadors: undefined, declarerPoints: 85 }));
    expect(r).toMatchObject({ won: false, overbid: true, matadors: 1, gameValue: 77, score: -154 });
    expect(texts(r, 'R33')).toEqual(['overbid game is lost although the declarer has 85 card points']);
  });

  it('R32 example (Rasche): bid 30, hearts "without 2", CJ in skat -> 20 < 30 -> 30 -> -60', () => {
    expect(score(facts('hearts', { matadors: 1, bid: 30, declarerPoints: 70 }))).toMatchObject({ overbid: true, gameValue: 30, score: -60 });
  });

  it('R33 order: matadors, then the levels reached (incl. the declarer being schneider), then value against the bid', () => {
    // Hearts with 1 at bid 30: 20 < 30 would be overbid, but the declarer is schneider: 30 >= 30, a plain loss of 30.
    const r = score(facts('hearts', { matadors: 1, bid: 30, declarerPoints: 20 }));
    expect(r).toMatchObject({ overbid: false, won: false, gameValue: 30, score: -60 });
    expect(texts(r, 'R33')).toEqual(['value 30 ≥ bid 30: bid ok']);
  });

  it('D2 example: bid 24, null (23) -> smallest multiple 46, doubled -> -92, although no trick was taken', () => {
    const r = score(facts('null', { bid: 24, declarerPoints: 0, declarerTricks: 0 }));
    expect(r).toMatchObject({ won: false, overbid: true, gameValue: 46, score: -92, matadors: 0 });
    expect(texts(r, 'D2')).toEqual(['overbid null: value 23 < bid 24; smallest multiple of 23 ≥ 24 is 46']);
  });

  it('D2 profile setting nextNullValue (V8): bid 24, null -> 35 -> -70; above 59 it falls back to the multiple', () => {
    const v8: RuleProfile = { ...isko, nullOverbid: 'nextNullValue' };
    expect(score(facts('null', { bid: 24, declarerPoints: 0, declarerTricks: 0 }), v8)).toMatchObject({ gameValue: 35, score: -70 });
    expect(score(facts('null', { bid: 60, declarerPoints: 0, declarerTricks: 0 }), v8)).toMatchObject({ gameValue: 69, score: -138 });
  });
});

describe('scoreGame under other profiles (D4, V1, V2) and house options (R40; R41 not offered)', () => {
  it('V1a cardgames-io: overbid loses twice the actual value (bid 30, contract worth 24 -> -48)', () => {
    const r = score(facts('clubs', { matadors: 1, bid: 30, declarerPoints: 70 }), getProfile('cardgames-io'));
    expect(r).toMatchObject({ won: false, overbid: true, gameValue: 24, score: -48 });
  });

  it('V1a cardgames-io: an overbid null is charged its own value, doubled (bid 24 -> -46)', () => {
    expect(score(facts('null', { bid: 24, declarerPoints: 0, declarerTricks: 0 }), getProfile('cardgames-io')).score).toBe(-46);
  });

  it('V2b swedish-textbook: a lost game adds one level: diamonds without 2, game 3, lost 4 -> -36', () => {
    const r = score(facts('diamonds', { matadors: -2, declarerPoints: 50 }), getProfile('swedish-textbook'));
    expect(r).toMatchObject({ won: false, gameValue: 27, score: -36 });
    expect(texts(r, 'R31')).toEqual(['lost adds one level (V2b): 3 + 1 = 4 × 9 = −36']);
  });

  it('V2a pre-1999: a lost hand game is entered once, a lost pick-up game twice', () => {
    const pre = getProfile('pre-1999');
    expect(score(facts('hearts', { decl: { hand: true }, declarerPoints: 40 }), pre).score).toBe(-30);
    expect(score(facts('hearts', { declarerPoints: 40 }), pre).score).toBe(-40);
  });

  it('R40 Kontra doubles, Re quadruples, and the loss doubling applies on top (clubs with 1 lost: 24 x 4 x 2 = -192)', () => {
    const kr = getProfile('isko', { kontraRe: true });
    expect(score(facts('clubs', { kontra: true, declarerPoints: 61 }), kr)).toMatchObject({ gameValue: 48, score: 48 });
    const r = score(facts('clubs', { kontra: true, re: true, declarerPoints: 60 }), kr);
    expect(r).toMatchObject({ gameValue: 96, score: -192 });
    expect(texts(r, 'R40')).toEqual(['Kontra and Re: value × 4', 'game value 24 × 4 = 96']);
  });

  it('R40 Kontra is refused when the profile does not switch it on, and Re needs a Kontra', () => {
    expect(() => score(facts('clubs', { kontra: true }))).toThrow(/R40: Kontra\/Re is a house option/);
    expect(() => score(facts('clubs', { re: true }), getProfile('isko', { kontraRe: true }))).toThrow(/R40: Re answers a Kontra/);
  });

  it('R41 Bock rounds are not offered (issue #25 item 2): no profile switches them on', () => {
    expect(() => getProfile('isko', { bock: true } as never)).toThrow('D4: unknown house option "bock"; known options: kontraRe, ramsch');
  });
});

describe('scoreGame refuses bad facts with the rule they break', () => {
  it.each<[string, Partial<ScoringFacts> & { decl?: Partial<Declaration> }, RegExp]>([
    ['an illegal bid', { bid: 19 }, /^R5: bid 19/],
    ['card points above 120', { declarerPoints: 121 }, /^R22/],
    ['more than 10 tricks', { declarerTricks: 6, defenderTricks: 5 }, /^R15/],
    ['no matadors and no cards', { matadors: undefined }, /^R27/],
    ['a matador count a grand cannot have', { matadors: 5, declaration: declare('grand') }, /^R27/],
    [
      '11 cards for matadors',
      { matadors: undefined, declarerCardsWithSkat: ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8', 'C7'] },
      /^R27: matadors count over 12 cards/,
    ],
    ['a duplicated card', { matadors: undefined, declarerCardsWithSkat: ['CJ', 'CJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8', 'C7', 'D7'] }, /^R1/],
    ['schneider announced after picking up', { decl: { schneiderAnnounced: true } }, /^R12/],
    ['an unknown game type', { declaration: { ...declare('clubs'), gameType: 'bridge' as GameType } }, /^R11/],
    ['a declarer seat 3', { declarer: 3 as never }, /^R2/],
    ['fewer than 10 tricks said to end with all tricks', { declarerTricks: 5, defenderTricks: 3 }, /^R19/],
  ])('refuses %s', (_name, more, message) => {
    expect(() => score(facts('clubs', more))).toThrow(message);
  });

  it('refuses schneider announced in a null game (R29)', () => {
    expect(() => score(facts('null', { decl: { hand: true, schneiderAnnounced: true }, declarerPoints: 0, declarerTricks: 0 }))).toThrow(/^R29/);
  });
});

describe('scoreGame result fields follow the ISS result string', () => {
  it('ISS 596891: diamonds with 1 at bid 36, 41 points -> d:2 loss v:-72 m:1 overbid p:41 t:4 s:0 z:0', () => {
    const r = scoreGame({ ...facts('diamonds', { matadors: 1, bid: 36, declarerPoints: 41, declarerTricks: 4 }), declarer: 2 }, getProfile('iss'));
    expect(r).toMatchObject({
      kind: 'scored',
      declarer: 2,
      won: false,
      score: -72,
      matadors: 1,
      overbid: true,
      declarerPoints: 41,
      declarerTricks: 4,
      schneider: false,
      schwarz: false,
      seatScores: [0, 0, -72],
    });
  });

  it('ISS 10327743: grand with 1, declarer 12 points and 1 trick -> loss v:-144 m:1 s:1 z:0', () => {
    const r = scoreGame({ ...facts('grand', { bid: 48, declarerPoints: 12, declarerTricks: 1 }), declarer: 0 }, getProfile('iss'));
    expect(r).toMatchObject({ score: -144, matadors: 1, overbid: false, schneider: true, schwarz: false });
  });

  it('every derivation line carries a rule ID', () => {
    const r = score(facts('grand', { matadors: 2, decl: { hand: true }, declarerPoints: 95, bid: 96 }));
    expect(r.derivation.length).toBeGreaterThan(3);
    for (const l of r.derivation) expect(l.ruleId).toMatch(/^(R\d+|D\d)$/);
  });
});

describe('scoreGame properties over random facts (R22-R33, R27)', () => {
  const BASE: Record<string, number> = { diamonds: 9, hearts: 10, spades: 11, clubs: 12, grand: 24 };

  type RandomTrump = {
    gameType: GameType;
    cards: Card[];
    hand: boolean;
    schneiderAnnounced: boolean;
    bid: number;
    points: number;
    declarerTricks: number;
    declarer: 0 | 1 | 2;
  };
  const trumpFacts: fc.Arbitrary<RandomTrump> = fc.record({
    gameType: fc.constantFrom<GameType>('diamonds', 'hearts', 'spades', 'clubs', 'grand'),
    cards: fc.shuffledSubarray<Card>([...ALL_CARDS], { minLength: 12, maxLength: 12 }),
    hand: fc.boolean(),
    schneiderAnnounced: fc.boolean(),
    bid: fc.constantFrom(...BID_VALUES.filter((b) => b <= 120)),
    points: fc.integer({ min: 0, max: 120 }),
    declarerTricks: fc.integer({ min: 0, max: 10 }),
    declarer: fc.constantFrom<0 | 1 | 2>(0, 1, 2),
  });
  const toFacts = (t: RandomTrump): ScoringFacts => ({
    declarer: t.declarer,
    declaration: declare(t.gameType, { hand: t.hand, schneiderAnnounced: t.hand && t.schneiderAnnounced }),
    bid: t.bid,
    declarerCardsWithSkat: t.cards,
    declarerPoints: t.declarerTricks === 10 ? 120 : t.declarerTricks === 0 ? Math.min(t.points, 30) : t.points,
    declarerTricks: t.declarerTricks,
    defenderTricks: 10 - t.declarerTricks,
    kontra: false,
    re: false,
    endedBy: 'allTricks',
  });

  it('R30/R31/R32: won scores +value ≥ bid; lost scores −2 × value; an overbid is charged the smallest multiple of the base reaching the bid', () => {
    fc.assert(
      fc.property(trumpFacts, (t) => {
        const r = score(toFacts(t));
        const base = BASE[t.gameType];
        if (r.won) return r.score === r.gameValue && r.gameValue! >= t.bid && !r.overbid;
        if (r.score !== -2 * r.gameValue!) return false;
        if (r.gameValue! % base !== 0) return false;
        return !r.overbid || (r.gameValue! >= t.bid && r.gameValue! - base < t.bid);
      }),
      { numRuns: 500 },
    );
  });

  it('R22/R23: with the tricks fixed, more card points never lower the score', () => {
    fc.assert(
      fc.property(trumpFacts, fc.integer({ min: 1, max: 9 }), (t, tricks) => {
        let previous = -Infinity;
        for (let p = 0; p <= 120; p++) {
          const s = score({ ...toFacts({ ...t, declarerTricks: tricks }), declarerPoints: p }).score!;
          if (s < previous) return false;
          previous = s;
        }
        return true;
      }),
      { numRuns: 100 },
    );
  });

  it('R27/R28: matadors are 1..11 (grand 1..4), "with" exactly when CJ is held, and the seat gets the score', () => {
    fc.assert(
      fc.property(trumpFacts, (t) => {
        const r = score(toFacts(t));
        const max = t.gameType === 'grand' ? 4 : 11;
        const m = r.matadors!;
        return (
          m !== 0 &&
          Math.abs(m) <= max &&
          m > 0 === t.cards.includes('CJ') &&
          r.seatScores[t.declarer] === r.score &&
          r.seatScores.reduce((a, b) => a + b, 0) === r.score
        );
      }),
      { numRuns: 500 },
    );
  });
});
