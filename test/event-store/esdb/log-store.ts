/**
 * The double's in-memory log read in process, without gRPC: the same events, ids, hashes and
 * positions the adapter reads over the wire. Scale tests use it to build a read-model file as a
 * previous server would have (cheaply), before a server starts over that file through the adapter.
 * Read only; a test helper, not an adapter.
 */
import type { EventStore, ReadAllOptions, ReadStreamOptions, RecordedEvent, StreamRead } from '../../../src/event-store/event-store';
import type { EventMetadata } from '../../../src/event-store/event-metadata';
import { compareEsdbPositions } from '../../../src/event-store/esdb/esdb-event-store';
import type { InMemoryLog, LoggedEvent } from './in-memory-log';

function recorded(event: LoggedEvent): RecordedEvent {
  const metadata = JSON.parse(Buffer.from(event.customMetadata).toString('utf8')) as EventMetadata;
  return {
    streamName: event.streamName,
    type: event.type,
    data: JSON.parse(Buffer.from(event.data).toString('utf8')),
    metadata,
    eventId: metadata.eventId ?? event.id,
    revision: event.revision,
    position: `${event.position}/${event.position}`,
  };
}

export function inMemoryLogStore(log: InMemoryLog): EventStore {
  const refuse = async (): Promise<never> => {
    throw new Error('inMemoryLogStore is read only');
  };
  return {
    appendToStream: refuse,
    appendMany: refuse,
    async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<StreamRead> {
      const events = log.streamEvents(streamName) ?? [];
      if (events.length === 0) return { exists: false, events: [], currentRevision: -1n };
      const from = Number(options.fromRevision ?? 0n);
      const slice = events.slice(from, options.maxCount === undefined ? undefined : from + options.maxCount);
      return { exists: true, events: slice.map(recorded), currentRevision: BigInt(events.length - 1) };
    },
    async *readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
      const after = options.after === undefined ? undefined : BigInt(options.after.split('/')[0]);
      const types = options.eventTypes?.length ? new Set(options.eventTypes) : undefined;
      let sent = 0;
      for (const event of log.events) {
        if (event.streamName.startsWith('$') || event.type.startsWith('$')) continue;
        if (after !== undefined && event.position <= after) continue;
        if (types && !types.has(event.type)) continue;
        if (options.streamPrefixes?.length && !options.streamPrefixes.some((p) => event.streamName.startsWith(p))) continue;
        yield recorded(event);
        if (++sent >= (options.maxCount ?? Number.POSITIVE_INFINITY)) return;
      }
    },
    subscribeToAll() {
      throw new Error('inMemoryLogStore has no subscriptions');
    },
    async *listStreams(prefix?: string): AsyncIterable<string> {
      for (const event of log.events)
        if (event.revision === 0n && !event.streamName.startsWith('$') && (!prefix || event.streamName.startsWith(prefix))) yield event.streamName;
    },
    comparePositions: compareEsdbPositions,
    async dispose() {},
  };
}
