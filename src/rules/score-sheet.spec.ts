import type { Declaration, GameType } from './declaration';
import type { GameResult } from './game-result';
import { classicList, lossFees, rankByR35, seegerFabian, seriesLength, seriesProgress, type SheetDeal } from './score-sheet';
import { scoreGame } from './scoring';
import type { Seat } from './seat';
import { dealSeating, type TableSize } from './table-seats';
import { getProfile } from './variant';

const isko = getProfile('isko');

const PASSED_IN: GameResult = {
  kind: 'passedIn',
  passedIn: true,
  declarer: null,
  declaration: null,
  bid: null,
  won: null,
  gameValue: null,
  score: 0,
  matadors: null,
  overbid: false,
  declarerPoints: null,
  declarerTricks: null,
  schneider: false,
  schwarz: false,
  seatScores: [0, 0, 0],
  notScoreableReason: null,
  derivation: [],
};

interface Game {
  readonly gameType: GameType;
  readonly matadors?: number;
  readonly points?: number;
  readonly declarerTricks?: number;
  readonly bid?: number;
  readonly decl?: Partial<Declaration>;
}

/** Score a game with the real scorer; the declarer sits at `seat`. */
function play(seat: Seat, g: Game): GameResult {
  const points = g.points ?? (g.gameType === 'null' ? 0 : 61);
  const declarerTricks = g.declarerTricks ?? (g.gameType === 'null' ? 0 : Math.min(9, Math.max(1, Math.round(points / 12))));
  return scoreGame(
    {
      declarer: seat,
      declaration: { gameType: g.gameType, hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false, ...g.decl },
      bid: g.bid ?? 18,
      declarerCardsWithSkat: null,
      matadors: g.gameType === 'null' ? undefined : (g.matadors ?? 1),
      declarerPoints: points,
      declarerTricks,
      defenderTricks: 10 - declarerTricks,
      kontra: false,
      re: false,
      endedBy: g.gameType === 'null' && declarerTricks > 0 ? 'nullTrickTaken' : 'allTricks',
    },
    isko,
  );
}

/** One deal at a table of `players` (clockwise), seated by R2/R3 from the dealer; null declarer = passed in. */
function deal(players: readonly string[], dealer: string, declarer: string | null, g?: Game): SheetDeal {
  const seating = dealSeating({ size: players.length as TableSize }, players.indexOf(dealer));
  if (!seating.ok) throw new Error(seating.refusal.reason);
  const seatPlayers = seating.value.seats.map((pos) => players[pos]) as [string, string, string];
  if (declarer === null) return { seatPlayers, dealer, result: PASSED_IN };
  return { seatPlayers, dealer, result: play(seatPlayers.indexOf(declarer) as Seat, g!) };
}

const perf = (sheet: ReturnType<typeof seegerFabian>) => Object.fromEntries(sheet.players.map((p) => [p.player, p.performance]));

describe('classic list (R34)', () => {
  it("R34 only the declarer's column changes; a passed-in deal scores 0 and counts as a game", () => {
    const players = ['A', 'B', 'C'];
    const sheet = classicList(players, [
      deal(players, 'A', 'B', { gameType: 'clubs', matadors: 1, points: 70 }), // B +24
      deal(players, 'B', null), // passed in
      deal(players, 'C', 'A', { gameType: 'grand', matadors: 1, points: 50 }), // A -96
    ]);
    expect(sheet.rows.map((r) => r.entries)).toEqual([
      { A: 0, B: 24, C: 0 },
      { A: 0, B: 0, C: 0 },
      { A: -96, B: 0, C: 0 },
    ]);
    expect(sheet.totals).toEqual({ A: -96, B: 24, C: 0 });
    expect(sheet.gamesCounted).toBe(3);
    expect(sheet.derivation.map((l) => l.text)).toEqual([
      'deal 1: B won +24',
      'deal 2: passed in, 0 for everyone (counts as a game)',
      'deal 3: A lost −96',
      'totals after 3 games: A −96, B 24, C 0',
    ]);
  });
});

describe('Seeger-Fabian (R35)', () => {
  it('R35 example, 3-table: declarer loses clubs with 2 (-72): -72 - 50 = -122, each defender +40', () => {
    const players = ['A', 'B', 'C'];
    const sheet = seegerFabian(players, [deal(players, 'C', 'A', { gameType: 'clubs', matadors: 2, points: 50 })]);
    expect(perf(sheet)).toEqual({ A: -122, B: 40, C: 40 });
    expect(sheet.derivation.map((l) => l.text)).toContain('deal 1: A lost; +40 each to B, C');
  });

  it('R35 example, 3-table: declarer wins clubs with 2: 36 + 50 = 86', () => {
    const players = ['A', 'B', 'C'];
    const sheet = seegerFabian(players, [deal(players, 'C', 'A', { gameType: 'clubs', matadors: 2, points: 70 })]);
    expect(perf(sheet)).toEqual({ A: 86, B: 0, C: 0 });
  });

  it('R35 example, 4-table (R3): declarer loses grand with 1 (-96): -146, each of the other three +30, the sitting dealer included', () => {
    const players = ['A', 'B', 'C', 'D'];
    const d = deal(players, 'D', 'A', { gameType: 'grand', matadors: 1, points: 40 });
    expect(d.seatPlayers).toEqual(['A', 'B', 'C']);
    expect(perf(seegerFabian(players, [d]))).toEqual({ A: -146, B: 30, C: 30, D: 30 });
  });

  it('R35 an overbid loss counts as a lost game', () => {
    const players = ['A', 'B', 'C'];
    const overbid = play(0, { gameType: 'diamonds', matadors: -1, points: 89, bid: 22 }); // -54
    expect(overbid.overbid).toBe(true);
    const d: SheetDeal = { seatPlayers: ['A', 'B', 'C'], dealer: 'C', result: overbid };
    expect(perf(seegerFabian(players, [d]))).toEqual({ A: -104, B: 40, C: 40 });
  });

  it('D5 5-table: the two players sitting out get the 30 bonus like the 4-table dealer (a setting)', () => {
    const players = ['A', 'B', 'C', 'D', 'E'];
    // Dealer E sits out, and C (offset 3 clockwise from E, the table-seats default): A, B, D play.
    const d = deal(players, 'E', 'A', { gameType: 'grand', matadors: 1, points: 40 });
    expect(d.seatPlayers).toEqual(['A', 'B', 'D']);
    expect(perf(seegerFabian(players, [d]))).toEqual({ A: -146, B: 30, C: 30, D: 30, E: 30 });
    expect(perf(seegerFabian(players, [d], { fiveTableSittingOutGetBonus: false }))).toEqual({ A: -146, B: 30, C: 0, D: 30, E: 0 });
    expect(perf(seegerFabian(players, [d], { opponentLossBonus: { 3: 40, 4: 30, 5: 20 } }))).toEqual({ A: -146, B: 20, C: 20, D: 20, E: 20 });
  });

  it('R35 ties: more won games first, then fewer lost games, then lot', () => {
    const line = (player: string, performance: number, won: number, lost: number) => ({
      player,
      gamePoints: 0,
      won,
      lost,
      opponentLosses: 0,
      bonus: 0,
      performance,
    });
    const lines = [line('A', 300, 5, 2), line('B', 300, 6, 3), line('C', 300, 6, 2), line('D', 300, 6, 2), line('E', 400, 1, 0)];
    const ranked = rankByR35(lines, undefined);
    expect(ranked.map((r) => [r.player, r.rank, r.tiedByLot])).toEqual([
      ['E', 1, false],
      ['C', 2, true],
      ['D', 2, true],
      ['B', 4, false],
      ['A', 5, false],
    ]);
    const byLot = rankByR35(lines, ['D', 'C']);
    expect(byLot.map((r) => [r.player, r.rank])).toEqual([
      ['E', 1],
      ['D', 2],
      ['C', 3],
      ['B', 4],
      ['A', 5],
    ]);
    const explained: { ruleId: string; text: string }[] = [];
    rankByR35(lines, undefined, explained);
    expect(explained.map((l) => l.text)).toEqual([
      'C and D tie on 300 with 6 won and 2 lost: to be decided by lot',
      'D ahead of B on 300: fewer lost games (2 < 3)',
      'B ahead of A on 300: more won games (6 > 5)',
    ]);
  });
});

describe('checks (D5, R37)', () => {
  it('R37 refuses a list where the deal does not pass to the left; R4 lets a misdeal be redealt', () => {
    const players = ['A', 'B', 'C'];
    const d1 = deal(players, 'A', 'B', { gameType: 'clubs', points: 70 });
    const d2 = deal(players, 'C', 'A', { gameType: 'clubs', points: 70 });
    expect(() => classicList(players, [d1, d2])).toThrow('R37: deal 2: after A the deal passes to B (players in clockwise order), not C');
    const misdeal: SheetDeal = { ...deal(players, 'B', null), result: { ...PASSED_IN, kind: 'notScoreable', score: null } };
    const redeal = deal(players, 'B', 'C', { gameType: 'clubs', points: 70 });
    const sheet = classicList(players, [d1, misdeal, redeal]);
    expect(sheet.gamesCounted).toBe(2);
  });

  it('D5 refuses tables of 2 or 6 and a 4-table dealer holding cards', () => {
    expect(() => classicList(['A', 'B'], [])).toThrow(/^D5/);
    expect(() => classicList(['A', 'B', 'C', 'D', 'E', 'F'], [])).toThrow(/^D5/);
    const players = ['A', 'B', 'C', 'D'];
    const wrong: SheetDeal = { ...deal(players, 'D', 'A', { gameType: 'clubs' }), dealer: 'A' };
    expect(() => classicList(players, [wrong])).toThrow(/^R3/);
  });
});

describe('a full 36-deal series at a 3-player table (R34, R35, R36, R37)', () => {
  const players = ['A', 'B', 'C']; // clockwise; dealer A seats B (forehand), C, A (rearhand)
  const dealers = Array.from({ length: 36 }, (_, i) => players[i % 3]); // R37: A, B, C, A, ...
  // [declarer, game, score as entered]; null = passed in.
  const games: Array<[string | null, Game | null, number]> = [
    ['B', { gameType: 'clubs', matadors: 1, points: 75 }, 24], // 1
    ['A', { gameType: 'grand', matadors: 2, points: 80 }, 72], // 2: 24 x 3
    [null, null, 0], // 3 passed in
    ['C', { gameType: 'hearts', matadors: -2, points: 50 }, -60], // 4: 10 x 3 lost
    ['C', { gameType: 'spades', matadors: 1, points: 95 }, 33], // 5: 11 x 3 schneider
    ['A', { gameType: 'null' }, 23], // 6
    ['B', { gameType: 'diamonds', matadors: 1, points: 61 }, 18], // 7
    ['A', { gameType: 'clubs', matadors: -3, points: 85 }, 48], // 8: 12 x 4
    ['B', { gameType: 'grand', matadors: 1, points: 55 }, -96], // 9
    ['C', { gameType: 'hearts', matadors: 1, points: 70 }, 20], // 10
    ['C', { gameType: 'null', decl: { hand: true }, declarerTricks: 1 }, -70], // 11
    ['A', { gameType: 'spades', matadors: -1, points: 62 }, 22], // 12
    ['B', { gameType: 'grand', matadors: 1, points: 90, decl: { hand: true } }, 96], // 13: 24 x 4
    ['A', { gameType: 'diamonds', matadors: 1, points: 70, bid: 27 }, -54], // 14: overbid 18 < 27 -> 27
    [null, null, 0], // 15 passed in
    ['C', { gameType: 'clubs', matadors: 2, points: 88 }, 36], // 16
    ['A', { gameType: 'hearts', matadors: 1, points: 40 }, -40], // 17
    ['B', { gameType: 'clubs', matadors: 1, points: 61 }, 24], // 18
    ['B', { gameType: 'null', decl: { ouvert: true } }, 46], // 19
    ['C', { gameType: 'grand', matadors: 3, points: 100 }, 120], // 20: 24 x 5
    ['A', { gameType: 'clubs', matadors: 1, points: 28 }, -72], // 21: declarer schneider, 12 x 3 lost
    ['C', { gameType: 'spades', matadors: 2, points: 66 }, 33], // 22
    ['A', { gameType: 'diamonds', matadors: 3, points: 61 }, 36], // 23: 9 x 4
    ['B', { gameType: 'hearts', matadors: -1, points: 59 }, -40], // 24
    ['B', { gameType: 'grand', matadors: -1, points: 70 }, 48], // 25
    ['C', { gameType: 'clubs', matadors: 1, points: 61 }, 24], // 26
    [null, null, 0], // 27 passed in
    ['C', { gameType: 'null', declarerTricks: 1 }, -46], // 28
    ['A', { gameType: 'clubs', matadors: 4, points: 92 }, 72], // 29: 12 x 6
    ['B', { gameType: 'spades', matadors: 1, points: 45 }, -44], // 30
    ['B', { gameType: 'hearts', matadors: 2, points: 73 }, 30], // 31
    ['A', { gameType: 'grand', matadors: 1, points: 61 }, 48], // 32
    ['A', { gameType: 'diamonds', matadors: -1, points: 30 }, -54], // 33: 9 x 3 lost
    ['C', { gameType: 'clubs', matadors: -2, points: 64 }, 36], // 34
    ['C', { gameType: 'grand', matadors: 2, points: 58 }, -144], // 35
    ['B', { gameType: 'clubs', matadors: 1, points: 61 }, 24], // 36
  ];
  const deals = games.map(([declarer, g], i) => deal(players, dealers[i], declarer, g ?? undefined));

  it('R34 each deal is entered as the scorer says', () => {
    expect(deals.map((d) => d.result.score)).toEqual(games.map(([, , s]) => s));
  });

  it('R34 totals by hand: A 101, B 130, C -18', () => {
    // A: +72 +23 +48 +22 −54 −40 −72 +36 +72 +48 −54 = 101 (won 2,6,8,12,23,29,32 = 7; lost 14,17,21,33 = 4)
    // B: +24 +18 −96 +96 +24 +46 −40 +48 −44 +30 +24 = 130 (won 1,7,13,18,19,25,31,36 = 8; lost 9,24,30 = 3)
    // C: −60 +33 +20 −70 +36 +120 +33 +24 −46 +36 −144 = −18 (won 5,10,16,20,22,26,34 = 7; lost 4,11,28,35 = 4)
    const sheet = classicList(players, deals);
    expect(sheet.totals).toEqual({ A: 101, B: 130, C: -18 });
    expect(sheet.gamesCounted).toBe(36); // 33 games + 3 passed in
  });

  it('R35 Seeger-Fabian by hand: B 700, A 531, C 412', () => {
    // A: 101 + 50 × (7 − 4) + 40 × (B lost 3 + C lost 4 = 7) = 101 + 150 + 280 = 531
    // B: 130 + 50 × (8 − 3) + 40 × (A lost 4 + C lost 4 = 8) = 130 + 250 + 320 = 700
    // C: −18 + 50 × (7 − 4) + 40 × (A lost 4 + B lost 3 = 7) = −18 + 150 + 280 = 412
    const sheet = seegerFabian(players, deals);
    expect(sheet.players.map((p) => [p.player, p.rank, p.gamePoints, p.won, p.lost, p.opponentLosses, p.performance])).toEqual([
      ['B', 1, 130, 8, 3, 8, 700],
      ['A', 2, 101, 7, 4, 7, 531],
      ['C', 3, -18, 7, 4, 7, 412],
    ]);
    expect(sheet.derivation.map((l) => l.text)).toContain("A: game points 101 + 50 × (7 won − 4 lost) + 40 × 7 opponents' lost games = 531");
  });

  it('R35 loss fees at 0.50 per lost game (a setting): A 2.00, B 1.50, C 2.00, total 5.50', () => {
    const fees = lossFees(players, deals);
    expect(fees.players.map((p) => [p.player, p.lostGames, p.feeCents])).toEqual([
      ['A', 4, 200],
      ['B', 3, 150],
      ['C', 4, 200],
    ]);
    expect(fees.totalCents).toBe(550);
    expect(lossFees(players, deals, { feeCentsPerLostGame: { 3: 100, 4: 100, 5: 100 } }).totalCents).toBe(1100);
  });

  it('R36 the series is 36 games at a 3-table (48 at 4), passed-in deals included', () => {
    expect(seriesLength(isko, 3)).toBe(36);
    expect(seriesLength(isko, 4)).toBe(48);
    expect(seriesProgress(isko, players, deals.slice(0, 35))).toMatchObject({ gamesPlayed: 35, remaining: 1, complete: false });
    expect(seriesProgress(isko, players, deals)).toMatchObject({ gamesPlayed: 36, remaining: 0, complete: true });
    expect(() => seriesProgress(getProfile('cardgames-io'), players, deals)).toThrow(/^R36: a series at a 3-table has 12 games/);
  });

  it('R37 the deal passes to the left: each player deals 12 of the 36', () => {
    expect(classicList(players, deals).rows.filter((r) => r.dealer === 'A')).toHaveLength(12);
    expect(['A', 'B', 'C'].map((p) => deals.filter((d) => d.dealer === p).length)).toEqual([12, 12, 12]);
  });
});
