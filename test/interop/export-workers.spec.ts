/**
 * The NDJSON export on worker threads (issue 29 item 2): the same text as the export on this
 * thread alone, byte for byte and in the same order, with one or two workers, whatever the
 * filter; a deal that cannot be read is reported once, in the same order; a consumer that stops
 * early stops the workers; a worker that cannot read the store fails the export with its reason.
 * The CLI's `export ndjson` (its default and `--workers 1`) writes the same file as `--workers 0`;
 * the server's export of a long list uses its shared worker and sends the same lines.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEventStore } from '../../src/event-store/store-url';
import type { EventStore } from '../../src/event-store/event-store';
import { importIssText } from '../../src/archive/import/import-iss';
import { eventStoreDealSource } from '../../src/archive/export/deal-stream-source';
import { ndjsonDealLines, type DealExportProblem } from '../../src/archive/ndjson/ndjson-writer';
import { exportsOnWorkers, ndjsonDealBlocksOnWorkers } from '../../src/archive/ndjson/ndjson-export-pool';
import type { DealExportFilter } from '../../src/archive/ndjson/deal-filter';
import { runCliCaptured } from '../../src/cli/testing/captured-io';
import { Ledger } from '../../src/ledger/ledger';
import { ledgerDealSource } from '../../src/archive/ndjson/ledger-deal-source';
import { ExportController } from '../../src/http/export/export.controller';
import { storeImportTarget } from './support/store-import-target';
import { collect, corpusCopies } from './support/corpus-copies';
import { exportApp } from './support/export-app';

/** The corpus 34 times with fresh IDs: 1,122 deals, past the 1,000 after which the CLI and the server turn to workers. */
const COPIES = 34;
const { corpus, records } = corpusCopies(COPIES);

describe('NDJSON export on worker threads (issue 29)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'skat-export-workers-'));
  const storeUrl = `sqlite:${path.join(dir, 'ledger.db')}`;
  let store: EventStore;
  beforeAll(async () => {
    store = await openEventStore(storeUrl);
    const summary = await importIssText(storeImportTarget(store), records);
    expect(summary.imported).toBe(corpus.length * COPIES);
    // A deal stream with no start: every path reports it and writes no line for it.
    await store.appendToStream('deal-unreadable', [{ type: 'CardPlayed', data: { seat: 0, card: 'CJ' }, metadata: { eventId: randomUUID() } }], {
      expectedRevision: 'noStream',
    });
  }, 60_000);
  afterAll(async () => {
    await store.dispose();
  });

  it('is used only for a SQLite file', () => {
    expect(exportsOnWorkers(storeUrl)).toBe(true);
    expect(exportsOnWorkers('sqlite::memory:')).toBe(false);
    expect(exportsOnWorkers('esdb://localhost:2113?tls=false')).toBe(false);
  });

  const filters: [string, DealExportFilter][] = [
    ['every deal', {}],
    ['a game type', { gameType: 'grand' }],
    ['a player and a result', { player: 'xskat', result: 'won' }],
  ];
  // Each worker starts in about a second under ts-node: two workers for the first filter, one for the others.
  for (const [index, [name, filter]] of filters.entries()) {
    it(`${name}: the workers write this thread's lines byte for byte, and the same problems in the same order`, async () => {
      const serialProblems: DealExportProblem[] = [];
      const lines = (await collect(ndjsonDealLines(eventStoreDealSource(store), filter, (p) => serialProblems.push(p)))).join('');
      expect(lines.length).toBeGreaterThan(0);
      expect(serialProblems.map((p) => p.dealId)).toEqual(['unreadable']);
      const workers = index === 0 ? 2 : 1;
      const problems: DealExportProblem[] = [];
      const blocks = await collect(
        ndjsonDealBlocksOnWorkers(eventStoreDealSource(store), filter, (p) => problems.push(p), { storeUrl, workers, startAfter: 0 }),
      );
      expect(blocks.join('')).toBe(lines);
      expect(blocks.every((b) => b.endsWith('\n'))).toBe(true);
      expect(problems).toEqual(serialProblems);
    }, 60_000);
  }

  it('below startAfter deals no worker starts: a store it could not read is never opened', async () => {
    const missing = `sqlite:${path.join(dir, 'absent.db')}`;
    const lines = (await collect(ndjsonDealLines(eventStoreDealSource(store)))).join('');
    const blocks = await collect(ndjsonDealBlocksOnWorkers(eventStoreDealSource(store), {}, undefined, { storeUrl: missing, workers: 1, startAfter: 2000 }));
    expect(blocks.join('')).toBe(lines);
  }, 60_000);

  it('a worker that cannot open the store fails the export with the reason', async () => {
    const missing = `sqlite:${path.join(dir, 'absent.db')}`;
    await expect(
      collect(ndjsonDealBlocksOnWorkers(eventStoreDealSource(store), {}, undefined, { storeUrl: missing, workers: 1, startAfter: 0 })),
    ).rejects.toThrow(/absent\.db/);
  }, 60_000);

  it('a consumer that stops after the first block stops the workers (the export returns)', async () => {
    const blocks = ndjsonDealBlocksOnWorkers(eventStoreDealSource(store), {}, undefined, { storeUrl, workers: 1, startAfter: 0 });
    const first = await blocks.next();
    expect(first.done).toBe(false);
    expect(await blocks.return(undefined)).toEqual({ done: true, value: undefined });
  }, 60_000);

  it('the CLI: by default and with --workers 1 it writes the file --workers 0 writes; a bad count or --workers with --as-of is a usage error', async () => {
    const outs = ['0', '1', 'default'].map((w) => path.join(dir, `w${w}.ndjson`));
    for (const [w, out] of outs.entries()) {
      const r = await runCliCaptured(['export', 'ndjson', '--store', storeUrl, ...(w < 2 ? ['--workers', String(w)] : []), '--out', out]);
      // The read models list no stream without a start: nothing to report here.
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
    expect(readFileSync(outs[1], 'utf8')).toBe(readFileSync(outs[0], 'utf8'));
    expect(readFileSync(outs[2], 'utf8')).toBe(readFileSync(outs[0], 'utf8'));
    expect(readFileSync(outs[0], 'utf8').split('\n').filter(Boolean)).toHaveLength(corpus.length * COPIES);
    const bad = await runCliCaptured(['export', 'ndjson', '--store', storeUrl, '--workers', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--workers takes a whole number');
    const asOf = await runCliCaptured(['export', 'ndjson', '--store', storeUrl, '--workers', '1', '--as-of', '10']);
    expect(asOf.code).toBe(2);
    expect(asOf.stderr).toContain('--workers needs a SQLite store file');
  }, 120_000);

  it('the server: a long export goes through its shared worker and sends the lines this thread would', async () => {
    const ledger = await Ledger.open({ storeUrl });
    const app = await exportApp(ledger, storeUrl);
    try {
      await ledger.catchUp();
      const expected = (await collect(ndjsonDealLines(ledgerDealSource(ledger, {})))).join('');
      await app.listen(0, '127.0.0.1');
      const port = (app.getHttpServer().address() as AddressInfo).port;
      const body = await new Promise<string>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/export/deals.ndjson' }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve(text));
            res.on('error', reject);
          })
          .on('error', reject);
      });
      expect(body.split('\n').filter(Boolean)).toHaveLength(corpus.length * COPIES);
      expect(body).toBe(expected);
      expect((app.get(ExportController) as unknown as { workers: unknown }).workers).not.toBeNull();
    } finally {
      await app.close();
      await ledger.close();
    }
    expect((app.get(ExportController) as unknown as { workers: unknown }).workers).toBeNull();
  }, 120_000);
});
