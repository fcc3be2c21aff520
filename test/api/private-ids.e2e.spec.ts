/**
 * Issue 13 item 8: FORBIDDEN and NOT_FOUND are indistinguishable for private ids. For a caller who
 * may not see a private tournament (an anonymous one), every path that names one of its ids (the
 * tournament, its table, its deal) answers exactly as for an id that does not exist: queries,
 * lists and counts, each subscription over graphql-ws, the NDJSON export, and a move. Each answer is compared byte for byte with the one for an unknown id of the same
 * shape (the id itself written the same in both).
 */
import { GIVEN_CARDS, newCommandId } from './deal-flow';
import { collect, startServer, type TestServer } from './harness';

const HIDDEN = { tournament: 'hidden-cup', table: 'hid-t1' };
const UNKNOWN = { tournament: 'nosuch-cup', table: 'nos-t1' };

describe('private ids answer as unknown ones on every path (issue 13 item 8)', () => {
  let s: TestServer;
  let hiddenDeal: string;
  let unknownDeal: string;
  /** The hidden answer with its ids written as the unknown ones: then it must equal the unknown answer exactly. */
  const asUnknown = (text: string) =>
    text.split(hiddenDeal).join(unknownDeal).split(HIDDEN.tournament).join(UNKNOWN.tournament).split(HIDDEN.table).join(UNKNOWN.table);

  beforeAll(async () => {
    s = await startServer({ privateTournaments: [HIDDEN.tournament] });
    const admin = s.token({ role: 'admin' });
    const ok = async (query: string, variables: Record<string, unknown>) => {
      const r = await s.gql(query, variables, admin);
      if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
      return r.body.data;
    };
    await ok(`mutation($c: ID!) { createTournament(commandId: $c, input: { tournamentId: "${HIDDEN.tournament}", name: "Hidden" }) { revision } }`, {
      c: newCommandId(),
    });
    const players = ['Anna', 'Ben', 'Cleo'];
    await ok(`mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`, {
      c: newCommandId(),
      i: { tableId: HIDDEN.table, players, firstDealer: 'Anna', tournamentId: HIDDEN.tournament, round: 1 },
    });
    await ok(`mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`, {
      c: newCommandId(),
      i: { tableId: 'public-t', players, firstDealer: 'Anna' },
    });
    hiddenDeal = (
      await ok(`mutation($c: ID!, $i: StartTableDealInput!) { startTableDeal(commandId: $c, input: $i) { dealId } }`, {
        c: newCommandId(),
        i: { tableId: HIDDEN.table, cards: GIVEN_CARDS },
      })
    ).startTableDeal.dealId;
    expect(hiddenDeal).toContain(HIDDEN.table);
    unknownDeal = hiddenDeal.split(HIDDEN.table).join(UNKNOWN.table);
  });
  afterAll(async () => s?.close());

  const QUERIES: Array<[string, (ids: { tournament: string; table: string; deal: string }) => string]> = [
    ['deal', (x) => `{ deal(id: "${x.deal}") { id status frames { step } } }`],
    ['frame', (x) => `{ deal(id: "${x.deal}") { frame(step: 0) { step } } }`],
    ['audit', (x) => `{ audit(dealId: "${x.deal}") { intact } }`],
    ['scoreSheet', (x) => `{ scoreSheet(tableId: "${x.table}") { tableId rows { dealNumber } } }`],
    ['standings', (x) => `{ standings(tournamentId: "${x.tournament}") { name lines { player } } }`],
    ['deals by tournament', (x) => `{ deals(filter: { tournamentId: "${x.tournament}" }) { totalCount edges { cursor } pageInfo { hasNextPage endCursor } } }`],
    ['deals by table', (x) => `{ deals(filter: { tableId: "${x.table}" }) { totalCount edges { cursor } pageInfo { hasNextPage endCursor } } }`],
    ['tables of a tournament', (x) => `{ tables(tournamentId: "${x.tournament}") { tableId } }`],
  ];

  it.each(QUERIES)('query %s: the same status and body as for an unknown id', async (_name, query) => {
    const hidden = await s.gql(query({ ...HIDDEN, deal: hiddenDeal }));
    const unknown = await s.gql(query({ ...UNKNOWN, deal: unknownDeal }));
    expect(hidden.status).toBe(unknown.status);
    expect(asUnknown(JSON.stringify(hidden.body))).toBe(JSON.stringify(unknown.body));
    // A token holder reads the private tournament (it is hidden from anonymous readers only).
    const seen = await s.gql(query({ ...HIDDEN, deal: hiddenDeal }), {}, s.token({ role: 'player', player: 'Anna' }));
    expect(JSON.stringify(seen.body)).not.toBe(JSON.stringify(hidden.body));
  });

  it('the tournament list and the unfiltered deal list leave the private tournament out', async () => {
    const r = await s.gql(`{ tournaments { tournamentId } deals(first: 100) { totalCount nodes { id } } tables { tableId } }`);
    const text = JSON.stringify(r.body);
    for (const id of [HIDDEN.tournament, HIDDEN.table, hiddenDeal]) expect(text).not.toContain(id);
    expect(r.body.data.tables.map((t: any) => t.tableId)).toContain('public-t');
  });

  const SUBSCRIPTIONS: Array<[string, (ids: { tournament: string; table: string; deal: string }) => string]> = [
    ['dealUpdates', (x) => `subscription { dealUpdates(dealId: "${x.deal}") { eventType } }`],
    ['tableUpdates', (x) => `subscription { tableUpdates(tableId: "${x.table}") { eventType } }`],
    ['tournamentUpdates', (x) => `subscription { tournamentUpdates(tournamentId: "${x.tournament}") { tournamentId } }`],
    ['tournamentTableUpdates', (x) => `subscription { tournamentTableUpdates(tournamentId: "${x.tournament}") { tableId } }`],
  ];

  it.each(SUBSCRIPTIONS)('subscription %s over graphql-ws: the same refusal as for an unknown id', async (_name, query) => {
    const failureOf = async (text: string) => {
      const sub = collect(s.ws(), text, {});
      // Refused at subscribe: graphql-ws sends the errors as one result, then completes (or an error frame).
      await sub.until((r) => r.length > 0, 30_000).catch(() => undefined);
      sub.stop();
      return JSON.stringify({ received: sub.received, failure: sub.failure });
    };
    const hidden = await failureOf(query({ ...HIDDEN, deal: hiddenDeal }));
    const unknown = await failureOf(query({ ...UNKNOWN, deal: unknownDeal }));
    expect(asUnknown(hidden)).toBe(unknown);
    expect(unknown).toContain('NOT_FOUND');
  });

  it('the NDJSON export by tournament or table: the same status and body as for an unknown id', async () => {
    const base = s.url.replace('/graphql', '/api/export/deals.ndjson');
    for (const [hidden, unknown] of [
      [`tournament=${HIDDEN.tournament}`, `tournament=${UNKNOWN.tournament}`],
      [`table=${HIDDEN.table}`, `table=${UNKNOWN.table}`],
    ]) {
      const a = await fetch(`${base}?${hidden}`);
      const b = await fetch(`${base}?${unknown}`);
      expect(a.status).toBe(b.status);
      expect(asUnknown(await a.text())).toBe(await b.text());
    }
  });

  it('a move sent anonymously to a private deal is refused as one sent to a deal that does not exist', async () => {
    const bid = (dealId: string) =>
      s.gql(`mutation($c: ID!, $d: ID!) { callBid(commandId: $c, dealId: $d, seat: MIDDLEHAND, value: 18) { revision } }`, { c: 'same-command-id', d: dealId });
    const hidden = await bid(hiddenDeal);
    const unknown = await bid(unknownDeal);
    expect(hidden.status).toBe(unknown.status);
    expect(asUnknown(JSON.stringify(hidden.body))).toBe(JSON.stringify(unknown.body));
  });
});
