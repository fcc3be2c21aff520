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
   * previous event of the stream, GENESIS_HASH (64 zeros) for the first. See hashChain.ts.
   */
  readonly prevHash?: string;
  /** sha256 over type, canonical data and canonical metadata without `hash` (so prevHash too). */
  readonly hash?: string;
  readonly [key: string]: string | undefined;
}
