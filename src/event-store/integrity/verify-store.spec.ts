import { randomUUID } from 'node:crypto';
import type { EventStore, ReadStreamOptions, RecordedEvent, StreamRead } from '../event-store';
import { chainEvents } from '../hash-chain';
import { verifyStore } from './verify-store';

/** A read-only stand-in for an adapter without stored bytes (as EventStoreDB): streams of chained events. */
function fakeStore(streams: Record<string, RecordedEvent[]>, recordedRevision: Record<string, bigint> = {}): EventStore {
  const reads: ReadStreamOptions[] = [];
  const store = {
    reads,
    async *listStreams() {
      yield* Object.keys(streams);
    },
    async readStream(name: string, options: ReadStreamOptions = {}): Promise<StreamRead> {
      reads.push(options);
      const all = streams[name];
      const from = Number(options.fromRevision ?? 0n);
      const events = all.filter((e) => Number(e.revision) >= from).slice(0, options.maxCount ?? Infinity);
      return { exists: true, events, currentRevision: recordedRevision[name] ?? BigInt(all.length - 1) };
    },
  };
  return store as unknown as EventStore;
}

function stream(name: string, n: number): RecordedEvent[] {
  const chained = chainEvents(
    null,
    Array.from({ length: n }, (_, i) => ({ type: 'CardPlayed', data: { i }, metadata: { eventId: randomUUID() } })),
  );
  return chained.map((e, i) => ({
    streamName: name,
    type: e.type,
    data: e.data,
    metadata: e.metadata,
    eventId: e.metadata.eventId,
    revision: BigInt(i),
    position: String(i),
  }));
}

describe('verifyStore', () => {
  it('walks every stream in pages, reading raw (stored) events', async () => {
    const store = fakeStore({ 'deal-1': stream('deal-1', 5), 'deal-2': stream('deal-2', 4) });
    expect(await verifyStore(store, { pageSize: 2 })).toEqual({ streams: 2, streamsByKind: { deal: 2 }, events: 9, breaks: [] });
    const reads = (store as unknown as { reads: ReadStreamOptions[] }).reads;
    expect(reads.every((r) => r.raw === true && r.maxCount === 2)).toBe(true);
    expect(reads.map((r) => r.fromRevision)).toEqual([0n, 2n, 4n, 0n, 2n, 4n]);
  });

  it('names each altered event, once, and carries on across pages', async () => {
    const events = stream('deal-1', 6);
    events[1] = { ...events[1], data: { i: 99 } };
    events[4] = { ...events[4], type: 'DealScored' };
    const report = await verifyStore(fakeStore({ 'deal-1': events }), { pageSize: 4 });
    expect(report.breaks.map((b) => [b.revision, b.eventId])).toEqual([
      ['1', events[1].eventId],
      ['4', events[4].eventId],
    ]);
  });

  it('reports a stream whose recorded last revision disagrees with its events', async () => {
    const report = await verifyStore(fakeStore({ 'deal-1': stream('deal-1', 3) }, { 'deal-1': 5n }));
    expect(report.breaks).toEqual([expect.objectContaining({ streamName: 'deal-1', revision: '2', reason: expect.stringMatching(/recorded as 5/) })]);
  });
});
