import { CorruptEventError } from '../errors';
import type { EventMetadata } from '../event-metadata';
import type { RecordedEvent } from '../event-store';

/** Parses stored metadata text; anything but a JSON object is a CorruptEventError naming the event. */
export function parseStoredMetadata(text: string, streamName: string, revision: string, eventId: string): EventMetadata {
  let metadata: unknown;
  try {
    metadata = JSON.parse(text);
  } catch (err) {
    throw new CorruptEventError(streamName, revision, eventId, `stored JSON is unreadable: ${(err as Error).message}`);
  }
  if (metadata === null || typeof metadata !== 'object') {
    throw new CorruptEventError(streamName, revision, eventId, 'stored JSON is unreadable: metadata is not an object');
  }
  return metadata as EventMetadata;
}

/**
 * An event read with `lazyMetadata`: its metadata is built on first access, once. A projection
 * reads the metadata of one event type in two (DealStarted's source), so the scan skips half of
 * the metadata building and the objects it would leave for the GC.
 */
export class LazyMetadataEvent implements RecordedEvent {
  private parsed: EventMetadata | undefined;

  constructor(
    readonly streamName: string,
    readonly type: string,
    readonly data: unknown,
    readonly eventId: string,
    readonly revision: bigint,
    readonly position: string,
    private readonly build: () => EventMetadata,
  ) {}

  get metadata(): EventMetadata {
    if (this.parsed === undefined) this.parsed = this.build();
    return this.parsed;
  }
}
