/**
 * The server's operational surface: /health (liveness), /ready (readiness: store reachable, read
 * models caught up) and the request ids that tie log lines to the events a request records.
 */
import { randomUUID } from 'node:crypto';
import { startServer, type TestServer } from './harness';
import { ledgerStore } from '../../src/ledger/store-port';

describe('liveness, readiness and request ids', () => {
  let s: TestServer;
  let origin: string;
  beforeAll(async () => {
    s = await startServer();
    origin = new URL(s.url).origin;
  });
  afterAll(async () => s?.close());

  it('/health answers while the process runs; /ready when the store answers and the read models hold the log', async () => {
    expect(await (await fetch(`${origin}/health`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${origin}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', info: { store: { status: 'up' }, readModels: { status: 'up' } } });
  });

  it('no answer names the stack (no X-Powered-By), on the API, the pages and an unknown path', async () => {
    for (const path of ['/health', '/graphql?query=%7B__typename%7D', '/', '/no-such-page']) {
      const res = await fetch(`${origin}${path}`, { headers: { accept: 'application/json, text/html' } });
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('the page preloads every module it reaches; a file answers with an ETag and an unchanged one with 304', async () => {
    const page = await (await fetch(`${origin}/`)).text();
    const preloaded = [...page.matchAll(/<link rel="modulepreload" href="\/viewer\/([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded[0]).toBe('main.js');
    // main.js's static imports (and theirs), not the views it loads on demand (the recorder's code is not the organiser's).
    expect(preloaded).toEqual(expect.arrayContaining(['cards.js', 'messages.js', 'session.js']));
    expect(preloaded).not.toContain('recorder-view.js');
    const first = await fetch(`${origin}/viewer/dom.js`);
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const body = await first.text();
    const again = await fetch(`${origin}/viewer/dom.js`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await fetch(`${origin}/viewer/dom.js`, { headers: { 'if-none-match': '"stale"' } });
    expect(await other.text()).toBe(body);
    expect((await fetch(`${origin}/viewer/..%2Fmain.js`)).status).toBe(404);
  });

  it('a request id from the caller is echoed (a fresh one otherwise), and junk is not taken for one', async () => {
    const echoed = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'client-7.a:b' },
      body: '{"query":"{ __typename }"}',
    });
    expect(echoed.headers.get('x-request-id')).toBe('client-7.a:b');
    const junk = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'a b\tforged log line' },
      body: '{"query":"{ __typename }"}',
    });
    expect(junk.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("events recorded by a request carry its correlation id as $correlationId (the command's id as $causationId)", async () => {
    const admin = s.token({ role: 'admin' });
    const correlationId = `evening-${randomUUID()}`;
    const commandId = randomUUID();
    const res = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'x-correlation-id': correlationId },
      body: JSON.stringify({
        query: 'mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }',
        variables: { c: commandId, i: { tableId: 'ops-t1', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna' } },
      }),
    });
    expect((await res.json()).errors).toBeUndefined();
    const read = await ledgerStore(s.ledger).readStream('table-ops-t1');
    expect(read.events.length).toBeGreaterThan(0);
    for (const e of read.events) expect(e.metadata).toMatchObject({ $correlationId: correlationId, $causationId: commandId });
  });

  it('/ready answers 503 naming the store when the store no longer answers', async () => {
    const broken = await startServer();
    try {
      await ledgerStore(broken.ledger).dispose();
      const ready = await fetch(`${new URL(broken.url).origin}/ready`);
      expect(ready.status).toBe(503);
      const body = await ready.json();
      expect(body).toMatchObject({ status: 'error', error: { store: { status: 'down' }, readModels: { status: 'down' } } });
      expect(JSON.stringify(body)).not.toMatch(/dispose|sqlite|memory/i);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});
