/**
 * graphql-ws frames a hostile client sends (found by the extended fuzz, issue 13): a message only
 * a server may send closed the socket as an internal error (4500, a stack on stderr), and errors
 * of operations run over graphql-ws had no code (Apollo's formatError never saw them) — a fault's
 * message would have reached the client as it was.
 */
import WebSocket from 'ws';
import { startServer, type TestServer } from './harness';
import { newCommandId, openTableAndDeal } from './deal-flow';

/** A raw graphql-transport-ws socket: every message it gets, and how it closed. */
async function rawSocket(s: TestServer, authorization?: string) {
  const socket = new WebSocket(s.wsUrl, 'graphql-transport-ws');
  const messages: any[] = [];
  let closed: number | null = null;
  const waiters: Array<() => void> = [];
  const wake = () => waiters.splice(0).forEach((f) => f());
  socket.on('message', (d) => {
    messages.push(JSON.parse(String(d)));
    wake();
  });
  socket.on('close', (code) => {
    closed = code;
    wake();
  });
  socket.on('error', () => undefined);
  const until = async (pred: () => boolean) => {
    const deadline = Date.now() + 30_000;
    while (!pred()) {
      if (Date.now() > deadline) throw new Error('condition not met after 30 s');
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
  };
  await new Promise((r) => socket.once('open', r));
  socket.send(JSON.stringify({ type: 'connection_init', payload: authorization ? { authorization } : {} }));
  await until(() => messages.some((m) => m.type === 'connection_ack') || closed !== null);
  return { socket, messages, until, closeCode: () => closed };
}

describe('graphql-ws: hostile frames and error codes', () => {
  let s: TestServer;
  let dealId: string;
  beforeAll(async () => {
    s = await startServer({ limits: { maxBodyBytes: 50_000 } });
    dealId = await openTableAndDeal(s, 'wf', ['Anna', 'Ben', 'Cleo'], s.token({ role: 'admin' }), s.token({ role: 'recorder', table: 'wf' }));
  });
  afterAll(async () => s.close());

  it.each(['{"type":"next","id":"x","payload":{}}', '{"type":"connection_ack"}'])(
    'a client sending the server-only %s is closed with 4400, not as an internal error',
    async (frame) => {
      const c = await rawSocket(s);
      c.socket.send(frame);
      await c.until(() => c.closeCode() !== null);
      expect(c.closeCode()).toBe(4400);
    },
  );

  it('a frame over the size limit closes the socket with 1009', async () => {
    const c = await rawSocket(s);
    c.socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: '{ __typename }', variables: { pad: 'x'.repeat(60_000) } } }));
    await c.until(() => c.closeCode() !== null);
    expect(c.closeCode()).toBe(1009);
  });

  it('an operation refused while it runs carries the same code over graphql-ws as over HTTP', async () => {
    const mutation = `mutation($c: ID!, $d: ID!) { passBid(commandId: $c, input: { dealId: $d, seat: REARHAND }) { revision } }`;
    const recorder = s.token({ role: 'recorder', table: 'wf' });
    const http = await s.gql(mutation, { c: newCommandId(), d: dealId }, recorder);
    const c = await rawSocket(s, `Bearer ${recorder}`);
    c.socket.send(JSON.stringify({ id: 'm', type: 'subscribe', payload: { query: mutation, variables: { c: newCommandId(), d: dealId } } }));
    await c.until(() => c.messages.some((m) => m.id === 'm' && m.type === 'complete'));
    const next = c.messages.find((m) => m.id === 'm' && m.type === 'next');
    expect(http.body.errors?.[0]?.extensions?.code).toBe('ILLEGAL_MOVE');
    expect(next.payload.errors.map((e: any) => e.extensions)).toEqual(http.body.errors!.map((e) => e.extensions));
    c.socket.close(1000);
  });

  it('a fault inside a resolver reaches a graphql-ws client only as a bare INTERNAL_SERVER_ERROR', async () => {
    const original = s.ledger.deals.bind(s.ledger);
    s.ledger.deals = async () => {
      throw new TypeError('forced fault: internal detail');
    };
    try {
      const c = await rawSocket(s);
      c.socket.send(JSON.stringify({ id: 'q', type: 'subscribe', payload: { query: '{ deals { totalCount } }' } }));
      await c.until(() => c.messages.some((m) => m.id === 'q' && m.type === 'complete'));
      const next = c.messages.find((m) => m.id === 'q' && m.type === 'next');
      expect(next.payload.errors).toEqual([expect.objectContaining({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } })]);
      expect(JSON.stringify(c.messages)).not.toMatch(/internal detail|\s+at \S+ \(/);
      c.socket.close(1000);
    } finally {
      s.ledger.deals = original;
    }
  });
});
