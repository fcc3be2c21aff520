/** Stored rows of the events table turned into the port's recorded events. */
import { CorruptEventError } from '../errors';
import type { EventMetadata } from '../event-metadata';
import type { RecordedEvent } from '../event-store';
import { upcastEvent, type UpcasterRegistry } from '../versioning/upcasting';
import { LazyMetadataEvent } from './lazy-metadata-event';

/** Row as read: [position, stream_name, revision, event_id, type, data, metadata]. */
export type EventRow = [number, string, number, string, string, string, string];

/** The event with its data parsed now and its metadata on first access (readAll's lazyMetadata). */
export function toLazyRecorded(row: EventRow): RecordedEvent {
  const [position, streamName, revision, eventId, type, dataText, metadataText] = row;
  let data: unknown;
  try {
    data = JSON.parse(dataText);
  } catch (err) {
    throw new CorruptEventError(streamName, String(revision), eventId, `stored JSON is unreadable: ${(err as Error).message}`);
  }
  return new LazyMetadataEvent(streamName, type, data, eventId, BigInt(revision), String(position), metadataText);
}

export function toRecorded(row: EventRow, raw: boolean, upcasters: UpcasterRegistry): RecordedEvent {
  const [position, streamName, revision, eventId, storedType, dataText, metadataText] = row;
  let data: unknown;
  let metadata: EventMetadata;
  try {
    data = JSON.parse(dataText);
    metadata = JSON.parse(metadataText) as EventMetadata;
    if (metadata === null || typeof metadata !== 'object') throw new Error('metadata is not an object');
  } catch (err) {
    if (!raw) throw new CorruptEventError(streamName, String(revision), eventId, `stored JSON is unreadable: ${(err as Error).message}`);
    // Raw reads serve the integrity check, which reports the damage from storedForm.
    return {
      streamName,
      type: storedType,
      data: null,
      metadata: { eventId },
      eventId,
      revision: BigInt(revision),
      position: String(position),
      storedForm: { data: dataText, metadata: metadataText },
    };
  }
  if (raw) {
    return {
      streamName,
      type: storedType,
      data,
      metadata,
      eventId,
      revision: BigInt(revision),
      position: String(position),
      storedForm: { data: dataText, metadata: metadataText },
    };
  }
  const current = upcastEvent(upcasters, { type: storedType, data, metadata });
  return {
    streamName,
    type: current.type,
    data: current.data,
    metadata: current.metadata,
    eventId,
    revision: BigInt(revision),
    position: String(position),
  };
}
