import { chooseMove, newCommandId } from './deal-flow';
import { collect, startServer, untilSubscribers, untilWideSubscribers, gqlData, type TestServer } from './harness';

/** Issue 11 item 7: subscriptions per table and per tournament; a deal's subscription completes when the deal ends. */
describe('live subscriptions that fit a table (issue 11 item 7)', () => {
  let s: TestServer;
  let admin: string;
  const ok = (query: string, variables: Record<string, unknown>, token: string) => gqlData(s, query, variables, token);
  beforeAll(async () => {
    s = await startServer();
    admin = s.token({ role: 'admin' });
    await ok(`mutation($c: ID!) { createTournament(commandId: $c, input: { tournamentId: "live", name: "Live" }) { revision } }`, { c: newCommandId() }, admin);
    await ok(
      `mutation($c: ID!) { openTable(commandId: $c, input: { tableId: "lt", players: ["Anna", "Ben", "Cleo"], firstDealer: "Anna", tournamentId: "live", round: 1 }) { revision } }`,
      { c: newCommandId() },
      admin,
    );
  });
  afterAll(() => s.close());

  it('a viewer of the table sees each deal start, its events without hidden cards, and the sheet as it changes; standings arrive per tournament; dealUpdates completes at the end', async () => {
    const TABLE = `subscription { tableUpdates(tableId: "lt") { eventType dealId dealNumber frame { hands { forehand { code } } } sheet { dealsPlayed totals { player seegerFabian } } } }`;
    const table = collect(s.ws(), TABLE, {});
    const standings = collect(s.ws(), `subscription { tournamentUpdates(tournamentId: "live") { eventType standings { lines { player total rank } } } }`, {});
    await untilWideSubscribers(s, 2);

    // Deal 1 card by card (the viewer did not know its id before it existed).
    const start = await ok(
      `mutation($c: ID!) { startTableDeal(commandId: $c, input: { tableId: "lt", cards: { shuffle: SEEDED, seed: "live-1" } }) { dealId } }`,
      { c: newCommandId() },
      admin,
    );
    const dealId = start.startTableDeal.dealId;
    const deal = collect(s.ws(), `subscription($id: ID!) { dealUpdates(dealId: $id) { eventType } }`, { id: dealId });
    await untilSubscribers(s, dealId, 1);
    let step = 0;
    for (;;) {
      const r = await ok(
        `query($id: ID!, $from: Int!) { deal(id: $id) { status frames(from: $from) { step phase toAct legalMoves { kind seat value card { code } cards { code } declaration { game hand ouvert schneiderAnnounced schwarzAnnounced } } } } }`,
        { id: dealId, from: step },
        admin,
      );
      if (r.deal.status !== 'IN_PROGRESS') break;
      const last = r.deal.frames[r.deal.frames.length - 1];
      step = last.step;
      const move = chooseMove(dealId, last);
      if (!move) break;
      await ok(move.mutation, move.variables, admin);
    }
    // Deal 2 from its result only.
    await ok(
      `mutation($c: ID!) { enterResult(commandId: $c, input: { tableId: "lt", result: { declarer: "Cleo", game: CLUBS, matadors: 1, bid: 18, declarerPoints: 40 } }) { dealId } }`,
      { c: newCommandId() },
      admin,
    );

    await table.until((r) => r.filter((m: any) => m.data?.tableUpdates.eventType === 'DealScored').length === 2);
    const updates = table.received.map((m: any) => m.data.tableUpdates);
    expect(updates.filter((u: any) => u.eventType === 'TableDealOpened').map((u: any) => [u.dealId, u.dealNumber])).toEqual([
      [dealId, 1],
      ['lt-2', 2],
    ]);
    // Anonymous: no hidden card while the deal is live.
    const live = updates.filter((u: any) => u.dealId === dealId && u.frame && u.eventType !== 'DealScored');
    expect(live.length).toBeGreaterThan(20);
    expect(live.every((u: any) => u.frame.hands.forehand.length === 0)).toBe(true);
    const sheets = updates.filter((u: any) => u.sheet).map((u: any) => u.sheet.dealsPlayed);
    expect(sheets).toEqual([1, 2]);
    // R35 by hand for deal 2: Cleo lost clubs with 1 (-48): -48 - 50; +40 to each of the others.
    const last = updates.filter((u: any) => u.sheet).at(-1).sheet.totals;
    const first = updates.filter((u: any) => u.sheet)[0].sheet.totals;
    const delta = (p: string) => last.find((t: any) => t.player === p).seegerFabian - first.find((t: any) => t.player === p).seegerFabian;
    expect([delta('Anna'), delta('Ben'), delta('Cleo')]).toEqual([40, 40, -98]);

    await deal.until(() => false, 3000).catch(() => undefined);
    // It completed with the deal: the last update is DealScored, nothing after it.
    expect(deal.received.at(-1)?.data?.dealUpdates.eventType).toBe('DealScored');
    expect(deal.received.every((m: any) => !m.errors)).toBe(true);
    await standings.until((r) => r.length >= 2);
    expect(standings.received.map((m: any) => m.data.tournamentUpdates.eventType)).toEqual(['DealScored', 'DealScored']);
    table.stop();
    standings.stop();
  }, 60_000);

  it("a hall screen follows every table of a tournament in one subscription: each table's events, tables added later, nothing of other tournaments, no hidden card (issue 22)", async () => {
    await ok(`mutation($c: ID!) { createTournament(commandId: $c, input: { tournamentId: "hall", name: "Hall" }) { revision } }`, { c: newCommandId() }, admin);
    await ok(
      `mutation($c: ID!) { createTournament(commandId: $c, input: { tournamentId: "other", name: "Other" }) { revision } }`,
      { c: newCommandId() },
      admin,
    );
    const open = (tableId: string, tournamentId: string, players: string[]) =>
      ok(
        `mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`,
        { c: newCommandId(), i: { tableId, players, firstDealer: players[0], tournamentId, round: 1 } },
        admin,
      );
    await open('hall-1', 'hall', ['Anna', 'Ben', 'Cleo']);
    await open('other-1', 'other', ['Dora', 'Emil', 'Fritz']);
    const hall = collect(
      s.ws(),
      `subscription { tournamentTableUpdates(tournamentId: "hall") { tableId eventType dealId dealNumber frame { hands { forehand { code } } currentTrick { cards { card { code } } } } sheet { dealsPlayed } } }`,
      {},
    );
    await untilWideSubscribers(s, 1);
    // A table added after the subscription began is followed too.
    await open('hall-2', 'hall', ['Gerd', 'Hugo', 'Ida']);
    const enter = (tableId: string, declarer: string) =>
      ok(
        `mutation($c: ID!, $i: EnterResultInput!) { enterResult(commandId: $c, input: $i) { dealId } }`,
        { c: newCommandId(), i: { tableId, result: { declarer, game: 'CLUBS', matadors: 1, bid: 18, declarerPoints: 70 } } },
        admin,
      );
    await enter('other-1', 'Emil');
    await enter('hall-1', 'Ben');
    await enter('hall-2', 'Hugo');
    // A deal card by card at hall-2: its moves come with the public position.
    const start = await ok(
      `mutation($c: ID!) { startTableDeal(commandId: $c, input: { tableId: "hall-2", cards: { shuffle: SEEDED, seed: "hall-2" } }) { dealId } }`,
      { c: newCommandId() },
      admin,
    );
    const dealId = start.startTableDeal.dealId;
    let step = 0;
    for (let moves = 0; moves < 6;) {
      const r = await ok(
        `query($id: ID!, $from: Int!) { deal(id: $id) { frames(from: $from) { step phase toAct legalMoves { kind seat value card { code } cards { code } declaration { game hand ouvert schneiderAnnounced schwarzAnnounced } } } } }`,
        { id: dealId, from: step },
        admin,
      );
      const last = r.deal.frames[r.deal.frames.length - 1];
      step = last.step;
      const move = chooseMove(dealId, last);
      if (!move) break;
      await ok(move.mutation, move.variables, admin);
      moves++;
    }
    await hall.until((r) => r.filter((m: any) => m.data?.tournamentTableUpdates.dealId === dealId && m.data.tournamentTableUpdates.frame).length >= 6);
    const updates = hall.received.map((m: any) => m.data.tournamentTableUpdates);
    expect(new Set(updates.map((u: any) => u.tableId))).toEqual(new Set(['hall-1', 'hall-2']));
    expect(updates.filter((u: any) => u.eventType === 'DealScored').map((u: any) => [u.tableId, u.sheet.dealsPlayed])).toEqual([
      ['hall-1', 1],
      ['hall-2', 1],
    ]);
    expect(updates.filter((u: any) => u.eventType === 'TableDealOpened').map((u: any) => u.dealId)).toEqual(['hall-1-1', 'hall-2-1', dealId]);
    const live = updates.filter((u: any) => u.dealId === dealId && u.frame);
    expect(live.every((u: any) => u.frame.hands.forehand.length === 0)).toBe(true);
    expect(hall.received.every((m: any) => !m.errors)).toBe(true);
    hall.stop();
  }, 60_000);
});
