/**
 * Issue 5 acceptance over real HTTP and graphql-ws: a deal recorded through mutations and followed
 * live by three players; hidden cards never reach a role that may not see them; refusals append nothing.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { collect, codesOf, gqlData, refusedWith, startServer, untilSubscribers, type TestServer } from './harness';
import { GIVEN_CARDS, newCommandId, openTableAndDeal, playOn, position, chooseMove } from './deal-flow';

const SHARED = resolve(__dirname, '..', '..', '..', 'shared');
const PLAYERS = ['Anna', 'Ben', 'Cleo'];
const SEAT_KEYS = ['forehand', 'middlehand', 'rearhand'] as const;

const UPDATES = `subscription($id: ID!) { dealUpdates(dealId: $id) { eventType revision status
  frame { step phase hands { forehand { code } middlehand { code } rearhand { code } } skat { code }
    hidden { forehand middlehand rearhand skat }
    currentTrick { cards { card { code } } } completedTricks { cards { card { code } } } legalMoves { kind card { code } } } } }`;

/** Every card code anywhere in a value. */
function codesIn(value: unknown): Set<string> {
  const out = new Set<string>();
  JSON.stringify(value, (k, v) => {
    if (k === 'code' && typeof v === 'string') out.add(v);
    return v;
  });
  return out;
}

describe('GraphQL API end to end (issue 5)', () => {
  let s: TestServer;
  let admin: string;
  let recorder: string;
  beforeAll(async () => {
    s = await startServer({ privateTournaments: ['secret-cup'] });
    admin = s.token({ role: 'admin' });
    recorder = s.token({ role: 'recorder', table: 't1' });
  });
  afterAll(async () => s.close());

  it('R2/R15: records a whole deal through mutations while three player subscriptions each see only their own hand', async () => {
    const dealId = await openTableAndDeal(s, 't1', PLAYERS, admin, recorder);
    const { deal } = await position(s, dealId, recorder);
    const seatOf = (name: string) => deal.players.indexOf(name) as 0 | 1 | 2;
    const dealt = GIVEN_CARDS.hands;

    const subs = PLAYERS.map((name) => ({ name, seat: seatOf(name), sub: collect(s.ws(s.token({ role: 'player', player: name })), UPDATES, { id: dealId }) }));
    const watcher = collect(s.ws(), UPDATES, { id: dealId }); // anonymous: public view
    await untilSubscribers(s, dealId, 4);

    const moves = await playOn(s, dealId, recorder);
    expect(moves.length).toBeGreaterThan(30);
    const eventCount = (await s.ledger.dealEvents(dealId)).length;
    for (const { sub } of subs) await sub.until((r) => r.some((m) => m.data?.dealUpdates?.status !== 'IN_PROGRESS'));
    await watcher.until((r) => r.some((m) => m.data?.dealUpdates?.status !== 'IN_PROGRESS'));

    const played = new Set<string>();
    const allPlays = (await s.ledger.dealEvents(dealId)).filter((e) => e.type === 'CardPlayed').map((e) => (e.data as { card: string }).card);
    for (const { name, seat, sub } of subs) {
      expect(sub.failure).toBeNull();
      const updates = sub.received.map((m) => {
        expect(m.errors).toBeUndefined();
        return m.data.dealUpdates;
      });
      // Every event recorded after subscribing arrived, in order.
      expect(updates.length).toBe(eventCount - 2);
      const live = updates.filter((u: any) => u.status === 'IN_PROGRESS');
      expect(live.length).toBeGreaterThan(30);
      played.clear();
      const declarerSeat = (await s.gql(`query($id: ID!) { deal(id: $id) { result { declarer } } }`, { id: dealId })).body.data.deal.result.declarer;
      const isDeclarer = ['FOREHAND', 'MIDDLEHAND', 'REARHAND'][seat] === declarerSeat;
      const declarerSkat = new Set<string>();
      for (const u of live) {
        const f = u.frame;
        if (!f) continue;
        for (const t of [...f.completedTricks, ...(f.currentTrick ? [f.currentTrick] : [])]) for (const c of t.cards) played.add(c.card.code);
        // Own hand visible, the other two hidden.
        for (const other of [0, 1, 2].filter((x) => x !== seat)) {
          expect(f.hands[SEAT_KEYS[other]]).toEqual([]);
        }
        expect(f.hidden[SEAT_KEYS[seat]]).toBe(0);
        // The declarer sees the skat once he has picked it up (R9/R10), nobody else while live.
        if (isDeclarer && !['BIDDING', 'SKAT_DECISION'].includes(f.phase)) GIVEN_CARDS.skat.forEach((c) => declarerSkat.add(c));
        if (!isDeclarer) expect(f.skat).toEqual([]);
        // No card this player could not know: own dealt cards, played cards, and (as declarer) the skat.
        for (const code of codesIn(f)) {
          const known = dealt[seat].includes(code as never) || played.has(code) || declarerSkat.has(code);
          if (!known) throw new Error(`${name} (seat ${seat}) saw hidden card ${code} at step ${f.step}`);
        }
      }
      expect(allPlays.length).toBe(30);
    }
    // The anonymous watcher saw no hand at all while the deal was live.
    for (const m of watcher.received.map((x) => x.data.dealUpdates).filter((u: any) => u.status === 'IN_PROGRESS' && u.frame)) {
      expect(m.frame.hands).toEqual({ forehand: [], middlehand: [], rearhand: [] });
      expect(m.frame.skat).toEqual([]);
      expect(m.frame.legalMoves.every((mv: any) => mv.card === null)).toBe(true);
    }
    subs.forEach(({ sub }) => sub.stop());
    watcher.stop();

    // The finished deal, read anonymously: all frames and the result.
    const r = await s.gql(
      `query($id: ID!) { deal(id: $id) { status players result { passedIn declarer game won score gameValue matadors bid declarerPoints declarerTricks schneider schwarz overbid derivation }
        frames { step event { type } hands { forehand { code suit rank points } middlehand { code } rearhand { code } } } } }`,
      { id: dealId },
    );
    expect(r.body.errors).toBeUndefined();
    const finished = r.body.data.deal;
    expect(finished.status).toBe('SCORED');
    expect(finished.result).toMatchObject({ passedIn: false, game: 'GRAND', won: true, score: 48, gameValue: 48, matadors: 1, bid: 18 });
    expect(finished.result.derivation.some((l: string) => l.startsWith('R28'))).toBe(true);
    expect(finished.frames[0].step).toBe(0);
    expect(finished.frames[0].hands.forehand.map((c: any) => c.code)).toEqual(dealt[0]);
    expect(finished.frames[0].hands.forehand[0]).toEqual({ code: 'CA', suit: 'C', rank: 'A', points: 11 });
    expect(finished.frames.length).toBeGreaterThan(35);
  });

  it('R16: an illegal card is refused with ILLEGAL_MOVE, its rule ID, and no event appended', async () => {
    const dealId = await openTableAndDeal(s, 't1', PLAYERS, admin, recorder);
    await playOn(s, dealId, recorder, 8); // bidding, skat, declaration, first card
    const { last } = await position(s, dealId, recorder);
    expect(last.phase).toBe('PLAYING');
    const before = (await s.ledger.dealEvents(dealId)).length;
    const hand = last.hands[last.toAct.toLowerCase()].map((c: any) => c.code);
    const legal = new Set(last.legalMoves.filter((m: any) => m.kind === 'play').map((m: any) => m.card.code));
    const illegal = hand.find((c: string) => !legal.has(c));
    const notHeld = ['CA', 'CT', 'HA', 'D7', 'SJ'].find((c) => !hand.includes(c) && !legal.has(c))!;
    for (const card of [illegal, notHeld].filter(Boolean)) {
      const r = await s.gql(
        `mutation($c: ID!, $d: ID!, $s: Seat!, $card: String!) { playCard(commandId: $c, input: { dealId: $d, seat: $s, card: $card }) { revision } }`,
        { c: newCommandId(), d: dealId, s: last.toAct, card },
        recorder,
      );
      expect(codesOf(r)).toEqual(['ILLEGAL_MOVE']);
      expect(r.body.errors![0].extensions!.ruleId).toMatch(/^R\d+$/);
      expect(typeof r.body.errors![0].extensions!.reason).toBe('string');
      expect(JSON.stringify(r.body)).not.toMatch(/stacktrace|at .*\.ts:/);
    }
    // Out of turn: a seat that is not to act.
    const wrongSeat = ['FOREHAND', 'MIDDLEHAND', 'REARHAND'].find((x) => x !== last.toAct)!;
    const r = await s.gql(
      `mutation($c: ID!, $d: ID!, $s: Seat!) { playCard(commandId: $c, input: { dealId: $d, seat: $s, card: "CJ" }) { revision } }`,
      { c: newCommandId(), d: dealId, s: wrongSeat },
      recorder,
    );
    expect(codesOf(r)).toEqual(['ILLEGAL_MOVE']);
    expect((await s.ledger.dealEvents(dealId)).length).toBe(before);
  });

  it('two recorders racing on one deal with the same expected revision: one is recorded, the other gets CONFLICT', async () => {
    const dealId = await openTableAndDeal(s, 't1', PLAYERS, admin, recorder);
    await playOn(s, dealId, recorder, 8);
    const { deal, last } = await position(s, dealId, recorder);
    const second = s.token({ role: 'recorder', table: 't1' });
    const move = chooseMove(dealId, last)!;
    const before = (await s.ledger.dealEvents(dealId)).length;
    const [a, b] = await Promise.all(
      [recorder, second].map((tok) =>
        s.gql(
          move.mutation
            .replace('$seat: Seat!', '$seat: Seat!, $rev: String')
            .replace('commandId: $commandId,', 'commandId: $commandId, expectedRevision: $rev,'),
          { ...move.variables, commandId: newCommandId(), rev: deal.revision },
          tok,
        ),
      ),
    );
    const outcomes = [a, b].map((r) => (r.body.errors ? codesOf(r)[0] : 'OK')).sort();
    expect(outcomes).toEqual(['CONFLICT', 'OK']);
    const conflict = [a, b].find((r) => r.body.errors)!.body.errors![0].extensions!;
    expect(conflict.expected).toBe(deal.revision);
    expect(BigInt(conflict.actual)).toBeGreaterThan(BigInt(deal.revision));
    expect((await s.ledger.dealEvents(dealId)).length).toBe(before + 1);
  });

  it("R34/R35: an arbiter's correction changes the score sheet; the original stays in the audit", async () => {
    await s.gql(
      `mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`,
      { c: newCommandId(), i: { tableId: 't2', players: PLAYERS, firstDealer: 'Anna' } },
      admin,
    );
    const rec2 = s.token({ role: 'recorder', table: 't2' });
    const start = await s.gql(
      `mutation($c: ID!, $i: StartTableDealInput!) { startTableDeal(commandId: $c, input: $i) { dealId } }`,
      { c: newCommandId(), i: { tableId: 't2', cards: GIVEN_CARDS } },
      rec2,
    );
    const dealId = start.body.data.startTableDeal.dealId;
    await playOn(s, dealId, rec2);
    const sheet = async () =>
      (
        await s.gql(
          `{ scoreSheet(tableId: "t2") { rows { entry corrected originalEntry correctionReason } totals { player gamePoints won lost seegerFabian } } }`,
        )
      ).body.data.scoreSheet;
    const before = await sheet();
    const ben = before.totals.find((t: any) => t.gamePoints !== 0);
    expect(ben.gamePoints).toBe(48);

    const arbiter = s.token({ role: 'arbiter', player: 'Referee' });
    const corr = await s.gql(
      `mutation($c: ID!, $d: ID!) { correctScore(commandId: $c, input: { dealId: $d, reason: "declarer revoked in trick 3", correction: { correctedScore: -96, won: false } }) { revision events { type } } }`,
      { c: newCommandId(), d: dealId },
      arbiter,
    );
    expect(corr.body.errors).toBeUndefined();
    expect(corr.body.data.correctScore.events.map((e: any) => e.type)).toEqual(['ScoreCorrected']);
    const after = await sheet();
    expect(after.rows[0]).toMatchObject({ entry: -96, corrected: true, originalEntry: 48, correctionReason: 'declarer revoked in trick 3' });
    const benAfter = after.totals.find((t: any) => t.player === ben.player);
    expect(benAfter).toMatchObject({ gamePoints: -96, won: 0, lost: 1 });
    expect(benAfter.seegerFabian).not.toBe(ben.seegerFabian);

    const audit = await s.gql(
      `query($d: ID!) { audit(dealId: $d) { intact agrees corrections { eventId correctedScore previousScore reason } recorded { score originalScore corrected } events { type hash prevHash metadata { key value } } derivation { ruleId text eventIds } } }`,
      { d: dealId },
    );
    expect(audit.body.errors).toBeUndefined();
    const a = audit.body.data.audit;
    expect(a.intact).toBe(true);
    expect(a.corrections).toEqual([{ eventId: expect.any(String), correctedScore: -96, previousScore: 48, reason: 'declarer revoked in trick 3' }]);
    // The audit's recorded result is the deal's result in force (one view, #16 item 3); R34: the correction's line rests on its event.
    expect(a.recorded).toEqual({ score: -96, originalScore: 48, corrected: true });
    expect(a.agrees).toBe(true);
    expect(a.derivation.filter((l: any) => l.ruleId === 'R34' && l.text.startsWith('corrected by'))).toEqual([
      { ruleId: 'R34', text: expect.stringContaining('declarer revoked in trick 3'), eventIds: [a.corrections[0].eventId] },
    ]);
    expect(a.events.some((e: any) => e.type === 'DealScored')).toBe(true);
    expect(a.events.every((e: any) => typeof e.hash === 'string')).toBe(true);
    expect(a.derivation.length).toBeGreaterThan(0);

    const deal = await s.gql(`query($d: ID!) { deal(id: $d) { result { score originalScore corrected } } }`, { d: dealId });
    expect(deal.body.data.deal.result).toEqual({ score: -96, originalScore: 48, corrected: true });
  });

  it('refuses forbidden roles: players and other tables cannot record, recorders cannot correct or administer, anonymous needs a token', async () => {
    const dealId = await openTableAndDeal(s, 't3', PLAYERS, admin, s.token({ role: 'recorder', table: 't3' }));
    const before = (await s.ledger.dealEvents(dealId)).length;
    const pass = `mutation($c: ID!, $d: ID!) { passBid(commandId: $c, input: { dealId: $d, seat: MIDDLEHAND }) { revision } }`;
    const cases: Array<[string | undefined, string]> = [
      [s.token({ role: 'player', player: 'Ben' }), 'FORBIDDEN'],
      [s.token({ role: 'recorder', table: 'elsewhere' }), 'FORBIDDEN'],
      [s.token({ role: 'arbiter' }), 'FORBIDDEN'],
      [undefined, 'UNAUTHENTICATED'],
    ];
    for (const [tok, code] of cases) expect(codesOf(await s.gql(pass, { c: newCommandId(), d: dealId }, tok))).toEqual([code]);
    const correct = await s.gql(
      `mutation($c: ID!, $d: ID!) { correctScore(commandId: $c, input: { dealId: $d, reason: "x", correction: { correctedScore: 1 } }) { revision } }`,
      { c: newCommandId(), d: dealId },
      recorder,
    );
    expect(codesOf(correct)).toEqual(['FORBIDDEN']);
    const open = await s.gql(
      `mutation($c: ID!) { openTable(commandId: $c, input: { tableId: "tx", players: ["a","b","c"], firstDealer: "a" }) { revision } }`,
      { c: newCommandId() },
      recorder,
    );
    expect(codesOf(open)).toEqual(['FORBIDDEN']);
    const imp = await s.gql(`mutation { importIss(records: "") { imported } }`, {}, s.token({ role: 'arbiter' }));
    expect(codesOf(imp)).toEqual(['FORBIDDEN']);
    expect((await s.ledger.dealEvents(dealId)).length).toBe(before);

    // Hidden cards of a live deal: a player may not ask for another seat's view or the audit.
    const ben = s.token({ role: 'player', player: 'Ben' });
    const frame = await s.gql(`query($d: ID!) { deal(id: $d) { frame(step: 0, perspective: ALL) { step } } }`, { d: dealId }, ben);
    expect(codesOf(frame)).toEqual(['FORBIDDEN']);
    const anonAudit = await s.gql(`query($d: ID!) { audit(dealId: $d) { intact } }`, { d: dealId });
    expect(codesOf(anonAudit)).toEqual(['FORBIDDEN']);
    const anonFrame = await s.gql(
      `query($d: ID!) { deal(id: $d) { frame(step: 0) { hands { forehand { code } middlehand { code } rearhand { code } } skat { code } } } }`,
      { d: dealId },
    );
    expect(anonFrame.body.data.deal.frame).toEqual({ hands: { forehand: [], middlehand: [], rearhand: [] }, skat: [] });
    const own = await s.gql(
      `query($d: ID!) { deal(id: $d) { players frame(step: 0) { hands { forehand { code } middlehand { code } rearhand { code } } } } }`,
      { d: dealId },
      ben,
    );
    const benSeat = own.body.data.deal.players.indexOf('Ben');
    const hands = own.body.data.deal.frame.hands;
    SEAT_KEYS.forEach((k, i) => expect(hands[k].length).toBe(i === benSeat ? 10 : 0));
  });

  it('a private tournament is hidden from anonymous readers but open to token holders', async () => {
    await s.gql(
      `mutation($c: ID!) { createTournament(commandId: $c, input: { tournamentId: "secret-cup", name: "Secret Cup" }) { revision } }`,
      { c: newCommandId() },
      admin,
    );
    await s.gql(
      `mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`,
      { c: newCommandId(), i: { tableId: 'p1', players: PLAYERS, firstDealer: 'Anna', tournamentId: 'secret-cup', round: 1 } },
      admin,
    );
    const start = await s.gql(
      `mutation($c: ID!, $i: StartTableDealInput!) { startTableDeal(commandId: $c, input: $i) { dealId } }`,
      { c: newCommandId(), i: { tableId: 'p1', cards: GIVEN_CARDS } },
      admin,
    );
    const dealId = start.body.data.startTableDeal.dealId;
    const q = `query($d: ID!) { deal(id: $d) { id } scoreSheet(tableId: "p1") { tableId } standings(tournamentId: "secret-cup") { name } }`;
    expect((await s.gql(q, { d: dealId })).body.data).toEqual({ deal: null, scoreSheet: null, standings: null });
    const seen = await s.gql(q, { d: dealId }, s.token({ role: 'player', player: 'Anna' }));
    expect(seen.body.data).toEqual({ deal: { id: dealId }, scoreSheet: { tableId: 'p1' }, standings: { name: 'Secret Cup' } });
    const st = await s.gql(`{ standings(tournamentId: "secret-cup") { tables { tableId round } lines { rank player total } } }`, {}, admin);
    expect(st.body.data.standings.tables).toEqual([{ tableId: 'p1', round: 1 }]);
    expect(st.body.data.standings.lines.map((l: any) => l.player).sort()).toEqual(PLAYERS);

    // Lists, counts and statistics leave the private deal out for anonymous readers, not just its rows.
    await playOn(s, dealId, admin);
    const list = `{ deals(first: 100) { totalCount nodes { id } } playerStats(player: "Anna") { dealsPlayed seegerFabianPerSeries { tableId } } }`;
    const anon = (await s.gql(list)).body.data;
    const full = (await s.gql(list, {}, admin)).body.data;
    expect(anon.deals.nodes.map((n: any) => n.id)).not.toContain(dealId);
    expect(anon.deals.totalCount).toBe(anon.deals.nodes.length);
    expect(full.deals.nodes.map((n: any) => n.id)).toContain(dealId);
    expect(full.deals.totalCount).toBe(anon.deals.totalCount + 1);
    expect(full.playerStats.dealsPlayed).toBe((anon.playerStats?.dealsPlayed ?? 0) + 1);
    expect(full.playerStats.seegerFabianPerSeries.map((l: any) => l.tableId)).toContain('p1');
    expect((anon.playerStats?.seegerFabianPerSeries ?? []).map((l: any) => l.tableId)).not.toContain('p1');
  });

  it('lists deals as a Relay connection with filters, batching summaries through one loader', async () => {
    const r = await s.gql(
      `{ deals(first: 2, filter: { tableId: "t1" }) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id tableId } } } }`,
    );
    expect(r.body.errors).toBeUndefined();
    const page = r.body.data.deals;
    expect(page.totalCount).toBe(3);
    expect(page.edges).toHaveLength(2);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const next = await s.gql(`query($a: String) { deals(first: 2, after: $a, filter: { tableId: "t1" }) { edges { node { id } } pageInfo { hasNextPage } } }`, {
      a: page.pageInfo.endCursor,
    });
    expect(next.body.data.deals.edges).toHaveLength(1);
    const won = await s.gql(`{ deals(first: 50, filter: { result: WON, game: GRAND, player: "Ben" }) { totalCount nodes { result { won game } } } }`);
    expect(won.body.data.deals.nodes.every((n: any) => n.result.won && n.result.game === 'GRAND')).toBe(true);

    const stats = await s.gql(`{ playerStats(player: "Ben") { player dealsPlayed declarerGames wonAsDeclarer gameTypeMix { game count } } }`);
    expect(stats.body.errors).toBeUndefined();
    expect(stats.body.data.playerStats.dealsPlayed).toBeGreaterThan(0);
    expect(stats.body.data.playerStats.wonAsDeclarer).toBeGreaterThan(0);
    // The game type mix answers in the GameType enum, as a deal's result.game does (#16 item 8).
    expect(stats.body.data.playerStats.gameTypeMix.length).toBeGreaterThan(0);
    for (const { game } of stats.body.data.playerStats.gameTypeMix) expect(['CLUBS', 'SPADES', 'HEARTS', 'DIAMONDS', 'GRAND', 'NULL']).toContain(game);

    const calls: number[] = [];
    const original = s.ledger.dealsByIds.bind(s.ledger);
    s.ledger.dealsByIds = async (ids) => {
      calls.push(ids.length);
      return original(ids);
    };
    try {
      const sheet = await s.gql(`{ scoreSheet(tableId: "t1") { rows { deal { id status } } } }`);
      expect(sheet.body.errors).toBeUndefined();
      expect(sheet.body.data.scoreSheet.rows.length).toBeGreaterThan(0);
      expect(calls).toEqual([sheet.body.data.scoreSheet.rows.length]);
    } finally {
      s.ledger.dealsByIds = original;
    }
  });

  it('importIss (admin): ISS deals get id iss-<ID> and each series forms table iss-series-<SE>', async () => {
    const text = readFileSync(resolve(SHARED, 'data', 'iss', 'iss-dranidis-go-skat-history.sgf'), 'utf8');
    const r = await s.gql(`mutation($t: String!) { importIss(records: $t) { records imported alreadyPresent rejectedCount events } }`, { t: text }, admin);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.importIss.records).toBe(11);
    expect(r.body.data.importIss.imported + r.body.data.importIss.rejectedCount).toBe(11);
    const again = await s.gql(`mutation($t: String!) { importIss(records: $t) { imported alreadyPresent events } }`, { t: text }, admin);
    expect(again.body.data.importIss).toMatchObject({ imported: 0, events: 0 });
    const deal = await s.gql(
      `{ deal(id: "iss-4947663") { id players status result { declarer won score matadors declarerPoints } frames { step } } scoreSheet(tableId: "iss-series-252902") { players totals { player gamePoints } } }`,
    );
    expect(deal.body.errors).toBeUndefined();
    expect(deal.body.data.deal).toMatchObject({
      id: 'iss-4947663',
      players: ['xskat', 'goskat', 'bernie'],
      result: { declarer: 'MIDDLEHAND', won: false, score: -48, matadors: -1, declarerPoints: 43 },
    });
    const series = await s.gql(`{ deals(first: 20, filter: { tableId: "iss-series-252902" }) { totalCount nodes { id tableId source } } }`);
    expect(series.body.data.deals.totalCount).toBeGreaterThan(0);
    expect(series.body.data.deals.nodes.every((n: any) => n.tableId === 'iss-series-252902' && n.source === 'IMPORT_ISS')).toBe(true);
    // Source is a closed set (the Source enum): a filter by it, and OTHER, which is no stored value, refused.
    const imported = await s.gql(`{ deals(first: 1, filter: { tableId: "iss-series-252902", source: IMPORT_ISS }) { totalCount } }`);
    expect(imported.body.data.deals.totalCount).toBe(series.body.data.deals.totalCount);
    const live = await s.gql(`{ deals(first: 1, filter: { tableId: "iss-series-252902", source: LIVE }) { totalCount } }`);
    expect(live.body.data.deals.totalCount).toBe(0);
    expect(codesOf(await s.gql(`{ deals(first: 1, filter: { source: OTHER }) { totalCount } }`))).toEqual(['BAD_USER_INPUT']);
  });

  it('R34/R35: an imported ISS series reads as the score sheet of table iss-series-<SE>, players by their ISS names', async () => {
    const text = readFileSync(resolve(SHARED, 'data', 'iss', 'iss-dranidis-go-skat-history.sgf'), 'utf8');
    await s.gql(`mutation($t: String!) { importIss(records: $t) { imported } }`, { t: text }, admin);
    const r = await s.gql(
      `{ scoreSheet(tableId: "iss-series-252902") { tableId players rows { dealId entry } totals { player gamePoints won lost seegerFabian } } }`,
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.scoreSheet).not.toBeNull();
    expect(r.body.data.scoreSheet.players).toEqual(expect.arrayContaining(['xskat', 'goskat', 'bernie']));
    expect(r.body.data.scoreSheet.rows.some((row: any) => row.dealId === 'iss-4947663' && row.entry === -48)).toBe(true);
  });

  it('a retried command (same commandId) records nothing twice', async () => {
    const dealId = await openTableAndDeal(s, 't1', PLAYERS, admin, recorder);
    const { last } = await position(s, dealId, recorder);
    const move = chooseMove(dealId, last)!;
    const first = await s.gql(move.mutation.replace('{ revision', '{ alreadyApplied revision'), move.variables, recorder);
    const retry = await s.gql(move.mutation.replace('{ revision', '{ alreadyApplied revision'), move.variables, recorder);
    const key = Object.keys(first.body.data)[0];
    expect(first.body.data[key].alreadyApplied).toBe(false);
    expect(retry.body.data[key]).toMatchObject({ alreadyApplied: true, revision: first.body.data[key].revision });
  });

  it('R21/D3: concedeForDefenders (a move of the table of moves) ends the game for the declarer; refused before the play and once over, recording nothing', async () => {
    const dealId = await openTableAndDeal(s, 't1', PLAYERS, admin, recorder);
    const CONCEDE = `mutation($c: ID!, $d: ID!) { concedeForDefenders(commandId: $c, input: { dealId: $d }) { events { type } } }`;
    expect(await refusedWith(s, CONCEDE, { c: newCommandId(), d: dealId }, recorder)).toBe('R21');
    // The auction, the skat and the declaration (the script's moves), then the defenders give up before the first lead.
    while ((await position(s, dealId, recorder)).last.phase !== 'PLAYING') await playOn(s, dealId, recorder, 1);
    const conceded = await gqlData(s, CONCEDE, { c: newCommandId(), d: dealId }, recorder);
    expect(conceded.concedeForDefenders.events.map((e: { type: string }) => e.type)).toEqual(['DefendersConceded', 'DealScored']);
    const { deal } = await gqlData(s, `query($id: ID!) { deal(id: $id) { status frames { event { type } } } }`, { id: dealId }, recorder);
    expect(deal.status).toBe('SCORED');
    // The replay shows the concession as a step of its own, then the score.
    expect(deal.frames.slice(-2).map((f: { event: { type: string } }) => f.event.type)).toEqual(['DefendersConceded', 'DealScored']);
    expect(await refusedWith(s, CONCEDE, { c: newCommandId(), d: dealId }, recorder)).toBe('L3');
  });
});
