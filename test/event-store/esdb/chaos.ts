/**
 * A Jepsen-style run on the three-node double (cluster.ts): concurrent writers and an ISS import
 * through the adapter while a seeded nemesis kills, partitions and re-elects leaders. Afterwards,
 * with every node back and settled, it checks what Jepsen checks:
 *  - every acknowledged append is in the log exactly once (none lost, none duplicated);
 *  - an append the client never saw acknowledged is in the log whole or not at all (never half),
 *    and never twice;
 *  - every node holds the same log;
 *  - the read models of a ledger that followed the log through it all equal a rebuild.
 * One seed decides lags, election windows, the nemesis's schedule and the writers' choices, so a
 * failing seed replays the same schedule (timings still vary a little with the machine).
 */
import { randomUUID } from 'node:crypto';
import type { AppendBatch, EventStore, NewEvent } from '../../../src/event-store/event-store';
import { type EsdbEventStoreOptions } from '../../../src/event-store/esdb/esdb-event-store';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import { Ledger } from '../../../src/ledger/ledger';
import { readIssRecord } from '../../../src/format/iss/iss-reader';
import { issRecordToEvents } from '../../../src/archive/import/iss-record-to-events';
import { corpusLines } from '../../iss/corpus';
import { startEsdbTestCluster, type EsdbTestCluster } from './esdb-test-server';
import { waitFor } from './wait-for';

export interface ChaosReport {
  readonly seed: number;
  /** Appends acknowledged to the client (writers' appends and import batches). */
  readonly acknowledged: number;
  readonly acknowledgedEvents: number;
  /** Acknowledged appends missing from the log, or present only in part. */
  readonly lost: number;
  /** Event ids present more than once. */
  readonly duplicated: number;
  /** Appends whose outcome the client never learnt (failed after the failover budget). */
  readonly unacknowledged: number;
  /** Of those, present whole in the log (the server had committed them). */
  readonly unacknowledgedWritten: number;
  /** Appends present only in part. */
  readonly halfVisible: number;
  readonly faults: readonly string[];
  readonly elections: number;
  readonly nodesAgree: boolean;
  readonly readModelsEqualRebuild: boolean;
  readonly importedDeals: number;
  readonly dealsInReadModels: number;
}

export interface ChaosOptions {
  readonly writers?: number;
  readonly appendsPerWriter?: number;
  readonly importDeals?: number;
}

/** mulberry32: a small seeded generator. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` deals as an ISS import derives them: the corpus again and again with fresh ids. */
export function importedDeals(count: number, tag: string): AppendBatch[] {
  const corpus = corpusLines().map((l) => l.text);
  const batches: AppendBatch[] = [];
  for (let i = 0; batches.length < count; i++) {
    const k = Math.floor(i / corpus.length);
    const line = corpus[i % corpus.length].replace(/ID\[(\d+)\]/, `ID[${tag}${k}x$1]`);
    const read = readIssRecord(line);
    if (!read.ok) continue;
    const converted = issRecordToEvents(read.record, { line, lineNumber: i + 1, file: null });
    if (converted.ok) batches.push({ streamName: `deal-${converted.deal.dealId}`, events: converted.deal.events, expectedRevision: 'noStream' });
  }
  return batches;
}

const adapterTiming: EsdbEventStoreOptions = {
  failover: { attempts: 10, initialBackoffMs: 20, maxBackoffMs: 300 },
  subscription: { initialBackoffMs: 10, maxBackoffMs: 200, livenessIntervalMs: 3_000 },
};

interface Attempt {
  readonly ids: readonly string[];
  acknowledged: boolean;
}

async function nemesis(cluster: EsdbTestCluster, rand: () => number, running: () => boolean, faults: string[]): Promise<void> {
  const size = cluster.nodes.length;
  while (running()) {
    await sleep(80 + rand() * 200);
    if (!running()) break;
    const leader = cluster.leaderIndex();
    const pick = rand();
    const target = leader ?? Math.floor(rand() * size);
    const downMs = 60 + rand() * 200;
    if (pick < 0.35) {
      faults.push(`kill ${target}${target === leader ? ' (leader)' : ''}`);
      await cluster.kill(target);
      await sleep(downMs);
      await cluster.restart(target);
    } else if (pick < 0.7) {
      faults.push(`partition ${target}${target === leader ? ' (leader)' : ''}`);
      cluster.partition(target);
      await sleep(downMs);
      await cluster.heal(target);
    } else if (pick < 0.85) {
      faults.push('re-elect');
      cluster.moveLeader();
    } else {
      const follower = (target + 1 + Math.floor(rand() * (size - 1))) % size;
      faults.push(`kill ${follower} (follower)`);
      await cluster.kill(follower);
      await sleep(downMs);
      await cluster.restart(follower);
    }
  }
}

async function writer(store: EventStore, rand: () => number, index: number, appends: number, attempts: Attempt[]): Promise<void> {
  const streams: { name: string; revision: bigint | undefined }[] = [];
  for (let n = 0; n < appends; n++) {
    const fresh = streams.length === 0 || rand() < 0.3;
    const stream = fresh ? { name: `chaos-w${index}-${randomUUID()}`, revision: undefined } : streams[Math.floor(rand() * streams.length)];
    if (fresh) streams.push(stream);
    const events: NewEvent[] = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, k) => ({
      type: 'ChaosWritten',
      data: { index, n, k },
      metadata: { eventId: randomUUID() },
    }));
    const attempt: Attempt = { ids: events.map((e) => e.metadata.eventId), acknowledged: false };
    attempts.push(attempt);
    const expectedRevision = stream.revision === undefined ? 'noStream' : rand() < 0.5 ? stream.revision : 'any';
    try {
      const result = await store.appendToStream(stream.name, events, { expectedRevision });
      attempt.acknowledged = true;
      stream.revision = result.nextExpectedRevision;
    } catch {
      // Outcome unknown (or refused as a conflict after an unknown earlier outcome): learn where the stream stands.
      try {
        const read = await store.readStream(stream.name, { direction: 'backwards', maxCount: 1 });
        stream.revision = read.exists ? read.currentRevision : undefined;
      } catch {
        streams.splice(streams.indexOf(stream), 1);
      }
    }
    await sleep(rand() * 15);
  }
}

/** The import as the CLI runs it: batches of deals; a batch that fails is sent again (same ids) until it is acknowledged. */
async function importer(store: EventStore, deals: readonly AppendBatch[], attempts: Attempt[]): Promise<void> {
  for (let from = 0; from < deals.length; from += 20) {
    const chunk = deals.slice(from, from + 20);
    const attempt: Attempt = { ids: chunk.flatMap((d) => d.events.map((e) => e.metadata.eventId)), acknowledged: false };
    attempts.push(attempt);
    for (let tries = 0; ; tries++) {
      try {
        await store.appendMany(chunk);
        attempt.acknowledged = true;
        break;
      } catch (error) {
        if (tries >= 20) throw error;
        await sleep(50);
      }
    }
  }
}

export async function runChaos(seed: number, options: ChaosOptions = {}): Promise<ChaosReport> {
  const rand = random(seed);
  const cluster = await startEsdbTestCluster({ lagMs: [0, Math.floor(rand() * 25), Math.floor(rand() * 25)], electionMs: 50 + Math.floor(rand() * 100) });
  const faults: string[] = [];
  const attempts: Attempt[] = [];
  const writers = options.writers ?? 3;
  const deals = importedDeals(options.importDeals ?? 100, `c${seed}-`);
  // The ledger follows the log from a follower, as a read-model instance would.
  const followerUrl = `${cluster.seedsString}&nodePreference=follower`;
  const follower = await Ledger.withStore(await openEsdbEventStore(followerUrl, adapterTiming), { readModelUrl: 'sqlite::memory:' });
  const stores = await Promise.all(Array.from({ length: writers + 1 }, () => openEsdbEventStore(cluster.seedsString, adapterTiming)));
  let running = true;
  try {
    await follower.deals({}, { first: 1 });
    const chaos = nemesis(cluster, rand, () => running, faults);
    await Promise.all([
      ...Array.from({ length: writers }, (_, index) => writer(stores[index], random(seed * 31 + index), index, options.appendsPerWriter ?? 25, attempts)),
      importer(stores[writers], deals, attempts),
    ]);
    running = false;
    await chaos;
    await cluster.settle();

    const log = cluster.log.events;
    const counts = new Map<string, number>();
    for (const event of log) counts.set(event.id, (counts.get(event.id) ?? 0) + 1);
    let lost = 0;
    let halfVisible = 0;
    let unacknowledgedWritten = 0;
    for (const attempt of attempts) {
      const present = attempt.ids.filter((id) => counts.has(id)).length;
      if (present > 0 && present < attempt.ids.length) halfVisible++;
      if (attempt.acknowledged && present < attempt.ids.length) lost++;
      if (!attempt.acknowledged && present === attempt.ids.length) unacknowledgedWritten++;
    }
    const duplicated = [...counts.values()].filter((count) => count > 1).length;
    const ids = (events: typeof log) => events.map((e) => e.id).join(',');
    const nodesAgree = cluster.nodes.every((node) => ids(node.log.events) === ids(log) && node.log.visibleCount === log.length);

    // The follower's read models (kept up through it all) against a rebuild from the settled log.
    const first = deals.length + 10;
    await waitFor(() => true, 'nothing');
    let followed = await follower.deals({}, { first });
    for (const started = Date.now(); followed.totalCount < deals.length && Date.now() - started < 20_000; followed = await follower.deals({}, { first }))
      await sleep(50);
    const rebuilt = await Ledger.withStore(await openEsdbEventStore(cluster.seedsString, adapterTiming), { readModelUrl: 'sqlite::memory:' });
    let rebuiltDeals;
    try {
      rebuiltDeals = await rebuilt.deals({}, { first });
    } finally {
      await rebuilt.close();
    }
    const acknowledged = attempts.filter((a) => a.acknowledged);
    return {
      seed,
      acknowledged: acknowledged.length,
      acknowledgedEvents: acknowledged.reduce((n, a) => n + a.ids.length, 0),
      lost,
      duplicated,
      unacknowledged: attempts.length - acknowledged.length,
      unacknowledgedWritten,
      halfVisible,
      faults,
      elections: cluster.model.elections,
      nodesAgree,
      readModelsEqualRebuild: JSON.stringify(followed) === JSON.stringify(rebuiltDeals),
      importedDeals: deals.length,
      dealsInReadModels: followed.totalCount,
    };
  } finally {
    running = false;
    await follower.close();
    await Promise.all(stores.map((store) => store.dispose()));
    await cluster.stop();
  }
}
