/**
 * Per-step verdicts over GraphQL (issue 15 item 2): served only to perspectives that may see all
 * cards (finished deals: any reader; live deals: admins and arbiters only), priced in the cost
 * model, computed once per deal.
 */
import { openTableAndDeal, playOn, position } from './deal-flow';
import { startServer, type TestServer } from './harness';

const ANALYSIS = `query($id: ID!) { deal(id: $id) { analysis { game declarer note nodes
  steps { step trick toMove verdict value move after { value verdict } alternatives { move value verdict } }
  turningPoints { step trick seat move before after valueBefore valueAfter better { move value verdict } text } } } }`;

describe('deal analysis over GraphQL (issue 15 item 2)', () => {
  let server: TestServer;
  let admin: string;
  let arbiter: string;
  let recorder: string;
  let anna: string;
  let dealId: string;

  beforeAll(async () => {
    server = await startServer();
    admin = server.token({ role: 'admin' });
    arbiter = server.token({ role: 'arbiter' });
    recorder = server.token({ role: 'recorder', table: 'at' });
    anna = server.token({ role: 'player', player: 'Anna' });
    dealId = await openTableAndDeal(server, 'at', ['Anna', 'Ben', 'Cleo'], admin, recorder);
    // Into the card play: bidding, skat, declaration, then a few tricks.
    await playOn(server, dealId, recorder, 20);
  });
  afterAll(() => server.close());

  it('a live deal: nobody but admins and arbiters sees the analysis (it uses every hand)', async () => {
    const { deal } = await position(server, dealId, recorder);
    expect(deal.status).toBe('IN_PROGRESS');
    for (const token of [undefined, anna, recorder]) {
      const r = await server.gql(ANALYSIS, { id: dealId }, token);
      expect(r.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const after = await server.gql(
        `query($id: ID!) { deal(id: $id) { bestDiscard { best { discard } } bestGame { best { game } } } }`,
        { id: dealId },
        token,
      );
      expect(after.body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
      expect(JSON.stringify(r.body.data ?? {})).not.toMatch(/alternatives|"move"/);
    }
    for (const token of [admin, arbiter]) {
      const r = await server.gql(ANALYSIS, { id: dealId }, token);
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data.deal.analysis.steps.length).toBeGreaterThan(0);
    }
  });

  it('a finished deal: any reader gets every step with the alternatives of the frame, computed once', async () => {
    await playOn(server, dealId, recorder);
    const { deal } = await position(server, dealId, recorder);
    expect(deal.status).not.toBe('IN_PROGRESS');
    const before = server.ledger.analyses.computed;
    const r = await server.gql(ANALYSIS, { id: dealId });
    expect(r.body.errors).toBeUndefined();
    const a = r.body.data.deal.analysis;
    expect(a.game).toBe('GRAND');
    for (const s of a.steps) {
      const frame = deal.frames[s.step];
      expect(s.toMove).toBe(frame.toAct);
      const legal = frame.legalMoves
        .filter((m: any) => m.kind === 'play')
        .map((m: any) => m.card.code)
        .sort();
      expect(s.alternatives.map((m: any) => m.move).sort()).toEqual(legal);
      const values = s.alternatives.map((m: any) => m.value);
      expect(s.value).toBe(s.toMove === a.declarer ? Math.max(...values) : Math.min(...values));
      expect(s.verdict).toMatch(/^(WON|LOST)$/);
    }
    expect(a.turningPoints.map((t: any) => t.step)).toEqual(a.steps.filter((s: any) => s.after && s.after.verdict !== s.verdict).map((s: any) => s.step));
    expect(server.ledger.analyses.computed).toBe(before + 1);
    // Asked again (another caller, other fields): served from the cache.
    const again = await server.gql(`query($id: ID!) { deal(id: $id) { analysis { steps { step verdict } } } }`, { id: dealId }, anna);
    expect(again.body.data.deal.analysis.steps.map((s: any) => s.verdict)).toEqual(a.steps.map((s: any) => s.verdict));
    expect(server.ledger.analyses.computed).toBe(before + 1);
  });

  it('costs what the main thread does for it: many aliases of one analysis compute once, too many are refused before anything runs', async () => {
    const aliases = (n: number) =>
      `query($id: ID!) { ${Array.from({ length: n }, (_, i) => `d${i}: deal(id: $id) { analysis { steps { step } } }`).join(' ')} }`;
    const before = server.ledger.analyses.computed;
    const six = await server.gql(aliases(6), { id: dealId });
    expect(six.body.errors).toBeUndefined();
    expect(Object.keys(six.body.data)).toHaveLength(6);
    const tooMany = await server.gql(aliases(120), { id: dealId });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0].extensions?.reason).toBe('QUERY_TOO_COMPLEX');
    expect(server.ledger.analyses.computed).toBe(before);
  });
});
