/**
 * The start-up warm-up (src/app/warm-up.ts, issue 29 item 6): the server's own requests before it
 * listens spend nothing of a caller's budgets, and the server answers as one started without it.
 */
import { startServer, type TestServer } from './harness';

describe('the warm-up before the server listens', () => {
  let s: TestServer;
  beforeAll(async () => {
    // One rate window for the whole spec (a 10 s window could roll over inside the counting loop).
    s = await startServer({ warmUpRequests: 300, limits: { ratePerWindow: 30, rateWindowMs: 3_600_000 } });
  });
  afterAll(async () => s?.close());

  it("leaves the loopback caller's whole rate budget (the warm-up's requests came from loopback too)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await s.gql('{ __typename }')).status);
    expect(statuses.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('serves on its own port afterwards, the port of the warm-up closed', async () => {
    const r = await s.gql('{ deals { totalCount } }', {}, s.token({ role: 'admin' }));
    expect(r.body).toEqual({ data: { deals: { totalCount: 0 } } });
  });
});
