/**
 * Issue 13, item 8: a client's error is logged as one line without a stack, a server fault keeps
 * its stack. The server's pino lines are captured as they are written (the same options as
 * `npm start`, another destination), for a bad anonymous request with many refused aliases, a
 * query that does not parse, an anonymous write, bodies refused before GraphQL, and a fault
 * forced inside a resolver.
 */
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { settingsFromEnv } from '../../src/settings/api-settings';
import { DEFAULT_LIMITS } from '../../src/settings/api-limits';
import { createApp } from '../../src/app/create-app';
import { Ledger } from '../../src/ledger/ledger';

interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly req?: { id?: string };
  readonly res?: { statusCode?: number };
  readonly err?: { message?: string; stack?: string };
  readonly [key: string]: unknown;
}

const INFO = 30;
const ERROR = 50;

describe('server logs: client errors in one line, faults with their stack', () => {
  let app: NestExpressApplication;
  let ledger: Ledger;
  let url: string;
  const written: string[] = [];

  beforeAll(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const settings = settingsFromEnv(
      {},
      { storeUrl: 'sqlite::memory:', tokenSecret: Buffer.alloc(32, 7), limits: DEFAULT_LIMITS, privateTournaments: new Set(), responseCacheMs: 0 },
    );
    app = await createApp(settings, { ledger, logDestination: { write: (chunk: string) => void written.push(chunk) } });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/graphql`;
  });
  afterAll(async () => app?.close());

  /** Sends a request with its own id and returns, once its request line is written, every line of that request. */
  async function send(requestId: string, body: string): Promise<{ status: number; text: string; lines: LogLine[] }> {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': requestId }, body });
    const text = await res.text();
    const mine = (): LogLine[] =>
      written
        .join('')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as LogLine)
        .filter((l) => l.req?.id === requestId);
    // The request's line is written when the answer has gone: wait for it, not for a time.
    const deadline = Date.now() + 20_000;
    while (!mine().some((l) => l.res !== undefined)) {
      if (Date.now() > deadline) throw new Error(`no request line for ${requestId} after 20 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return { status: res.status, text, lines: mine() };
  }

  const everyLineIsOneJsonLine = () => {
    // Each write is one JSON object ending in one newline: a stack never breaks a line.
    for (const chunk of written) for (const line of chunk.split('\n').filter((l) => l !== '')) expect(() => JSON.parse(line)).not.toThrow();
  };

  it('100 refused aliases of an anonymous request (as many as the cost limit admits) leave one info line, without a stack', async () => {
    const query = '{ ' + Array.from({ length: 100 }, (_, i) => `a${i}: deal(id: "") { id }`).join(' ') + ' }';
    const r = await send('client-aliases', JSON.stringify({ query }));
    expect(r.status).toBe(200);
    // The first 50 errors, then one that says the others were answered null (the error limit).
    const errors = JSON.parse(r.text).errors;
    expect(errors).toHaveLength(51);
    expect(errors[50].extensions.reason).toBe('ERROR_LIMIT');
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatchObject({ level: INFO, msg: 'POST /graphql 200', res: { statusCode: 200 } });
    expect(JSON.stringify(r.lines)).not.toMatch(/stack|\s+at \S+ \(/);
    everyLineIsOneJsonLine();
  });

  it('a query that does not parse and an anonymous write are one info line each, without a stack', async () => {
    const junk = await send('client-junk', JSON.stringify({ query: '{ deal(id: "x") { id ' }));
    expect(junk.status).toBe(400);
    const write = await send(
      'client-write',
      JSON.stringify({ query: 'mutation { openTable(commandId: "c1", input: { tableId: "t", players: ["A", "B", "C"], firstDealer: "A" }) { revision } }' }),
    );
    expect(JSON.parse(write.text).errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['UNAUTHENTICATED']);
    for (const r of [junk, write]) {
      expect(r.lines).toHaveLength(1);
      expect(r.lines[0].level).toBe(INFO);
      expect(JSON.stringify(r.lines)).not.toMatch(/stack|\s+at \S+ \(/);
    }
  });

  it('bodies refused before GraphQL sees them (not JSON, too large, a document too deep) are one info line each, without a stack', async () => {
    const refused = [
      await send('refused-json', '{"query": '),
      await send('refused-size', JSON.stringify({ query: '{ __typename }', pad: 'x'.repeat(1_100_000) })),
      await send('refused-depth', JSON.stringify({ query: `{ ${'deals { nodes { '.repeat(2000)} id ${'} } '.repeat(2000)} }` })),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 413, 400]);
    for (const r of refused) {
      expect(r.lines).toHaveLength(1);
      expect(r.lines[0]).toMatchObject({ level: INFO, msg: `POST /graphql ${r.status}`, res: { statusCode: r.status } });
      expect(JSON.stringify(r.lines)).not.toMatch(/stack|\s+at \S+ \(/);
    }
    everyLineIsOneJsonLine();
  });

  it('a fault inside a resolver answers a bare INTERNAL_SERVER_ERROR and is logged once at error level with its stack and the request id', async () => {
    const original = ledger.deals.bind(ledger);
    ledger.deals = async () => {
      throw new TypeError('forced fault for the log test');
    };
    try {
      const r = await send('server-fault', JSON.stringify({ query: '{ deals { totalCount } }' }));
      const answer = JSON.parse(r.text);
      expect(answer.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['INTERNAL_SERVER_ERROR']);
      expect(r.text).not.toMatch(/forced fault|stack|\s+at \S+ \(/);
      const faults = r.lines.filter((l) => l.level === ERROR);
      expect(faults).toHaveLength(1);
      expect(faults[0].err?.message).toBe('forced fault for the log test');
      expect(faults[0].err?.stack).toMatch(/TypeError: forced fault for the log test\n\s+at /);
      expect(r.lines.filter((l) => l.res !== undefined)).toHaveLength(1);
    } finally {
      ledger.deals = original;
    }
    everyLineIsOneJsonLine();
  });
});
