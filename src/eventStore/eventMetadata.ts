/** Metadata of every event: a flat string map, safe for EventStoreDB's append API. */
export interface EventMetadata {
  readonly eventId: string;
  readonly commandId?: string;
  readonly actorId?: string;
  /** live | import:iss | manual */
  readonly source?: string;
  readonly recordedAt?: string;
  readonly occurredAt?: string;
  readonly schemaVersion?: string;
  readonly rulesVersion?: string;
  readonly $correlationId?: string;
  readonly $causationId?: string;
  /** Hash chain (written by the store on append): hash of the previous event of the stream. */
  readonly prevHash?: string;
  /** sha256 over type, data and prevHash. */
  readonly hash?: string;
  readonly [key: string]: string | undefined;
}
