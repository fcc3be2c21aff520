/**
 * An ISS import of RECORDS deals (default 100,000: copies of the corpus with fresh ids, about 35
 * events each) through `esdb+discover://` into a three-node double (issue #27), with one leader
 * change mid-import: the leader is killed when half the deals are in, the others elect a new one
 * and the client finds it through gossip. A ledger follows the log from a follower throughout.
 * Afterwards: every deal once (each stream exactly its events, no event id twice), every node holds
 * the same log, and the follower's read models equal a rebuild (every page of the deal list).
 * Prints wall, CPU and peak RSS. `npm run bench -- cluster-import` (RECORDS=100000).
 */
import { createHash } from 'node:crypto';
import type { AppendBatch } from '../../src/event-store/event-store';
import { openEsdbEventStore } from '../../src/event-store/esdb/esdb-connection';
import { Ledger } from '../../src/ledger/ledger';
import { importedDeals } from '../event-store/esdb/chaos';
import { startEsdbTestCluster } from '../event-store/esdb/esdb-test-server';

const RECORDS = Number(process.env.RECORDS ?? 100_000);
const CHUNK = 500;
const timing = { failover: { attempts: 12, initialBackoffMs: 50, maxBackoffMs: 1_000 } };

/** A digest per page of the deal list (1,000 rows each): two read models are compared page by page
 * without holding 100,000 rows twice. */
async function allDeals(ledger: Ledger): Promise<string[]> {
  const pages: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await ledger.deals({}, { first: 1000, after });
    pages.push(createHash('sha256').update(JSON.stringify(page.items)).digest('hex'));
    if (!page.hasNextPage || !page.endCursor) return pages;
    after = page.endCursor;
  }
}

/** Stage lines with time and memory, so a run that dies says where. */
const stage = (what: string, since: number): void =>
  console.log(`[${((Date.now() - since) / 1000).toFixed(1)} s, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB] ${what}`);

async function main(): Promise<void> {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const cluster = await startEsdbTestCluster({ lagMs: [0, 2, 5], electionMs: 200 });
  // The leader moves off node 0, the discover string's seed, so the seed survives the kill.
  cluster.moveLeader();
  const url = `${cluster.discoverString}&connectionName=importer`;
  const store = await openEsdbEventStore(url, timing);
  const follower = await Ledger.withStore(await openEsdbEventStore(`${cluster.discoverString}&nodePreference=follower`, timing), {
    readModelUrl: 'sqlite::memory:',
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
  let killed = false;
  let events = 0;
  const expected = new Map<string, number>();
  for (let from = 0; from < RECORDS; from += CHUNK) {
    const chunk: AppendBatch[] = importedDeals(Math.min(CHUNK, RECORDS - from), `b${from}-`);
    for (const deal of chunk) expected.set(deal.streamName, deal.events.length);
    events += chunk.reduce((n, d) => n + d.events.length, 0);
    for (let i = 0; i < chunk.length; i += 20) await store.appendMany(chunk.slice(i, i + 20));
    if (!killed && from + CHUNK >= RECORDS / 2) {
      killed = true;
      const leader = cluster.leaderIndex()!;
      console.log(`${from + CHUNK} deals in: killing the leader, node ${leader}`);
      await cluster.kill(leader);
    }
  }
  const imported = Date.now();
  console.log(
    `imported ${RECORDS} deals (${events} events) in ${((imported - started) / 1000).toFixed(1)} s; leader now node ${cluster.leaderIndex()}, elections ${cluster.model.elections}`,
  );
  await cluster.settle();
  const log = cluster.log.events;
  const perStream = new Map<string, number>();
  const ids = new Set<string>();
  let duplicateIds = 0;
  for (const event of log) {
    if (ids.has(event.id)) duplicateIds++;
    ids.add(event.id);
    if (event.streamName.startsWith('deal-')) perStream.set(event.streamName, (perStream.get(event.streamName) ?? 0) + 1);
  }
  const wrong = [...expected].filter(([name, count]) => perStream.get(name) !== count).length;
  const sameLog = cluster.nodes.every(
    (node, index) => index === cluster.leaderIndex() || !cluster.model.reaches(cluster.leaderIndex()!, index) || node.log.events.length === log.length,
  );
  console.log(
    `deal streams ${perStream.size} of ${RECORDS}, streams with other than their events ${wrong}, duplicate event ids ${duplicateIds}, reachable nodes hold the same log ${sameLog}`,
  );
  stage('waiting for the follower', started);
  for (let waited = 0; (await follower.deals({}, { first: 1 })).totalCount < RECORDS && waited < 600_000; waited += 500)
    await new Promise((r) => setTimeout(r, 500));
  stage('follower holds every deal; reading its deal list', started);
  const followed = await allDeals(follower);
  const caughtUp = Date.now();
  stage('rebuilding the read models from the log', started);
  const rebuilt = await Ledger.withStore(await openEsdbEventStore(cluster.discoverString, timing), { readModelUrl: 'sqlite::memory:' });
  stage('rebuilt; reading its deal list', started);
  const rebuiltPages = await allDeals(rebuilt);
  const equal = followed.length > 0 && followed.every((digest, i) => digest === rebuiltPages[i]) && followed.length === rebuiltPages.length;
  console.log(
    `follower caught up ${((caughtUp - imported) / 1000).toFixed(1)} s after the import; read models equal a rebuild: ${equal} (${followed.length} pages); rebuild ${((Date.now() - caughtUp) / 1000).toFixed(1)} s`,
  );
  clearInterval(sampler);
  const used = process.cpuUsage(cpu);
  console.log(
    `wall ${((Date.now() - started) / 1000).toFixed(1)} s, CPU ${((used.user + used.system) / 1e6).toFixed(1)} s, peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB`,
  );
  await rebuilt.close();
  await follower.close();
  await store.dispose();
  await cluster.stop();
  if (perStream.size !== RECORDS || wrong > 0 || duplicateIds > 0 || !equal) process.exitCode = 1;
}

void main().then(() => process.exit());
