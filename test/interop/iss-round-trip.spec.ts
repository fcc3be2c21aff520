import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEventStore } from '../../src/event-store/store-url';
import type { EventStore } from '../../src/event-store/event-store';
import { readIssRecord } from '../../src/format/iss/iss-reader';
import { issRecordToEvents } from '../../src/archive/import/iss-record-to-events';
import { importIssFiles, importIssText } from '../../src/archive/import/import-iss';
import { ISS_RECORD_IMPORTED, type IssRecordImportedData } from '../../src/format/iss/iss-record-imported';
import { issLineOfEvents } from '../../src/archive/export/iss-line-of-events';
import { exportIssLines } from '../../src/archive/export/export-iss';
import { eventStoreDealSource } from '../../src/archive/export/deal-stream-source';
import { storeImportTarget } from './support/store-import-target';
import { Ledger } from '../../src/ledger/ledger';
import { bulkImportTarget } from '../../src/archive/import/bulk-import-target';
import { ledgerStore } from '../../src/ledger/store-port';
import { ledgerImportTarget } from '../support/ledger-import-target';

const SHARED = path.resolve(__dirname, '..', '..', '..', 'shared');
const ISS_DIR = path.join(SHARED, 'data', 'iss');
const files = readdirSync(ISS_DIR)
  .filter((f) => f.endsWith('.sgf'))
  .sort()
  .map((f) => path.join(ISS_DIR, f));
const corpus = files.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((line, i) => ({ file, lineNumber: i + 1, line }))
    .filter((l) => l.line.trim() !== ''),
);

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('ISS import and lossless export (issue 6)', () => {
  it('reads the 33 corpus records', () => {
    expect(corpus).toHaveLength(33);
  });

  describe.each(corpus.map((c) => [path.basename(c.file), c.lineNumber, c] as const))('%s line %i', (_f, _n, c) => {
    it('regenerates the imported line byte for byte from its events (D3 abandonments included)', () => {
      const read = readIssRecord(c.line);
      if (!read.ok) throw new Error(read.error.reason);
      const converted = issRecordToEvents(read.record, c);
      if (!converted.ok) throw new Error(converted.reason);
      const events = converted.deal.events;
      expect(events[0].type).toBe('DealStarted');
      expect(events[1].type).toBe('CardsDealt');
      const provenance = events.at(-1)!;
      expect(provenance.type).toBe(ISS_RECORD_IMPORTED);
      expect((provenance.data as IssRecordImportedData).line).toBe(c.line);
      for (const e of events) {
        expect(e.metadata.source).toBe('import:iss');
        expect(e.metadata.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      }
      expect(issLineOfEvents(events)).toBe(c.line);
    });
  });

  it('turns every move into an event: bids, pick-up, discard, declaration, claims, card plays, resignations, time-outs, departures', () => {
    const types = new Set<string>();
    for (const c of corpus) {
      const read = readIssRecord(c.line);
      const converted = read.ok ? issRecordToEvents(read.record, c) : null;
      if (converted?.ok) converted.deal.events.forEach((e) => types.add(e.type));
    }
    for (const t of [
      'BidCalled',
      'BidHeld',
      'BidPassed',
      'SkatTaken',
      'SkatDiscarded',
      'GameDeclared',
      'CardsShown',
      'CardPlayed',
      'GameResigned',
      'DealAbandoned',
      'DealPassedIn',
      'DealScored',
    ]) {
      expect(types).toContain(t);
    }
  });

  it('D3: a record ending in a departure after an unknown card (??) keeps the moves up to it, then the abandonment', () => {
    const c = corpus.find((x) => x.line.includes('ID[18358]'))!;
    const read = readIssRecord(c.line);
    if (!read.ok) throw new Error(read.error.reason);
    const converted = issRecordToEvents(read.record, c);
    if (!converted.ok) throw new Error(converted.reason);
    const types = converted.deal.events.map((e) => e.type);
    expect(types.slice(-3)).toEqual(['DealAbandoned', 'DealScored', ISS_RECORD_IMPORTED]);
    const abandoned = converted.deal.events.find((e) => e.type === 'DealAbandoned')!.data as { reason: string; seat: number };
    expect(abandoned).toMatchObject({ reason: 'left', seat: 1 });
    const provenance = converted.deal.events.at(-1)!.data as IssRecordImportedData;
    expect(provenance.unreplayed).toContain('??');
    expect(provenance.recordedResult).toMatchObject({ kind: 'game', left: 1 });
  });

  it('rejects a record cut off in the middle of the play (no time-out, no departure), saying where it stops', () => {
    const c = corpus.find((x) => x.line.includes('ID[541932]'))!;
    const cut = c.line.replace(/ 0 CQ 1 CA 2 C7 .* \]R\[/, ' ]R[');
    expect(cut).not.toBe(c.line);
    const read = readIssRecord(cut);
    if (!read.ok) throw new Error(read.error.reason);
    const converted = issRecordToEvents(read.record, c);
    expect(converted.ok).toBe(false);
    if (!converted.ok) {
      expect(converted.id).toBe('541932');
      expect(converted.reason).toMatch(/ends before the deal is over \(phase playing, 3 tricks played\)/);
    }
  });

  describe('through a store', () => {
    let store: EventStore;
    beforeEach(async () => {
      store = await openEventStore('sqlite::memory:');
    });
    afterEach(async () => {
      await store.dispose();
    });

    it('import, export: every exported line equals its imported line; a second import appends zero events', async () => {
      const target = storeImportTarget(store);
      const first = await importIssFiles(target, files);
      expect(first).toMatchObject({ records: 33, imported: 33, alreadyPresent: 0, rejected: [], rejectedCount: 0 });
      expect(first.events).toBe(target.appended);
      expect(first.events).toBeGreaterThan(33 * 5);

      const exported = await collect(exportIssLines(eventStoreDealSource(store)));
      expect(exported.map((e) => e.error)).toEqual(corpus.map(() => null));
      expect(exported.map((e) => e.line)).toEqual(corpus.map((c) => c.line));

      const second = await importIssFiles(target, files);
      expect(second).toMatchObject({ records: 33, imported: 0, alreadyPresent: 33, events: 0, rejected: [] });
      expect(target.appended).toBe(first.events);
    });

    it('exports one deal or one table (series) on request', async () => {
      await importIssFiles(storeImportTarget(store), files);
      const source = eventStoreDealSource(store);
      const one = await collect(exportIssLines(source, { dealIds: ['iss-541932'] }));
      expect(one).toEqual([{ dealId: 'iss-541932', line: corpus.find((c) => c.line.includes('ID[541932]'))!.line, encoding: 'utf8', error: null }]);
      const series = await collect(exportIssLines(source, { tableId: 'iss-series-251395' }));
      const expected = corpus.filter((c) => c.line.includes('SE[251395]')).map((c) => c.line);
      expect(expected.length).toBeGreaterThan(1);
      expect(series.map((s) => s.line)).toEqual(expected);
      const missing = await collect(exportIssLines(source, { dealIds: ['iss-nope'] }));
      expect(missing[0].error).toContain('no deal iss-nope');
    });

    it('reports a malformed record with line, id and reason, and imports the rest', async () => {
      const good = corpus.slice(0, 3).map((c) => c.line);
      const broken = good[1].replace(' 1 18 0 y ', ' 1 17 0 y ');
      expect(broken).not.toBe(good[1]);
      const truncated = good[2].slice(0, good[2].indexOf('MV[') + 40);
      const text = [good[0], '', broken, truncated, good[1]].join('\n') + '\n';
      const summary = await importIssText(storeImportTarget(store), text);
      expect(summary.records).toBe(4);
      expect(summary.imported).toBe(2);
      expect(summary.alreadyPresent).toBe(0);
      expect(summary.rejected).toHaveLength(2);
      expect(summary.rejected[0]).toMatchObject({ line: 3, file: null, id: '684159' });
      expect(summary.rejected[0].reason).toMatch(/R5|bid/);
      expect(summary.rejected[1]).toMatchObject({ line: 4 });
      expect(summary.rejected[1].reason).toMatch(/truncated|never closed/);
      // The rejected line appended nothing, so the good line with the same ID (line 5) was imported.
      const again = await importIssText(storeImportTarget(store), good[1]);
      expect(again).toMatchObject({ imported: 0, alreadyPresent: 1 });
    });

    it('streams a large file with flat memory and reports progress', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'iss-'));
      const file = path.join(dir, 'many.sgf');
      const lines: string[] = [];
      for (let k = 0; k < 15; k++) for (const c of corpus) lines.push(c.line.replace(/ID\[(\d+)\]/, (_m, id) => `ID[${id}${String(k).padStart(3, '0')}]`));
      writeFileSync(file, lines.join('\r\n') + '\r\n');
      const seen: number[] = [];
      const summary = await importIssFiles(storeImportTarget(store), [file], {}, (p) => seen.push(p.bytesRead / p.totalBytes));
      expect(summary).toMatchObject({ records: 33 * 15, imported: 33 * 15, rejectedCount: 0 });
      expect(seen.length).toBeGreaterThan(2);
      expect(seen.at(-1)).toBe(1);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    });
  });

  describe('through the Ledger', () => {
    it('appendDealEvents and the bulk target record the same events; re-import is a no-op; series become tables', async () => {
      const one = await Ledger.open({ storeUrl: 'sqlite::memory:' });
      const bulk = await Ledger.open({ storeUrl: 'sqlite::memory:' });
      try {
        const a = await importIssFiles(ledgerImportTarget(one), files);
        const b = await importIssFiles(bulkImportTarget(bulk), files, { batchEvents: 100 });
        expect(b).toEqual(a);
        expect(a).toMatchObject({ imported: 33, rejectedCount: 0 });
        const shape = async (l: Ledger) => {
          const out: unknown[] = [];
          for await (const id of eventStoreDealSource(ledgerStore(l)).dealIds()) {
            for (const e of await l.dealEvents(id)) out.push([e.streamName, e.eventId, e.type, e.data]);
          }
          return out;
        };
        expect(await shape(bulk)).toEqual(await shape(one));
        expect((await bulk.deals({}, { first: 1 })).totalCount).toBe(33);
        const sheet = await bulk.scoreSheet('iss-series-251395');
        expect(sheet?.rows.map((r) => r.dealNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(sheet?.players).toEqual(['xskat:2', 'goskat', 'xskat']);
        const again = await importIssFiles(bulkImportTarget(bulk), files);
        expect(again).toMatchObject({ imported: 0, alreadyPresent: 33, events: 0 });
        expect(await one.rescore()).toEqual([]);
      } finally {
        await one.close();
        await bulk.close();
      }
    });
  });
});
