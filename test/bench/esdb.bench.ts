/**
 * The EventStoreDB adapter's cost against store size: for 5,000, 10,000 and 20,000 deals (copies of
 * the ISS corpus, about 35 events each, written straight into the in-process test double's log)
 * it measures listing a prefix that holds 1 % of the deals, reading one deal's stream, a read
 * filtered by event type (DealStarted, one per deal), a ledger restart over a read-model file (one
 * new deal since its checkpoint), listing the prefix and one table's deals from that file, and a
 * deal recorded elsewhere reaching a ledger that follows the log with its live subscription:
 * events transferred (the double's counters) and wall and CPU time per operation. The transfer
 * grows with the answer, not with the store; the server's own scan (shown as "scanned") does grow
 * with the store, as EventStoreDB's does.
 * Client, adapter and double share one process: times bound the client and adapter overhead, not
 * EventStoreDB. `npm run bench -- esdb` (SIZES=5000,10000,20000 by default).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../src/event-store/event-store';
import { GENESIS_HASH, prepareEvent, sealMetadata } from '../../src/event-store/hash-chain';
import { openEsdbEventStore } from '../../src/event-store/esdb/esdb-connection';
import { readIssRecord } from '../../src/format/iss/iss-reader';
import { issRecordToEvents } from '../../src/archive/import/iss-record-to-events';
import { Ledger } from '../../src/ledger/ledger';
import { openReadModelListing } from '../../src/ledger/reads/read-model-listing';
import { corpusLines } from '../iss/corpus';
import { startEsdbTestServer, type EsdbTestServer } from '../event-store/esdb/esdb-test-server';
import { inMemoryLogStore } from '../event-store/esdb/log-store';
import { transferSince } from '../event-store/esdb/transfer-counters';

const SIZES = (process.env.SIZES ?? '5000,10000,20000').split(',').map(Number);
const utf8 = (text: string) => Uint8Array.from(Buffer.from(text, 'utf8'));

function templates(): NewEvent[][] {
  return corpusLines().flatMap(({ text }, i) => {
    const read = readIssRecord(text);
    if (!read.ok) return [];
    const converted = issRecordToEvents(read.record, { line: text, lineNumber: i + 1, file: null });
    return converted.ok ? [converted.deal.events] : [];
  });
}

/** `deals` copies into the log; every 100th under `deal-iss-slice-` in table `slice`. */
function fill(server: EsdbTestServer, deals: number): number {
  const all = templates();
  const prepared = all.map((events) => events.map((e, i) => prepareEvent({ ...e, metadata: { ...e.metadata, recordedAt: 'r' } }, i)));
  let events = 0;
  for (let n = 0; n < deals; n++) {
    const k = n % all.length;
    const inSlice = n % 100 === 0;
    const dealId = inSlice ? `iss-slice-${n}` : `iss-archive-${n}`;
    let previous = GENESIS_HASH;
    const proposed = all[k].map((event, index) => {
      const eventId = randomUUID();
      const metadata = { ...prepared[k][index].metadata, eventId };
      const dataJson =
        event.type === 'DealStarted'
          ? prepareEvent({ ...event, data: { ...(event.data as object), dealId, tableId: inSlice ? 'slice' : `t${n % 400}` }, metadata: { eventId } }, index)
              .dataJson
          : prepared[k][index].dataJson;
      const sealed = sealMetadata(previous, { type: event.type, eventId, dataJson, metadata });
      previous = sealed.hash;
      return { id: eventId, type: event.type, contentType: 'application/json', data: utf8(dataJson), customMetadata: utf8(sealed.metadataJson) };
    });
    server.log.append(`deal-${dealId}`, { kind: 'noStream' }, proposed);
    events += proposed.length;
  }
  return events;
}

async function measure(server: EsdbTestServer, label: string, work: () => Promise<number>): Promise<string> {
  const before = { ...server.counters };
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const answer = await work();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  const spent = transferSince(before, server.counters);
  return `  ${label.padEnd(38)} answer ${String(answer).padStart(6)}   sent ${String(spent.eventsSent).padStart(7)} events + ${spent.checkpointsSent} checkpoints   scanned ${String(spent.eventsScanned).padStart(8)}   ${ms.toFixed(0).padStart(6)} ms wall ${((used.user + used.system) / 1000).toFixed(0).padStart(6)} ms CPU`;
}

async function main(): Promise<void> {
  console.log('target: in-process EventStoreDB test double (not EventStoreDB); the machine may be shared: CPU beside wall');
  for (const deals of SIZES) {
    const server = await startEsdbTestServer();
    const dir = mkdtempSync(path.join(tmpdir(), 'esdb-bench-'));
    try {
      const events = fill(server, deals);
      console.log(`\n${deals.toLocaleString('en-US')} deals, ${events.toLocaleString('en-US')} events`);
      const store = await openEsdbEventStore(server.connectionString);
      const lines: string[] = [];
      lines.push(
        await measure(server, 'list prefix (1 % of deals)', async () => {
          let n = 0;
          for await (const _ of store.listStreams('deal-iss-slice-')) n++;
          return n;
        }),
      );
      lines.push(await measure(server, 'read one deal stream', async () => (await store.readStream(`deal-iss-slice-${deals - 100}`)).events.length));
      lines.push(
        // One event type: one DealStarted per deal matches, so this answer does grow with the store.
        await measure(server, 'filtered read (DealStarted: 1/deal)', async () => {
          let n = 0;
          for await (const _ of store.readAll({ eventTypes: ['DealStarted'] })) n++;
          return n;
        }),
      );
      // A read-model file as a previous server left it, then one deal recorded while it was down.
      const file = `sqlite:${path.join(dir, 'read-models.db')}`;
      await (await Ledger.withStore(inMemoryLogStore(server.log), { readModelUrl: file })).close();
      await store.appendToStream('deal-after-restart', templates()[0], { expectedRevision: 'noStream' });
      lines.push(
        await measure(server, 'restart over the read-model file', async () => {
          const ledger = await Ledger.open({ storeUrl: server.connectionString, readModelUrl: file });
          const count = (await ledger.deals({}, { first: 1 })).totalCount;
          await ledger.close();
          return count;
        }),
      );
      // Listings the read-model file answers (verify --stream-prefix, export iss --table): rows plus a read after the checkpoint.
      const listing = await openReadModelListing(store, file);
      if (!listing) throw new Error('the read-model file does not answer for the store');
      lines.push(
        await measure(server, 'list prefix via the read models', async () => {
          let n = 0;
          for await (const _ of listing.dealStreams('deal-iss-slice-')) n++;
          return n;
        }),
      );
      lines.push(
        await measure(server, "a table's deals via the read models", async () => {
          let n = 0;
          for await (const _ of listing.tableDealIds('slice')) n++;
          return n;
        }),
      );
      listing.close();
      // An API instance following the log with its one live subscription: a deal recorded elsewhere reaches it.
      const follower = await Ledger.open({ storeUrl: server.connectionString, readModelUrl: file });
      let told = 0;
      follower.subscribe(() => void told++);
      await follower.catchUp();
      const deal = templates()[1];
      lines.push(
        await measure(server, 'a new deal reaches a following instance', async () => {
          told = 0;
          await store.appendToStream('deal-followed', deal, { expectedRevision: 'noStream' });
          while (told < deal.length) await new Promise((resolve) => setTimeout(resolve, 1));
          return told;
        }),
      );
      await follower.close();
      console.log(lines.join('\n'));
      await store.dispose();
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
