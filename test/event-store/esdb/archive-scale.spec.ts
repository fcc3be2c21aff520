/**
 * EventStoreDB at archive scale (#17 acceptance), against the test double: 4,000 imported deals
 * (about 142,000 events; ARCHIVE_SCALE_DEALS=20000 for the 700,000 of #17) written straight into
 * the double's log, 1 % of them (one table) under their own prefix. Listing that prefix, `verify --stream-prefix` on it and `export iss
 * --table` transfer at most a few times the matching events (from the double's counters), not the
 * log; a restart over the same read-model file reads only what follows its checkpoint.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCliCaptured } from '../../../src/cli/testing/captured-io';
import type { NewEvent } from '../../../src/event-store/event-store';
import { prepareEvent, sealMetadata, GENESIS_HASH, type PreparedEvent } from '../../../src/event-store/hash-chain';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import { readIssRecord } from '../../../src/format/iss/iss-reader';
import { issRecordToEvents } from '../../../src/archive/import/iss-record-to-events';
import { Ledger } from '../../../src/ledger/ledger';
import { corpusLines } from '../../iss/corpus';
import { inMemoryLogStore } from './log-store';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server';
import { transferSince, type TransferCounters } from './transfer-counters';
import type { InMemoryLog, ProposedEvent } from './in-memory-log';

// 4,000 deals show that what a read sends follows the answer, not the store (1 % of it); the same
// reads at 5,000 to 20,000 deals are the `esdb` bench's (npm run bench -- esdb).
const DEALS = Number(process.env.ARCHIVE_SCALE_DEALS ?? 4_000);
const SLICE = DEALS / 100;
const SLICE_PREFIX = 'deal-iss-slice-';
const SLICE_TABLE = 'iss-series-slice';
const utf8 = (text: string) => Uint8Array.from(Buffer.from(text, 'utf8'));

/** The corpus's deals as an import derives them: the templates every generated deal copies. */
function templates(): NewEvent[][] {
  return corpusLines().flatMap(({ text }, i) => {
    const read = readIssRecord(text);
    if (!read.ok) return [];
    const converted = issRecordToEvents(read.record, { line: text, lineNumber: i + 1, file: null });
    return converted.ok ? [converted.deal.events] : [];
  });
}

/**
 * One deal copied from a template under a new id: fresh event ids, DealStarted naming the deal and
 * its table, and the hash chain sealed as the adapter seals it (the bytes it would write).
 */
function copyOf(template: NewEvent[], prepared: PreparedEvent[], dealId: string, tableId: string | null, recordedAt: string): ProposedEvent[] {
  let previous = GENESIS_HASH;
  return template.map((event, index) => {
    const eventId = randomUUID();
    const metadata = { ...prepared[index].metadata, eventId, recordedAt };
    const dataJson =
      event.type === 'DealStarted'
        ? prepareEvent({ ...event, data: { ...(event.data as object), dealId, tableId }, metadata: { ...event.metadata, eventId } }, index).dataJson
        : prepared[index].dataJson;
    const { metadataJson, hash } = sealMetadata(previous, { type: event.type, eventId, dataJson, metadata });
    previous = hash;
    return { id: eventId, type: event.type, contentType: 'application/json', data: utf8(dataJson), customMetadata: utf8(metadataJson) };
  });
}

/** DEALS deals into the log; every 100th (the slice) in one table under its own prefix. */
function generateArchive(log: InMemoryLog): { sliceEvents: number; totalEvents: number } {
  const deals = templates();
  const prepared = deals.map((events) => events.map((e, i) => prepareEvent({ ...e, metadata: { ...e.metadata, recordedAt: 'r' } }, i)));
  let sliceEvents = 0;
  let totalEvents = 0;
  const recordedAt = new Date().toISOString();
  for (let n = 0; n < DEALS; n++) {
    const k = n % deals.length;
    const inSlice = n % 100 === 0;
    const dealId = inSlice ? `iss-slice-${n}` : `iss-archive-${n}`;
    const events = copyOf(deals[k], prepared[k], dealId, inSlice ? SLICE_TABLE : `iss-series-archive-${Math.floor(n / 25)}`, recordedAt);
    log.append(`deal-${dealId}`, { kind: 'noStream' }, events);
    totalEvents += events.length;
    if (inSlice) sliceEvents += events.length;
  }
  return { sliceEvents, totalEvents };
}

describe('EventStoreDB adapter over an archive of thousands of deals (test double)', () => {
  let server: EsdbTestServer;
  let dir: string;
  let sliceEvents: number;
  let totalEvents: number;
  let url: string;
  /** A read-model file a previous server built over the archive (tests work on copies). */
  let builtFile: string;
  const copyOfBuilt = (name: string): string => {
    const copy = path.join(dir, name);
    copyFileSync(builtFile, copy);
    return `sqlite:${copy}`;
  };
  const cost = async (work: () => Promise<unknown>): Promise<TransferCounters> => {
    const before = { ...server.counters };
    await work();
    return transferSince(before, server.counters);
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'skat-archive-scale-'));
    server = await startEsdbTestServer();
    ({ sliceEvents, totalEvents } = generateArchive(server.log));
    url = server.connectionString;
    // Built in process from the same log (same ids, hashes, positions), as a previous server would have.
    builtFile = path.join(dir, 'built.db');
    const previous = await Ledger.withStore(inMemoryLogStore(server.log), { readModelUrl: `sqlite:${builtFile}` });
    expect((await previous.deals({}, { first: 1 })).totalCount).toBe(DEALS);
    await previous.close();
  }, 180_000);
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is an archive of about 35 events a deal, 1 % of them in the slice', () => {
    expect(totalEvents).toBeGreaterThan(DEALS * 32);
    expect(sliceEvents / totalEvents).toBeCloseTo(0.01, 2);
  });

  it('listing the slice prefix transfers the slice, not the log', async () => {
    const store = await openEsdbEventStore(url);
    const names: string[] = [];
    const spent = await cost(async () => {
      for await (const name of store.listStreams(SLICE_PREFIX)) names.push(name);
    });
    await store.dispose();
    expect(names).toHaveLength(SLICE);
    expect(spent.eventsSent).toBe(sliceEvents);
    expect(spent.checkpointsSent).toBeLessThanOrEqual(3);
  }, 60_000);

  it('verify --stream-prefix on the slice reads each of its events about twice (listing, then the chains)', async () => {
    let run: { code: number; stdout: string } | undefined;
    const spent = await cost(async () => (run = await runCliCaptured(['verify', '--store', url, '--stream-prefix', SLICE_PREFIX, '--json'])));
    expect(run?.code).toBe(0);
    expect(JSON.parse(run!.stdout)).toMatchObject({ streams: SLICE, events: sliceEvents, breaks: [] });
    expect(spent.eventsSent).toBeLessThanOrEqual(3 * sliceEvents);
  }, 60_000);

  it('export iss --table reads one first event per deal and the table’s deals, a few times the matching events', async () => {
    const out = path.join(dir, 'slice.sgf');
    let run: { code: number } | undefined;
    const spent = await cost(async () => (run = await runCliCaptured(['export', 'iss', '--store', url, '--table', SLICE_TABLE, '--out', out])));
    expect(run?.code).toBe(0);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(SLICE);
    // One DealStarted per deal plus the slice's own events: under 5 × the matching events.
    expect(spent.eventsSent).toBe(DEALS + sliceEvents);
    expect(spent.eventsSent).toBeLessThanOrEqual(5 * sliceEvents);
  }, 60_000);

  it('a server restart over the same read-model file reads only the events after its checkpoint', async () => {
    const file = copyOfBuilt('restart.db');
    // While it was down, one more deal was recorded.
    const writer = await openEsdbEventStore(url);
    const [template] = templates();
    await writer.appendToStream('deal-after-restart', template, { expectedRevision: 'noStream' });
    await writer.dispose();
    const newProjected = server.log.streamEvents('deal-after-restart')!.length;

    let ledger: Ledger | undefined;
    const spent = await cost(async () => {
      ledger = await Ledger.open({ storeUrl: url, readModelUrl: file });
      expect((await ledger.deals({}, { first: 1 })).totalCount).toBe(
        server.log.events.filter((e) => e.revision === 0n && e.streamName.startsWith('deal-')).length,
      );
    });
    await ledger?.close();
    // The binding check (the first event, the head event) and the new deal's events at most.
    expect(spent.eventsSent).toBeLessThanOrEqual(2 + newProjected);
  }, 120_000);

  it('with a read-model file bound to the store, verify --stream-prefix and export iss --table list from it: the slice is read once', async () => {
    const env = { SKAT_LEDGER_READ_MODELS: copyOfBuilt('listing.db') };
    let verified: { code: number; stdout: string } | undefined;
    const verifying = await cost(async () => (verified = await runCliCaptured(['verify', '--store', url, '--stream-prefix', SLICE_PREFIX, '--json'], env)));
    expect(verified?.code).toBe(0);
    expect(JSON.parse(verified!.stdout)).toMatchObject({ listedFrom: 'readModels', streams: SLICE, events: sliceEvents, breaks: [] });
    // The slice's chains, the binding check's two point reads (an event and the stream's last one
    // each), and nothing of the rest of the log.
    expect(verifying.eventsSent).toBeLessThanOrEqual(sliceEvents + 4);

    const out = path.join(dir, 'slice-listed.sgf');
    let exported: { code: number } | undefined;
    const exporting = await cost(async () => (exported = await runCliCaptured(['export', 'iss', '--store', url, '--table', SLICE_TABLE, '--out', out], env)));
    expect(exported?.code).toBe(0);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(SLICE);
    // The slice's deals, the two point reads, and the first event of any deal recorded after the checkpoint.
    expect(exporting.eventsSent).toBeLessThanOrEqual(sliceEvents + 4 + 1);
  }, 120_000);
});
