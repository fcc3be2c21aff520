/**
 * What the server sends and refuses, as 24.x does (issue #27, points 4–7 of the double): filtered
 * subscriptions' checkpoints at page boundaries and always before CaughtUp (prepare 0 from older
 * servers), FellBehind and the CaughtUp after it, InvalidPosition for a position where no event
 * starts, and MaxAppendSize; with the adapter's handling of each.
 */
import { randomUUID } from 'node:crypto';
import { EventStoreDBClient, START, jsonEvent, streamNameFilter } from '@eventstore/db-client';
import type { EventStore, NewEvent, RecordedEvent } from '../../../src/event-store/event-store';
import { InvalidEventError } from '../../../src/event-store/errors';
import { verifyChain } from '../../../src/event-store/hash-chain';
import { type EsdbEventStoreOptions } from '../../../src/event-store/esdb/esdb-event-store';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import { startEsdbTestServer, type EsdbTestServer, type EsdbTestServerOptions } from './esdb-test-server';
import { waitFor } from './wait-for';

const quick: EsdbEventStoreOptions = { subscription: { initialBackoffMs: 10, maxBackoffMs: 100, livenessIntervalMs: 2_000 } };
const event = (n: number, pad = 0): NewEvent => ({ type: 'CardPlayed', data: { n, pad: 'x'.repeat(pad) }, metadata: { eventId: randomUUID() } });
const batch = (count: number, pad = 0) => Array.from({ length: count }, (_, i) => event(i, pad));

describe('server messages and limits', () => {
  let server: EsdbTestServer;
  let store: EventStore;
  const start = async (options: EsdbTestServerOptions = {}, adapter: EsdbEventStoreOptions = quick) => {
    server = await startEsdbTestServer(options);
    store = await openEsdbEventStore(server.connectionString, adapter);
  };
  afterEach(async () => {
    await store.dispose();
    await server.stop();
  });

  it('checkpoints come at page boundaries and always before CaughtUp, so a catch-up knows it scanned to the end', async () => {
    await start();
    const prefix = `deal-cp-${randomUUID()}`;
    await store.appendToStream(`${prefix}-a`, batch(3), { expectedRevision: 'noStream' });
    // 70 events the filter does not match, after the last match.
    for (let i = 0; i < 7; i++) await store.appendToStream(`table-${randomUUID()}`, batch(10), { expectedRevision: 'noStream' });
    const client = EventStoreDBClient.connectionString(server.connectionString);
    const checkpoints: bigint[] = [];
    const sub = client.subscribeToAll({
      fromPosition: START,
      filter: streamNameFilter({
        prefixes: [prefix],
        checkpointInterval: 1,
        checkpointReached: (_s: unknown, p: { commit: bigint }) => void checkpoints.push(p.commit),
      }),
    });
    let caughtUpAfter = -1;
    sub.on('caughtUp', () => (caughtUpAfter = checkpoints.length));
    sub.on('data', () => undefined);
    await waitFor(() => caughtUpAfter >= 0, 'CaughtUp');
    await sub.unsubscribe();
    await client.dispose();
    const last = server.log.events[server.log.events.length - 1].position;
    // A checkpoint every page of 32 scanned events, and one at the last event before CaughtUp.
    expect(checkpoints.length).toBe(Math.floor(server.log.events.length / 32) + (server.log.events.length % 32 === 0 ? 0 : 1));
    expect(checkpoints[caughtUpAfter - 1]).toBe(last);
    // Through the adapter: onCaughtUp reports the end of the log, not the last matching event.
    const caught = await new Promise<string | undefined>((resolve) => {
      const adapterSub = store.subscribeToAll(
        { onEvent: () => undefined, onCaughtUp: (p) => void adapterSub.close().then(() => resolve(p)) },
        { streamPrefixes: [prefix] },
      );
    });
    expect(caught).toBe(`${last}/${last}`);
  });

  it('a checkpoint with prepare position 0 (older servers) is read as its commit position: resuming from it neither fails nor repeats an event', async () => {
    await start({ checkpointPrepare: 'zero' });
    const prefix = `deal-p0-${randomUUID()}`;
    await store.appendToStream(`${prefix}-a`, batch(2), { expectedRevision: 'noStream' });
    for (let i = 0; i < 4; i++) await store.appendToStream(`table-${randomUUID()}`, batch(10), { expectedRevision: 'noStream' });
    const checkpoints: string[] = [];
    await new Promise<void>((resolve) => {
      const sub = store.subscribeToAll(
        { onEvent: () => undefined, onCheckpoint: (p) => void checkpoints.push(p), onCaughtUp: () => void sub.close().then(resolve) },
        { streamPrefixes: [prefix] },
      );
    });
    const resumeFrom = checkpoints[checkpoints.length - 1];
    const [commit, prepare] = resumeFrom.split('/');
    expect(prepare).toBe(commit);
    await store.appendToStream(`${prefix}-b`, batch(1), { expectedRevision: 'noStream' });
    const after = [];
    for await (const e of store.readAll({ after: resumeFrom })) after.push(e);
    expect(after.map((e) => e.streamName)).toEqual([`${prefix}-b`]);
  });

  it('FellBehind: the subscriber is told, every event still arrives once and in order, and CaughtUp is reported again', async () => {
    await start();
    const prefix = `deal-fb-${randomUUID()}`;
    await store.appendToStream(`${prefix}-0`, batch(5), { expectedRevision: 'noStream' });
    const received: RecordedEvent[] = [];
    const marks: string[] = [];
    const sub = store.subscribeToAll(
      { onEvent: (e) => void received.push(e), onCaughtUp: () => void marks.push('caughtUp'), onFellBehind: () => void marks.push('fellBehind') },
      { streamPrefixes: [prefix] },
    );
    try {
      await waitFor(() => marks.length === 1, 'the first CaughtUp');
      server.arm({ at: 'subscription', afterEvents: 7, action: { kind: 'fellBehind' } });
      for (let i = 1; i <= 4; i++) await store.appendToStream(`${prefix}-${i}`, batch(5), { expectedRevision: 'noStream' });
      await waitFor(() => received.length === 25 && marks.length === 3, 'every event and the second CaughtUp');
      expect(marks).toEqual(['caughtUp', 'fellBehind', 'caughtUp']);
      expect(server.counters.fellBehindSent).toBe(1);
      expect(new Set(received.map((e) => e.eventId)).size).toBe(25);
      for (let i = 1; i < received.length; i++) expect(store.comparePositions(received[i - 1].position, received[i].position)).toBeLessThan(0);
    } finally {
      await sub.close();
    }
  });

  it('a live subscriber that lets the server queue pile up gets FellBehind without being asked', async () => {
    await start({ liveBuffer: 20 });
    const prefix = `deal-slow-${randomUUID()}`;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const received: RecordedEvent[] = [];
    const marks: string[] = [];
    const sub = store.subscribeToAll(
      {
        onEvent: async (e) => {
          received.push(e);
          if (received.length === 1) await gate;
        },
        onCaughtUp: () => void marks.push('caughtUp'),
        onFellBehind: () => void marks.push('fellBehind'),
      },
      { streamPrefixes: [prefix] },
    );
    try {
      await waitFor(() => marks.length === 1, 'CaughtUp of the empty prefix');
      await store.appendToStream(`${prefix}-0`, batch(1), { expectedRevision: 'noStream' });
      await waitFor(() => received.length === 1, 'the first live event');
      // 800 events of 8 KB: more than gRPC's and HTTP/2's buffers take (Node 24's took 800 of 200
      // bytes without pushing back), so the server's queue really piles up behind the stalled reader.
      await store.appendMany(
        Array.from({ length: 40 }, (_, i) => ({ streamName: `${prefix}-x${i}`, events: batch(20, 8_000), expectedRevision: 'noStream' as const })),
      );
      release();
      await waitFor(() => received.length === 801, 'every event');
      await waitFor(() => marks.length === 3, 'FellBehind and CaughtUp');
      expect(marks).toEqual(['caughtUp', 'fellBehind', 'caughtUp']);
      expect(new Set(received.map((e) => e.eventId)).size).toBe(801);
    } finally {
      await sub.close();
    }
  });

  it('a read from a position where no event starts: the server answers InvalidPosition, the adapter InvalidEventError', async () => {
    await start();
    const stream = `deal-ip-${randomUUID()}`;
    const { position } = await store.appendToStream(stream, batch(2), { expectedRevision: 'noStream' });
    const commit = BigInt(position.split('/')[0]);
    const client = EventStoreDBClient.connectionString(server.connectionString);
    try {
      const read = async () => {
        for await (const _ of client.readAll({ fromPosition: { commit: commit + 1n, prepare: commit + 1n } })) void _;
      };
      await expect(read()).rejects.toThrow(/invalid position/i);
    } finally {
      await client.dispose();
    }
    const drain = async (after: string) => {
      for await (const _ of store.readAll({ after })) void _;
    };
    await expect(drain(`${commit + 1n}/${commit + 1n}`)).rejects.toThrow(InvalidEventError);
    await expect(drain(`${commit + 1n}/${commit + 1n}`)).rejects.toThrow(/InvalidPosition/);
    // A real event's position reads fine.
    await drain(position);
  });

  it('an append over MaxAppendSize is split into appends below it (one chain, each event once); an event over it alone is named', async () => {
    await start({}, { ...quick, maxAppendBytes: 1_048_576 });
    const stream = `deal-big-${randomUUID()}`;
    // 30 events of ~50 KB: 1.5 MB in one batch, which the server refuses whole.
    const events = batch(30, 50_000);
    const raw = EventStoreDBClient.connectionString(server.connectionString);
    try {
      await expect(
        raw.appendToStream(
          `${stream}-raw`,
          events.map((e) => jsonEvent({ type: e.type, data: e.data as never })),
        ),
      ).rejects.toMatchObject({
        type: 'maximum-append-size-exceeded',
      });
    } finally {
      await raw.dispose();
    }
    const before = server.counters.appendRequests;
    const result = await store.appendToStream(stream, events, { expectedRevision: 'noStream' });
    expect(server.counters.appendRequests - before).toBe(2);
    const read = await store.readStream(stream, { raw: true });
    expect(read.events.map((e) => e.eventId)).toEqual(events.map((e) => e.metadata.eventId));
    expect(result.nextExpectedRevision).toBe(29n);
    expect(verifyChain(read.events).breaks).toEqual([]);
    // The same call again writes nothing.
    await store.appendToStream(stream, events, { expectedRevision: 'noStream' });
    expect((await store.readStream(stream)).events).toHaveLength(30);
    await expect(store.appendToStream(`${stream}-huge`, [event(0, 1_048_400)], { expectedRevision: 'noStream' })).rejects.toThrow(
      /event #0 \(CardPlayed\) takes \d+ bytes, over EventStoreDB's maximum append size of 1048576 bytes/,
    );
  });

  it('a server with a smaller MaxAppendSize than the adapter expects: the refusal is named', async () => {
    await start({ maxAppendSize: 10_000 });
    await expect(store.appendToStream(`deal-${randomUUID()}`, batch(10, 2_000), { expectedRevision: 'noStream' })).rejects.toThrow(
      /larger than its maximum append size \(10000 bytes, MaxAppendSize\)/,
    );
  });
});
