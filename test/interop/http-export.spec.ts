import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import Ajv2020 from 'ajv/dist/2020';
import { openEventStore } from '../../src/event-store/store-url';
import type { EventStore } from '../../src/event-store/event-store';
import { importIssFiles } from '../../src/archive/import/import-iss';
import schema from '../../src/archive/ndjson/deal.schema.json';
import { storeImportTarget } from './support/store-import-target';
import { storeLedger } from './support/store-ledger';
import { exportApp } from './support/export-app';

const ISS_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');
const files = readdirSync(ISS_DIR)
  .filter((f) => f.endsWith('.sgf'))
  .sort()
  .map((f) => path.join(ISS_DIR, f));

interface Got {
  status: number;
  contentType: string | undefined;
  body: string;
  /** Deals the server had read when the first body bytes arrived. */
  readsAtFirstChunk: number | null;
}

function get(port: number, url: string, reads: () => number): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url }, (res) => {
        let body = '';
        let readsAtFirstChunk: number | null = null;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (readsAtFirstChunk === null && chunk.length > 0) readsAtFirstChunk = reads();
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], body, readsAtFirstChunk }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('GET /api/export/deals.ndjson (issue 6)', () => {
  let store: EventStore;
  let app: INestApplication;
  let port: number;
  let ledger: ReturnType<typeof storeLedger>;
  let releaseLast: () => void = () => undefined;
  let gateLast = false;
  /** The client already holds bytes: the gate has nothing left to wait for. */
  let firstBytesSeen = false;

  beforeAll(async () => {
    store = await openEventStore('sqlite::memory:');
    await importIssFiles(storeImportTarget(store), files);
    // The last deal's read waits until the client holds the first bytes (or a generous fallback),
    // so the test sees whether the response streams or is buffered.
    ledger = storeLedger(store, {
      beforeDealEvents: async (dealId) => {
        if (!gateLast || firstBytesSeen || dealId !== 'iss-10330141') return;
        await new Promise<void>((resolve) => {
          const fallback = setTimeout(resolve, 5000);
          releaseLast = () => {
            clearTimeout(fallback);
            resolve();
          };
        });
      },
    });
    app = await exportApp(ledger, 'sqlite::memory:');
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app?.close();
    await store?.dispose();
  });

  it('streams every deal as application/x-ndjson, each line valid against deal.schema.json', async () => {
    const got = await get(port, '/api/export/deals.ndjson', () => ledger.reads.length);
    expect(got.status).toBe(200);
    expect(got.contentType).toMatch(/^application\/x-ndjson/);
    const lines = got.body.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(33);
    const ajv = new Ajv2020({ allErrors: true });
    ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const validate = ajv.compile(schema);
    for (const l of lines) expect(validate(JSON.parse(l))).toBe(true);
  });

  it('sends the first bytes before the last deal is read (streamed, not buffered)', async () => {
    gateLast = true;
    firstBytesSeen = false;
    ledger.reads.length = 0;
    const got = await new Promise<Got>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/export/deals.ndjson' }, (res) => {
          let body = '';
          let readsAtFirstChunk: number | null = null;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (readsAtFirstChunk === null && chunk.length > 0) {
              readsAtFirstChunk = ledger.reads.length;
              firstBytesSeen = true;
              releaseLast();
            }
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], body, readsAtFirstChunk }));
        })
        .on('error', reject);
    });
    gateLast = false;
    expect(got.status).toBe(200);
    expect(got.readsAtFirstChunk).not.toBeNull();
    expect(got.readsAtFirstChunk!).toBeLessThan(33);
    expect(got.body.split('\n').filter((l) => l !== '')).toHaveLength(33);
  });

  it('honours the filters given as query parameters', async () => {
    const grand = await get(port, '/api/export/deals.ndjson?gameType=grand', () => 0);
    const grands = grand.body
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l));
    expect(grands).toHaveLength(10);
    expect(grands.every((d) => d.declaration.gameType === 'grand')).toBe(true);
    const mine = await get(port, '/api/export/deals.ndjson?player=xskat&from=2017-09-04&to=2017-09-05&result=won', () => 0);
    const deals = mine.body
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l));
    expect(deals.length).toBeGreaterThan(0);
    for (const d of deals) {
      expect(d.players).toContain('xskat');
      expect(d.startedAt.startsWith('2017-09-04')).toBe(true);
      expect(d.result.won).toBe(true);
    }
    const table = await get(port, '/api/export/deals.ndjson?table=iss-series-251395', () => 0);
    expect(
      table.body
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l).tableId),
    ).toEqual(Array(7).fill('iss-series-251395'));
  });

  it("takes the CLI's parameter names, strict ISO instants (an offset names the same instant), sort and max", async () => {
    const parse = (body: string) =>
      body
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as { dealId: string; startedAt: string; declaration: { gameType: string } });
    const grands = parse((await get(port, '/api/export/deals.ndjson?game-type=grand', () => 0)).body);
    expect(grands).toHaveLength(10);
    expect(grands.every((d) => d.declaration.gameType === 'grand')).toBe(true);
    // Default order: by start time, oldest first; sort=newest reverses it; max keeps the first N.
    const all = parse((await get(port, '/api/export/deals.ndjson', () => 0)).body);
    const times = all.map((d) => Date.parse(d.startedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const newest = parse((await get(port, '/api/export/deals.ndjson?sort=newest', () => 0)).body);
    expect(newest.map((d) => d.dealId)).toEqual(all.map((d) => d.dealId).reverse());
    expect(parse((await get(port, '/api/export/deals.ndjson?sort=newest&max=3', () => 0)).body).map((d) => d.dealId)).toEqual(
      newest.slice(0, 3).map((d) => d.dealId),
    );
    // The same instant written in UTC and at +02:00 selects the same deals.
    const from = all[10].startedAt;
    const instant = new Date(Date.parse(from));
    const shifted = new Date(instant.getTime() + 2 * 3600_000).toISOString().slice(0, 19) + '+02:00';
    const utc = parse((await get(port, `/api/export/deals.ndjson?from=${encodeURIComponent(from)}`, () => 0)).body);
    const plusTwo = parse((await get(port, `/api/export/deals.ndjson?from=${encodeURIComponent(shifted)}`, () => 0)).body);
    expect(plusTwo.map((d) => d.dealId)).toEqual(utc.map((d) => d.dealId));
    expect(utc.length).toBe(all.filter((d) => Date.parse(d.startedAt) >= instant.getTime()).length);
    for (const [query, reason] of [
      [`from=${encodeURIComponent("' OR '1'='1")}`, 'is not an ISO 8601 date'],
      ['to=2017-02-30', 'is not an ISO 8601 date'],
      ['from=2017-09-04T14:00:00', 'is not an ISO 8601 date'],
      ['sort=random', 'sort=random is not one of oldest, newest'],
      ['max=0', 'max=0 is not a whole number'],
      ['max=1e3', 'max=1e3 is not a whole number'],
    ]) {
      const refused = await get(port, `/api/export/deals.ndjson?${query}`, () => 0);
      expect([query, refused.status]).toEqual([query, 400]);
      expect(JSON.parse(refused.body).error.message).toContain(reason);
    }
  });

  it('honours Accept: application/x-ndjson, wildcards or none; anything else is 406', async () => {
    const withAccept = (accept: string) =>
      new Promise<{ status: number; contentType?: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/export/deals.ndjson?max=1', headers: { accept } }, (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'] });
          })
          .on('error', reject);
      });
    for (const accept of ['application/x-ndjson', 'application/json;q=0.5, application/x-ndjson', '*/*', 'application/*']) {
      expect([accept, (await withAccept(accept)).status]).toEqual([accept, 200]);
    }
    expect((await withAccept('application/x-ndjson')).contentType).toBe('application/x-ndjson; charset=utf-8');
    for (const accept of ['text/html', 'application/json', 'application/x-ndjson;q=0']) {
      expect([accept, (await withAccept(accept)).status]).toEqual([accept, 406]);
    }
  });

  it('answers 400 with the reason for a bad filter, and 401 for a bad token', async () => {
    const bad = await get(port, '/api/export/deals.ndjson?gameType=skat', () => 0);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.message).toContain('game-type=skat');
    const unknown = await get(port, '/api/export/deals.ndjson?colour=red', () => 0);
    expect(unknown.status).toBe(400);
    const denied = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/export/deals.ndjson', headers: { authorization: 'Bearer nonsense' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(denied).toBe(401);
  });
});
