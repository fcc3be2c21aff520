/**
 * A three-node double as a real cluster behaves (issue #27, points 1–3 of the double): followers
 * serve reads, possibly stale, and forward writes unless the call requires the leader; gossip makes
 * `esdb+discover://` work and reports each node's state; each node has its own log, replication
 * lags, and a write the deposed leader took alone is lost. And the adapter on it: commands read
 * their own writes on the leader, the read models' catch-up follows `nodePreference`.
 */
import { randomUUID } from 'node:crypto';
import { EventStoreDBClient, FORWARDS, START, jsonEvent } from '@eventstore/db-client';
import type { EventStore, NewEvent, RecordedEvent } from '../../../src/event-store/event-store';
import { type EsdbEventStoreOptions } from '../../../src/event-store/esdb/esdb-event-store';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import { startEsdbTestCluster, type EsdbTestCluster } from './esdb-test-server';
import { waitFor } from './wait-for';

const quick: EsdbEventStoreOptions = {
  failover: { attempts: 12, initialBackoffMs: 20, maxBackoffMs: 200 },
  subscription: { initialBackoffMs: 10, maxBackoffMs: 100, livenessIntervalMs: 2_000 },
};
const event = (n: number): NewEvent => ({ type: 'CardPlayed', data: { n }, metadata: { eventId: randomUUID() } });
const raw = (n: number) => jsonEvent({ type: 'CardPlayed', data: { n } });

async function streamLength(client: EventStoreDBClient, stream: string, requiresLeader = false): Promise<number> {
  let count = 0;
  try {
    for await (const _ of client.readStream(stream, { direction: FORWARDS, fromRevision: START, requiresLeader })) count++;
  } catch (error) {
    if ((error as { type?: string }).type === 'stream-not-found') return 0;
    throw error;
  }
  return count;
}

describe('a three-node cluster double', () => {
  let cluster: EsdbTestCluster;
  const clients: EventStoreDBClient[] = [];
  const stores: EventStore[] = [];
  const connect = (url: string) => {
    const client = EventStoreDBClient.connectionString(url);
    clients.push(client);
    return client;
  };
  const open = async (url: string, options: EsdbEventStoreOptions = quick) => {
    const store = await openEsdbEventStore(url, options);
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.dispose()));
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
    await cluster.stop();
  });

  it('a follower serves reads from its own, lagging log and forwards writes; with requiresLeader it answers NotLeader naming the leader', async () => {
    cluster = await startEsdbTestCluster({ lagMs: [0, 0, 300] });
    const follower = connect(cluster.nodes[2].connectionString);
    const stream = `deal-${randomUUID()}`;
    // Forwarded to the leader, acknowledged once a majority (leader + node 1) holds it.
    await follower.appendToStream(stream, [raw(1)]);
    expect(cluster.nodes[0].log.streamEvents(stream)).toHaveLength(1);
    // Node 2 is 300 ms behind: its read is stale, the leader's is not.
    expect(await streamLength(follower, stream)).toBe(0);
    // (A fresh client: BatchAppend sends the header once, when its stream opens.)
    const strict = connect(cluster.nodes[2].connectionString);
    await expect(strict.appendToStream(stream, [raw(2)], { requiresLeader: true })).rejects.toMatchObject({ type: 'not-leader' });
    await waitFor(() => cluster.nodes[2].log.visibleCount === cluster.nodes[0].log.visibleCount, 'node 2 to catch up');
    const other = connect(cluster.nodes[2].connectionString);
    expect(await streamLength(other, stream)).toBe(1);
  });

  it('the adapter reads its own writes through a lagging follower (requiresLeader), and its catch-up follows nodePreference=follower', async () => {
    cluster = await startEsdbTestCluster({ lagMs: [0, 0, 400] });
    const url = `esdb+discover://127.0.0.1:${cluster.nodes[2].port}?tls=false&nodePreference=follower&connectionName=ledger-a`;
    const store = await open(url);
    const stream = `deal-${randomUUID()}`;
    await store.appendToStream(stream, [event(1)], { expectedRevision: 'noStream' });
    const read = await store.readStream(stream);
    expect(read.events).toHaveLength(1);
    // The next command appends at the revision it just read: no conflict from a stale tail.
    await store.appendToStream(stream, [event(2)], { expectedRevision: 'any' });
    expect((await store.readStream(stream)).currentRevision).toBe(1n);
    // Catch-up reads go to a follower (the gossip picks one), never to the leader.
    const received: RecordedEvent[] = [];
    const sub = store.subscribeToAll({ onEvent: (e) => void received.push(e) }, { streamPrefixes: [stream] });
    try {
      await waitFor(() => received.length === 2, 'both events through the follower');
    } finally {
      await sub.close();
    }
    const leader = cluster.nodes[0].countersOf('ledger-a');
    const followers = cluster.nodes[1].countersOf('ledger-a').subscriptions + cluster.nodes[2].countersOf('ledger-a').subscriptions;
    expect(leader.subscriptions).toBe(0);
    expect(followers).toBe(1);
    expect(leader.appendRequests).toBe(2);
  });

  it('esdb+discover:// finds the leader through gossip; a string naming every node finds the one elected after the leader is killed', async () => {
    cluster = await startEsdbTestCluster({ electionMs: 100 });
    // The leader moves away from node 0, the seed of the discover string: gossip still points to it.
    cluster.moveLeader();
    const discovered = await open(cluster.discoverString);
    const stream = `deal-${randomUUID()}`;
    await discovered.appendToStream(stream, [event(1)], { expectedRevision: 'noStream' });
    expect(cluster.nodes[1].counters.appendRequests).toBe(1);
    expect(cluster.nodes[0].counters.appendRequests).toBe(0);
    const seeded = await open(cluster.seedsString);
    await seeded.appendToStream(stream, [event(2)], { expectedRevision: 0n });
    await cluster.kill(1);
    // Leaderless for 100 ms: the append is refused as not ready and retried until a leader is elected.
    await seeded.appendToStream(stream, [event(3)], { expectedRevision: 1n });
    expect(cluster.leaderIndex()).not.toBe(1);
    expect(cluster.log.streamEvents(stream)).toHaveLength(3);
    const states = cluster.nodes.map((_, index) => cluster.model.state(index));
    expect(states.filter((state) => state === 'leader')).toHaveLength(1);
    expect(states[1]).toBe('dead');
  });

  it('client 6.x asks only the first host of an esdb+discover:// string for gossip: with that node down it finds nothing', async () => {
    cluster = await startEsdbTestCluster({ electionMs: 50 });
    await cluster.kill(0);
    await cluster.settle();
    const hosts = cluster.nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
    const store = await open(`esdb+discover://${hosts}?tls=false&maxDiscoverAttempts=2`, { failover: { attempts: 0, initialBackoffMs: 1, maxBackoffMs: 1 } });
    await expect(store.readStream(`deal-${randomUUID()}`)).rejects.toThrow(/Failed to discover/);
  });

  it('each node has its own log: an acknowledged write survives its leader, a write the partitioned leader took alone is never acknowledged and is lost when it rejoins', async () => {
    cluster = await startEsdbTestCluster({ electionMs: 80 });
    const direct = connect(`${cluster.nodes[0].connectionString}&maxDiscoverAttempts=1`);
    const acknowledged = `deal-${randomUUID()}`;
    await direct.appendToStream(acknowledged, [raw(1)]);
    await cluster.settle();
    cluster.partition(0);
    const lonely = `deal-${randomUUID()}`;
    const outcome = direct.appendToStream(lonely, [raw(2)]).then(
      () => 'acknowledged',
      (error: { type?: string }) => error.type ?? 'error',
    );
    // The old leader wrote it to its own log; no majority holds it, so no reader sees it.
    await waitFor(() => cluster.nodes[0].log.streamEvents(lonely)?.length === 1, 'the lone write on the old leader');
    expect(cluster.nodes[0].log.visibleInStream(cluster.nodes[0].log.streamEvents(lonely)!)).toBe(0);
    await waitFor(() => cluster.leaderIndex() !== undefined && cluster.leaderIndex() !== 0, 'an election among nodes 1 and 2');
    expect(await outcome).not.toBe('acknowledged');
    await cluster.heal(0);
    await cluster.settle();
    for (const node of cluster.nodes) {
      expect(node.log.streamEvents(lonely)).toBeUndefined();
      expect(node.log.streamEvents(acknowledged)).toHaveLength(1);
    }
    expect(cluster.model.state(0)).toBe('follower');
  });
});
