/** Metadata of every event: a flat string map, safe for EventStoreDB's append API. */
export interface EventMetadata {
  readonly eventId: string;
  readonly commandId?: string;
  readonly actorId?: string;
  /** live | import:iss | manual */
  readonly source?: string;
  /** Store clock (ISO 8601); the store sets it when the caller did not. */
  readonly recordedAt?: string;
  readonly occurredAt?: string;
  readonly schemaVersion?: string;
  readonly rulesVersion?: string;
  readonly $correlationId?: string;
  readonly $causationId?: string;
  /**
   * Hash chain (written by the store on append; a caller setting either is refused): hash of the
   * previous event of the stream, GENESIS_HASH (64 zeros) for the first. See hash-chain.ts.
   */
  readonly prevHash?: string;
  /** sha256 over type, canonical data and canonical metadata without `hash` (so prevHash too). */
  readonly hash?: string;
  readonly [key: string]: string | undefined;
}

/**
 * EventStoreDB's tracing ids go on every event: `$correlationId` (the request or run the event
 * belongs to) and `$causationId` (the command or event that caused it). A writer that sets neither
 * (an ISS import, a tool) gets the event's command id for both, else its own event id: derived
 * from what the event already says, so a re-import writes the same metadata and the same hash
 * chain. Fills in place the metadata a store is about to seal.
 */
export function fillTracingIds(metadata: Record<string, string>): void {
  const origin = metadata.commandId ?? metadata.eventId;
  if (metadata.$correlationId === undefined) metadata.$correlationId = origin;
  if (metadata.$causationId === undefined) metadata.$causationId = origin;
}
