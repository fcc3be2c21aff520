/**
 * Issue 11 acceptance: a whole tournament evening through GraphQL over HTTP only. The sheets,
 * standings, ranks and loss fees are compared with values computed here, independently of the
 * product, from the facts entered (rules.md §7: R34 list, R35 Seeger-Fabian, R36, R37; R26-R32
 * for the value of a result-only game). The store is only looked at, to count its events: every
 * refused command must leave that count unchanged.
 */
import { chooseMove, newCommandId } from './deal-flow';
import { codesOf, startServer, gqlData, refusedWith, type TestServer } from './harness';

type Facts =
  | { passedIn: true }
  | {
      passedIn?: false;
      declarer: string;
      game: 'CLUBS' | 'SPADES' | 'HEARTS' | 'DIAMONDS' | 'GRAND' | 'NULL';
      matadors: number;
      bid: number;
      declarerPoints?: number;
      nullWon?: boolean;
      schneider: boolean;
      schwarz: boolean;
    };
/** One deal as this test knows it: who played, who dealt, the declarer's entry (R34). */
interface Known {
  dealNumber: number;
  dealer: string;
  seated: string[];
  declarer: string | null;
  score: number;
  lost: boolean;
}

const BASE: Record<string, number> = { DIAMONDS: 9, HEARTS: 10, SPADES: 11, CLUBS: 12, GRAND: 24 };

/** R26-R32 for a game declared after picking up the skat (no hand, no announcements): the score entered for the declarer. */
function scoreOf(f: Exclude<Facts, { passedIn: true }>): number {
  if (f.game === 'NULL') {
    const overbid = 23 < f.bid;
    const charged = overbid ? 23 * Math.ceil(f.bid / 23) : 23; // D2
    return f.nullWon && !overbid ? 23 : -2 * charged;
  }
  const base = BASE[f.game];
  const multiplier = Math.abs(f.matadors) + 1 + (f.schneider ? 1 : 0) + (f.schwarz ? 1 : 0);
  const value = base * multiplier;
  if (value < f.bid) return -2 * base * Math.ceil(f.bid / base); // R32: overbid, lost at the smallest multiple reaching the bid
  return (f.declarerPoints as number) >= 61 ? value : -2 * value; // R22, R31
}

/** R3/R37: at deal n the dealer is the (n-1)th player after the first dealer; three play, clockwise from his left. */
function seating(players: string[], n: number): { dealer: string; seated: string[] } {
  const d = (n - 1) % players.length;
  const at = (k: number) => players[(d + k) % players.length];
  if (players.length === 3) return { dealer: at(0), seated: [at(1), at(2), at(0)] };
  return { dealer: at(0), seated: [at(1), at(2), at(3)] };
}

/** R34/R35 per player from the deals as this test recorded them; loss fees 50 cents, 100 from the 4th lost game in one list. */
function seegerFabian(players: string[], deals: Known[]) {
  const bonus = players.length === 3 ? 40 : 30;
  const line = Object.fromEntries(players.map((p) => [p, { gamePoints: 0, won: 0, lost: 0, opponentsLost: 0 }]));
  for (const d of deals) {
    if (d.declarer === null) continue;
    line[d.declarer].gamePoints += d.score;
    if (d.lost) {
      line[d.declarer].lost++;
      // R35: every other player at the table, the sitting dealer at a 4-table too.
      for (const p of players) if (p !== d.declarer) line[p].opponentsLost++;
    } else line[d.declarer].won++;
  }
  return players.map((p) => {
    const l = line[p];
    const fee = Math.min(l.lost, 3) * 50 + Math.max(0, l.lost - 3) * 100;
    return { player: p, ...l, total: l.gamePoints + 50 * (l.won - l.lost) + bonus * l.opponentsLost, lossFeeCents: fee };
  });
}

describe('a tournament evening over GraphQL/HTTP (issue 11 acceptance)', () => {
  let s: TestServer;
  let admin: string;
  const ok = (query: string, variables: Record<string, unknown>, token: string) => gqlData(s, query, variables, token);
  /** A refused command: the error's rule (or code) and the event count unchanged. */
  const refused = (query: string, variables: Record<string, unknown>, token: string) => refusedWith(s, query, variables, token);

  /** A recorder's script (dealFlow's choice of moves), reading only the frames since the last position (fast). */
  const playOn = async (_: TestServer, dealId: string, token: string, stopAfter = Infinity): Promise<void> => {
    let step = 0;
    for (let sent = 0; sent < stopAfter; sent++) {
      const r = await ok(
        `query($id: ID!, $from: Int!) { deal(id: $id) { status frames(from: $from) { step phase toAct legalMoves { kind seat value card { code } cards { code } declaration { game hand ouvert schneiderAnnounced schwarzAnnounced } } } } }`,
        { id: dealId, from: step },
        token,
      );
      if (r.deal.status !== 'IN_PROGRESS') return;
      const last = r.deal.frames[r.deal.frames.length - 1];
      step = last.step;
      const move = chooseMove(dealId, last);
      if (!move) return;
      await ok(move.mutation, move.variables, token);
    }
  };

  beforeAll(async () => {
    s = await startServer();
    admin = s.token({ role: 'admin' });
  });
  afterAll(() => s.close());

  it('runs the evening: 3-table of 36 (30 result-only, 6 card by card, a slip undone), 4-table of 48 with passed-in deals, two contests, a seat draw and round 2', async () => {
    const T3 = ['Anna', 'Ben', 'Cleo'];
    const T4 = ['Dora', 'Emil', 'Fritz', 'Gerd'];
    const ENTER = `mutation($c: ID!, $i: EnterResultInput!) { enterResult(commandId: $c, input: $i) { dealId } }`;
    await ok(
      `mutation($c: ID!) { createTournament(commandId: $c, input: { tournamentId: "eve", name: "Club evening", rounds: 2 }) { revision } }`,
      { c: newCommandId() },
      admin,
    );
    await ok(
      `mutation($c: ID!) { setLossFee(commandId: $c, input: { tournamentId: "eve", feeCents: 50, fromFourthLostGameCents: 100 }) { revision } }`,
      { c: newCommandId() },
      admin,
    );
    // The roster in the ledger (L23): entered once each; the round-2 draw below seats it.
    const ENTER_PLAYERS = `mutation($c: ID!, $p: [String!]!) { enterPlayers(commandId: $c, input: { tournamentId: "eve", players: $p }) { events { type } } }`;
    await ok(ENTER_PLAYERS, { c: newCommandId(), p: [...T3, ...T4] }, admin);
    expect(await refused(ENTER_PLAYERS, { c: newCommandId(), p: ['Anna'] }, admin)).toBe('L23');
    expect((await ok(`query { roster(tournamentId: "eve") { player fromRound removedAfterRound } }`, {}, admin)).roster).toEqual(
      [...T3, ...T4].map((player) => ({ player, fromRound: 1, removedAfterRound: null })),
    );
    for (const [tableId, players] of [
      ['eve-t3', T3],
      ['eve-t4', T4],
    ] as const)
      await ok(
        `mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`,
        { c: newCommandId(), i: { tableId, players, firstDealer: players[0], tournamentId: 'eve', round: 1 } },
        admin,
      );

    // Tokens through the API: recorders per table, an arbiter, players bound to the tournament.
    const issue = async (input: Record<string, unknown>) =>
      (
        await ok(
          `mutation($c: ID!, $i: IssueTokenInput!) { issueToken(commandId: $c, input: $i) { token tokenId expiresAt } }`,
          { c: newCommandId(), i: input },
          admin,
        )
      ).issueToken;
    const rec3 = (await issue({ role: 'RECORDER', tableId: 'eve-t3', ttlSeconds: 3600 })).token;
    expect(await refused(ENTER_PLAYERS, { c: newCommandId(), p: ['Zoe'] }, rec3)).toBe('FORBIDDEN');
    const rec4 = (await issue({ role: 'RECORDER', tableId: 'eve-t4', ttlSeconds: 3600 })).token;
    const arbiter = (await issue({ role: 'ARBITER', ttlSeconds: 3600 })).token;
    const playerToken = async (player: string) => (await issue({ role: 'PLAYER', player, tournamentId: 'eve', ttlSeconds: 3600 })).token;
    expect(
      await refused(
        `mutation($c: ID!, $i: IssueTokenInput!) { issueToken(commandId: $c, input: $i) { token } }`,
        { c: newCommandId(), i: { role: 'PLAYER', player: 'Anna' } },
        admin,
      ),
    ).toBe('BAD_USER_INPUT');

    // ---- the 3-table: deals 1-4 and 11-36 result-only, 5-10 card by card.
    const known3: Known[] = [];
    const facts3 = (n: number, declarer: string): Facts => {
      const kinds: Facts[] = [
        { declarer, game: 'CLUBS', matadors: 2, bid: 18, declarerPoints: 75, schneider: false, schwarz: false },
        { declarer, game: 'SPADES', matadors: -1, bid: 22, declarerPoints: 48, schneider: false, schwarz: false },
        { declarer, game: 'GRAND', matadors: 1, bid: 24, declarerPoints: 95, schneider: true, schwarz: false },
        { declarer, game: 'NULL', matadors: 0, bid: 23, nullWon: n % 2 === 0, schneider: false, schwarz: false },
        { declarer, game: 'HEARTS', matadors: 1, bid: 30, declarerPoints: 70, schneider: false, schwarz: false }, // overbid: 20 < 30
        { declarer, game: 'DIAMONDS', matadors: 3, bid: 20, declarerPoints: 120, schneider: true, schwarz: true },
      ];
      return kinds[n % kinds.length];
    };
    const enter = async (tableId: string, token: string, f: Facts, n: number, players: string[], known: Known[]) => {
      const { dealer, seated } = seating(players, n);
      const r = await ok(ENTER, { c: newCommandId(), i: { tableId, result: f } }, token);
      expect(r.enterResult.dealId).toBe(`${tableId}-${n}`);
      known.push(
        f.passedIn
          ? { dealNumber: n, dealer, seated, declarer: null, score: 0, lost: false }
          : { dealNumber: n, dealer, seated, declarer: f.declarer, score: scoreOf(f), lost: scoreOf(f) < 0 },
      );
    };
    for (let n = 1; n <= 4; n++) await enter('eve-t3', rec3, facts3(n, T3[n % 3]), n, T3, known3);

    // Refusals at the table (each leaves the event count unchanged).
    expect(
      await refused(
        `mutation($c: ID!, $i: StartDealInput!) { startDeal(commandId: $c, input: $i) { dealId } }`,
        { c: newCommandId(), i: { dealId: 'eve-t3-y', tableId: 'eve-t3', dealer: 'Zed', players: ['Yan', 'Xu', 'Zed'], cards: { shuffle: 'CRYPTO' } } },
        rec3,
      ),
    ).toBe('L12');
    expect(
      await refused(
        ENTER,
        { c: newCommandId(), i: { tableId: 'eve-t3', result: { declarer: 'Anna', game: 'GRAND', matadors: 5, bid: 18, declarerPoints: 70 } } },
        rec3,
      ),
    ).toBe('R27');
    expect(
      await refused(
        ENTER,
        { c: newCommandId(), i: { tableId: 'eve-t3', result: { declarer: 'Anna', game: 'NULL', matadors: 2, bid: 23, nullWon: true } } },
        rec3,
      ),
    ).toBe('R27');
    expect(
      await refused(
        ENTER,
        { c: newCommandId(), i: { tableId: 'eve-t3', result: { declarer: 'Dora', game: 'CLUBS', matadors: 1, bid: 18, declarerPoints: 70 } } },
        rec3,
      ),
    ).toBe('R2');
    expect(await refused(ENTER, { c: newCommandId(), i: { tableId: 'eve-t3', result: { passedIn: true } } }, rec4)).toBe('FORBIDDEN');

    for (let n = 5; n <= 10; n++) {
      const start = await ok(
        `mutation($c: ID!, $i: StartTableDealInput!) { startTableDeal(commandId: $c, input: $i) { dealId } }`,
        { c: newCommandId(), i: { tableId: 'eve-t3', cards: { shuffle: 'SEEDED', seed: `eve-${n}` } } },
        rec3,
      );
      const dealId = start.startTableDeal.dealId;
      expect(dealId).toBe(`eve-t3-${n}`);
      if (n === 5) {
        // A player token bound to the other table sees Ben's own cards only at its table: here the public view (no hands).
        const benElsewhere = (await issue({ role: 'PLAYER', player: 'Ben', tableId: 'eve-t4', ttlSeconds: 3600 })).token;
        const benHere = (await issue({ role: 'PLAYER', player: 'Ben', tableId: 'eve-t3', ttlSeconds: 3600 })).token;
        const benSeat = ['FOREHAND', 'MIDDLEHAND', 'REARHAND'][seating(T3, n).seated.indexOf('Ben')];
        const HANDS = `query($d: ID!, $p: Perspective!) { deal(id: $d) { frame(step: 0, perspective: $p) { hands { forehand { code } middlehand { code } rearhand { code } } } } }`;
        expect(codesOf(await s.gql(HANDS, { d: dealId, p: benSeat }, benElsewhere))).toEqual(['FORBIDDEN']);
        const own = (await ok(HANDS, { d: dealId, p: benSeat }, benHere)).deal.frame.hands;
        expect(own[benSeat.toLowerCase()]).toHaveLength(10);
        expect(
          await refused(`mutation($c: ID!) { confirmDeal(commandId: $c, input: { dealId: "eve-t3-1" }) { revision } }`, { c: newCommandId() }, benElsewhere),
        ).toBe('FORBIDDEN');
        // L13: a second deal while this one is open.
        expect(await refused(ENTER, { c: newCommandId(), i: { tableId: 'eve-t3', result: { passedIn: true } } }, rec3)).toBe('L13');
        // A slip: middlehand's bid typed as 27 instead of 18; withdrawn, then the evening goes on.
        const slip = await ok(
          `mutation($c: ID!, $d: ID!) { callBid(commandId: $c, input: { dealId: $d, seat: MIDDLEHAND, value: 27 }) { events { eventId } } }`,
          { c: newCommandId(), d: dealId },
          rec3,
        );
        await ok(
          `mutation($c: ID!, $i: WithdrawMoveInput!) { withdrawMove(commandId: $c, input: $i) { events { type } } }`,
          { c: newCommandId(), i: { dealId, reason: 'Ben said 18, not 27' } },
          rec3,
        );
        const frames = await ok(`query($d: ID!) { deal(id: $d) { frames { step event { type } } } }`, { d: dealId }, rec3);
        expect(frames.deal.frames.map((f: any) => f.event.type)).toEqual(['CardsDealt']);
        await playOn(s, dealId, rec3, 2);
        // L15: the withdrawn bid is gone; the first bid now in force was followed by a move: not the last.
        const audit = await ok(`query($d: ID!) { audit(dealId: $d) { events { eventId type } } }`, { d: dealId }, arbiter);
        const types = audit.audit.events.map((e: any) => e.type);
        expect(types).toContain('MoveWithdrawn');
        expect(audit.audit.events.some((e: any) => e.eventId === slip.callBid.events[0].eventId)).toBe(true);
        const firstBid = audit.audit.events.filter((e: any) => e.type === 'BidCalled')[1].eventId;
        expect(
          await refused(
            `mutation($c: ID!, $i: WithdrawMoveInput!) { withdrawMove(commandId: $c, input: $i) { revision } }`,
            { c: newCommandId(), i: { dealId, reason: 'x', moveEventId: firstBid } },
            rec3,
          ),
        ).toBe('L15');
      }
      await playOn(s, dealId, rec3);
      const d = await ok(`query($d: ID!) { deal(id: $d) { dealer players status result { declarer score won } } }`, { d: dealId }, rec3);
      const { dealer, seated } = seating(T3, n);
      expect(d.deal.dealer).toBe(dealer);
      expect(d.deal.players).toEqual(seated);
      const r = d.deal.result;
      // A card-by-card deal's facts are its play: the declarer and the score the engine derived from it.
      const declarer = r.declarer === null ? null : seated[['FOREHAND', 'MIDDLEHAND', 'REARHAND'].indexOf(r.declarer)];
      known3.push({ dealNumber: n, dealer, seated, declarer, score: declarer ? r.score : 0, lost: declarer !== null && r.won === false });
    }
    for (let n = 11; n <= 36; n++) await enter('eve-t3', rec3, n % 9 === 0 ? { passedIn: true } : facts3(n, T3[(n * 7) % 3]), n, T3, known3);
    expect(await refused(ENTER, { c: newCommandId(), i: { tableId: 'eve-t3', result: { passedIn: true } } }, rec3)).toBe('R36');

    // ---- the 4-table: 48 result-only deals, every 5th passed in; the declarer is a player who holds cards.
    const known4: Known[] = [];
    for (let n = 1; n <= 48; n++) {
      const { seated } = seating(T4, n);
      const declarer = seated[n % 3];
      const f: Facts =
        n % 5 === 0
          ? { passedIn: true }
          : n % 4 === 0
            ? { declarer, game: 'GRAND', matadors: -2, bid: 48, declarerPoints: 58, schneider: false, schwarz: false }
            : { declarer, game: n % 2 ? 'HEARTS' : 'SPADES', matadors: (n % 3) + 1, bid: 18, declarerPoints: 61 + (n % 20), schneider: false, schwarz: false };
      await enter('eve-t4', rec4, f, n, T4, known4);
    }

    // ---- confirmations and contests (player tokens bound to the tournament).
    const anna = await playerToken('Anna');
    const ben = await playerToken('Ben');
    const dora = await playerToken('Dora');
    await ok(`mutation($c: ID!) { confirmDeal(commandId: $c, input: { dealId: "eve-t3-1" }) { revision } }`, { c: newCommandId() }, ben);
    expect(await refused(`mutation($c: ID!) { confirmDeal(commandId: $c, input: { dealId: "eve-t3-1" }) { revision } }`, { c: newCommandId() }, dora)).toBe(
      'L16',
    );
    // Contest 1, deal 2 (grand with 1, schneider, 95 points): Anna says the declarer had 89. Upheld with the corrected facts.
    await ok(
      `mutation($c: ID!) { contestDeal(commandId: $c, input: { dealId: "eve-t3-2", reason: "the declarer had 89, not 95" }) { revision } }`,
      { c: newCommandId() },
      anna,
    );
    // Contest 2, deal 2 of the 4-table: rejected.
    await ok(`mutation($c: ID!) { contestDeal(commandId: $c, input: { dealId: "eve-t4-2", reason: "wrong game" }) { revision } }`, { c: newCommandId() }, dora);
    // The contest's text is for those the deal concerns: its players and the arbiter read it, an anonymous visitor
    // and a player of another table see only that a contest is open.
    const DISPUTES = `query { deal(id: "eve-t3-2") { disputes { player reason ruling } } }`;
    const open = [{ player: 'Anna', reason: 'the declarer had 89, not 95', ruling: null }];
    expect((await ok(DISPUTES, {}, anna)).deal.disputes).toEqual(open);
    expect((await ok(DISPUTES, {}, arbiter)).deal.disputes).toEqual(open);
    expect((await gqlData(s, DISPUTES, {})).deal.disputes).toEqual([{ player: 'Anna', reason: null, ruling: null }]);
    expect((await ok(DISPUTES, {}, dora)).deal.disputes).toEqual([{ player: 'Anna', reason: null, ruling: null }]);
    let sheet3 = await ok(`query { scoreSheet(tableId: "eve-t3") { openDisputes rows { dealNumber openDisputes } } }`, {}, admin);
    expect(sheet3.scoreSheet.openDisputes).toBe(1);
    expect(sheet3.scoreSheet.rows.find((r: any) => r.dealNumber === 2).openDisputes).toBe(1);
    // A series with an open dispute does not close (table setting: no).
    expect(await refused(`mutation($c: ID!) { closeSeries(commandId: $c, input: { tableId: "eve-t3" }) { revision } }`, { c: newCommandId() }, rec3)).toBe(
      'L14',
    );
    // A correction to an impossible value is refused (R28).
    expect(
      await refused(
        `mutation($c: ID!) { correctScore(commandId: $c, input: { dealId: "eve-t3-2", reason: "typo", correction: { correctedScore: 7 } }) { revision } }`,
        { c: newCommandId() },
        arbiter,
      ),
    ).toBe('R28');
    const t3d3 = known3.find((k) => k.dealNumber === 2)!;
    expect(t3d3.score).toBe(72);
    const upheldFacts = {
      declarer: t3d3.declarer as string,
      game: 'GRAND',
      matadors: 1,
      bid: 24,
      declarerPoints: 89,
      schneider: false,
      schwarz: false,
    } as const;
    await ok(
      `mutation($c: ID!, $i: RuleDisputeInput!) { ruleDispute(commandId: $c, input: $i) { events { type } } }`,
      { c: newCommandId(), i: { dealId: 'eve-t3-2', upheld: true, reason: 'recount: 89', correction: { facts: upheldFacts } } },
      arbiter,
    );
    t3d3.score = scoreOf(upheldFacts);
    t3d3.lost = t3d3.score < 0;
    await ok(
      `mutation($c: ID!, $i: RuleDisputeInput!) { ruleDispute(commandId: $c, input: $i) { events { type } } }`,
      { c: newCommandId(), i: { dealId: 'eve-t4-2', upheld: false, reason: 'the list is right' } },
      arbiter,
    );
    await ok(`mutation($c: ID!) { closeSeries(commandId: $c, input: { tableId: "eve-t3" }) { revision } }`, { c: newCommandId() }, rec3);
    await ok(`mutation($c: ID!) { closeSeries(commandId: $c, input: { tableId: "eve-t4" }) { revision } }`, { c: newCommandId() }, rec4);
    // L14: SeriesClosed froze the sheets: no more confirmations or contests (the tables did not keep them open).
    expect(await refused(`mutation($c: ID!) { confirmDeal(commandId: $c, input: { dealId: "eve-t3-3" }) { revision } }`, { c: newCommandId() }, anna)).toBe(
      'L14',
    );
    expect(
      await refused(
        `mutation($c: ID!) { contestDeal(commandId: $c, input: { dealId: "eve-t4-3", reason: "late" }) { revision } }`,
        { c: newCommandId() },
        dora,
      ),
    ).toBe('L14');

    // ---- the sheets equal the independent computation (R34/R35, loss fees).
    const SHEET = `query($t: ID!) { scoreSheet(tableId: $t) { closed complete dealsPlayed problems { ruleId } rows { dealNumber dealer declarer entry resultOnly totals { player total } }
      totals { player gamePoints won lost opponentsLost seegerFabian rank lossFees lossFeeCents } } }`;
    for (const [tableId, players, known, resultOnlyRows] of [
      ['eve-t3', T3, known3, 30],
      ['eve-t4', T4, known4, 48],
    ] as const) {
      const sheet = (await ok(SHEET, { t: tableId }, admin)).scoreSheet;
      expect(sheet).toMatchObject({ closed: true, complete: true, dealsPlayed: known.length, problems: [] });
      expect(sheet.rows.filter((r: any) => r.resultOnly)).toHaveLength(resultOnlyRows);
      expect(sheet.rows.map((r: any) => [r.dealNumber, r.dealer, r.declarer, r.entry])).toEqual(
        known.map((k) => [k.dealNumber, k.dealer, k.declarer, k.score]),
      );
      const expected = seegerFabian([...players], known);
      expect(
        sheet.totals.map((t: any) => ({
          player: t.player,
          gamePoints: t.gamePoints,
          won: t.won,
          lost: t.lost,
          opponentsLost: t.opponentsLost,
          total: t.seegerFabian,
          lossFeeCents: t.lossFeeCents,
        })),
      ).toEqual(
        expected.map((e) => ({
          player: e.player,
          gamePoints: e.gamePoints,
          won: e.won,
          lost: e.lost,
          opponentsLost: e.opponentsLost,
          total: e.total,
          lossFeeCents: e.lossFeeCents,
        })),
      );
    }

    // ---- standings: R35 rank by total, then more won, then fewer lost.
    const all = [...seegerFabian(T3, known3), ...seegerFabian(T4, known4)].sort((a, b) => b.total - a.total || b.won - a.won || a.lost - b.lost);
    const STANDINGS = `query { standings(tournamentId: "eve") { lines { rank player total won lost lossFees lossFeeCents tieBreak } } }`;
    const standings = (await ok(STANDINGS, {}, admin)).standings.lines;
    expect(standings.map((l: any) => [l.player, l.total, l.won, l.lost, l.lossFeeCents])).toEqual(
      all.map((e) => [e.player, e.total, e.won, e.lost, e.lossFeeCents]),
    );
    expect(standings.map((l: any) => l.rank)).toEqual(
      all.map((e, i) => 1 + all.findIndex((x) => x.total === e.total && x.won === e.won && x.lost === e.lost) + 0 * i),
    );

    // ---- round 1 closes (L21) once its series are; the tournament does not close before its last round (L22).
    const CLOSE_ROUND = `mutation($c: ID!, $r: Int!) { closeRound(commandId: $c, input: { tournamentId: "eve", round: $r }) { events { type } } }`;
    const CLOSE_TOURNAMENT = `mutation($c: ID!) { closeTournament(commandId: $c, input: { tournamentId: "eve" }) { events { type } } }`;
    expect(await refused(CLOSE_TOURNAMENT, { c: newCommandId() }, admin)).toBe('L22');
    expect(await refused(CLOSE_ROUND, { c: newCommandId(), r: 1 }, rec3)).toBe('FORBIDDEN');
    expect((await ok(CLOSE_ROUND, { c: newCommandId(), r: 1 }, admin)).closeRound.events.map((e: any) => e.type)).toEqual(['RoundClosed']);
    expect(await refused(CLOSE_ROUND, { c: newCommandId(), r: 1 }, admin)).toBe('L21');

    // ---- the seat draw for round 2, by standings: the best four at table 1, the next three at table 2.
    await ok(
      `mutation($c: ID!) { drawSeats(commandId: $c, input: { tournamentId: "eve", round: 2, method: BY_STANDINGS }) { events { type } } }`,
      { c: newCommandId() },
      admin,
    );
    expect(
      await refused(
        `mutation($c: ID!) { drawSeats(commandId: $c, input: { tournamentId: "eve", round: 2, method: RANDOM, seed: "x" }) { revision } }`,
        { c: newCommandId() },
        admin,
      ),
    ).toBe('L1');
    const tables = (
      await ok(`query { tournaments { tournamentId lossFeeCents tables { tableId round players dealsPlayed seriesLength closed openDealId } } }`, {}, admin)
    ).tournaments[0];
    expect(tables.lossFeeCents).toBe(50);
    const round2 = tables.tables.filter((t: any) => t.round === 2);
    expect(round2.map((t: any) => t.players)).toEqual([all.slice(0, 4).map((e) => e.player), all.slice(4).map((e) => e.player)]);
    expect(round2.map((t: any) => t.seriesLength)).toEqual([48, 36]);

    // One deal of round 2 at table 1: the first dealer is its first player; rearhand of his left declares.
    const r2 = round2[0];
    const rec21 = (await issue({ role: 'RECORDER', tableId: r2.tableId, ttlSeconds: 3600 })).token;
    const known21: Known[] = [];
    const { seated } = seating(r2.players, 1);
    await enter(
      r2.tableId,
      rec21,
      { declarer: seated[0], game: 'CLUBS', matadors: 1, bid: 18, declarerPoints: 40, schneider: false, schwarz: false },
      1,
      r2.players,
      known21,
    );
    const sheet21 = (await ok(SHEET, { t: r2.tableId }, admin)).scoreSheet;
    const expected21 = seegerFabian(r2.players, known21);
    expect(sheet21.totals.map((t: any) => [t.player, t.seegerFabian, t.lossFeeCents])).toEqual(expected21.map((e) => [e.player, e.total, e.lossFeeCents]));
    const withRound2 = [...seegerFabian(T3, known3), ...seegerFabian(T4, known4), ...expected21].reduce<
      Record<string, { total: number; won: number; lost: number; fee: number }>
    >((acc, e) => {
      const a = acc[e.player] ?? { total: 0, won: 0, lost: 0, fee: 0 };
      acc[e.player] = { total: a.total + e.total, won: a.won + e.won, lost: a.lost + e.lost, fee: a.fee + e.lossFeeCents };
      return acc;
    }, {});
    const after = (await ok(STANDINGS, {}, admin)).standings.lines;
    for (const l of after)
      expect([l.total, l.won, l.lost, l.lossFeeCents]).toEqual([
        withRound2[l.player].total,
        withRound2[l.player].won,
        withRound2[l.player].lost,
        withRound2[l.player].fee,
      ]);

    // ---- round 2 closes only once its series are closed (L21), then the tournament closes (L22) and takes no further round.
    expect(await refused(CLOSE_ROUND, { c: newCommandId(), r: 2 }, admin)).toBe('L21');
    for (const t of round2) {
      const rec = (await issue({ role: 'RECORDER', tableId: t.tableId, ttlSeconds: 3600 })).token;
      await ok(
        `mutation($c: ID!, $t: ID!) { closeSeries(commandId: $c, input: { tableId: $t, reason: "the evening ends" }) { revision } }`,
        { c: newCommandId(), t: t.tableId },
        rec,
      );
    }
    await ok(CLOSE_ROUND, { c: newCommandId(), r: 2 }, admin);
    expect((await ok(CLOSE_TOURNAMENT, { c: newCommandId() }, admin)).closeTournament.events.map((e: any) => e.type)).toEqual(['TournamentClosed']);
    expect(
      await refused(
        `mutation($c: ID!) { drawSeats(commandId: $c, input: { tournamentId: "eve", round: 3, method: BY_STANDINGS }) { revision } }`,
        { c: newCommandId() },
        admin,
      ),
    ).toBe('L22');
    expect((await ok(`query { tournaments { closedRounds closedAfterRound closedEarly } }`, {}, admin)).tournaments[0]).toEqual({
      closedRounds: [1, 2],
      closedAfterRound: 2,
      closedEarly: false,
    });

    // A revoked recorder token is refused from then on.
    const spare = await issue({ role: 'RECORDER', tableId: r2.tableId, ttlSeconds: 3600 });
    await ok(
      `mutation($c: ID!, $i: RevokeTokenInput!) { revokeToken(commandId: $c, input: $i) { revision } }`,
      { c: newCommandId(), i: { tokenId: spare.tokenId, reason: 'handed to the wrong table' } },
      admin,
    );
    expect(await refused(ENTER, { c: newCommandId(), i: { tableId: r2.tableId, result: { passedIn: true } } }, spare.token)).toBe('UNAUTHENTICATED');
    sheet3 = await ok(`query { scoreSheet(tableId: "eve-t3") { rows { dealNumber corrected originalEntry entry } } }`, {}, admin);
    expect(sheet3.scoreSheet.rows.find((r: any) => r.dealNumber === 2)).toMatchObject({ corrected: true, originalEntry: 72, entry: t3d3.score });
  }, 180_000); // a bound, not a measure: at load 10-14 on two cores this evening has taken over 60 s
});
