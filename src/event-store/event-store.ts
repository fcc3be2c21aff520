/**
 * The event store port. Adapters (sqlite/, esdb/) implement it; nothing adapter-specific leaks
 * through. Revisions are bigint inside and decimal strings at the edges; positions are opaque.
 */
import type { ExpectedRevision } from './expected-revision';
import type { EventMetadata } from './event-metadata';
import type { ByteList, TextList } from './packed-texts';

/** An event about to be appended. `metadata.eventId` is required so retries are idempotent. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
}

/** An event as read back: upcast to its current shape, with its place in the store. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  readonly streamName: string;
  readonly type: Type;
  readonly data: Data;
  /** Includes the hash chain fields `prevHash` and `hash` written by the store. */
  readonly metadata: EventMetadata;
  readonly eventId: string;
  /** Position of the event in its stream, from 0. */
  readonly revision: bigint;
  /** Opaque position in the global log; compare only through the store. */
  readonly position: string;
  /**
   * Only on `raw` reads from adapters that keep JSON text (SQLite): the stored bytes exactly, so the
   * integrity check can see changes that leave the parsed value equal.
   */
  readonly storedForm?: { readonly data: string; readonly metadata: string };
}

/** One stream's part of an `appendMany`: the events and what the writer expects of the stream. */
export interface AppendBatch {
  readonly streamName: string;
  readonly events: readonly NewEvent[];
  readonly expectedRevision: ExpectedRevision;
}

/** See EventStore.groupCommit. */
export interface GroupCommit {
  /** Opens a transaction that the following appendMany calls join, each still all-or-nothing on its own. */
  begin(): void;
  /** Makes what the joined appends wrote durable and visible to other connections; subscribers hear of it now. */
  commit(): void;
  /** Drops everything the joined appends wrote since begin (nothing when no group is open). */
  rollback(): void;
  /** Whether a group is open. */
  isOpen(): boolean;
}

/** See EventStore.newStreamSealing. */
export interface NewStreamSealing {
  /** metadata.recordedAt for events sealed now (the store's clock). */
  recordedAt(): string;
  readonly maxEventBytes: number;
  /**
   * A batch for appendMany from rows sealNewStreamRows produced (expectation noStream), as strings
   * or packed (packTexts); idCommand as sealNewStreamRows gave it (null or left out: not known).
   */
  adopt(streamName: string, rows: TextList, lastHash: string, known?: SealedKnown): AppendBatch;
  /**
   * The name of the form this store keeps event data in, when it takes that form computed by the
   * sealer (sealNewStreamRows's encodeData; SQLite: COMPACT_JSON_FORM), so a worker can do it.
   */
  readonly dataForm?: string;
}

/** What the sealer worked out beside the rows (sealNewStreamRows), so the store need not again. */
export interface SealedKnown {
  readonly idCommand?: string | null;
  /** Each event's data in the store's dataForm (null: none, the data JSON is kept). */
  readonly dataForms?: ByteList | null;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  readonly nextExpectedRevision: bigint;
  /** Global position of the last appended event. */
  readonly position: string;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Revision to start from (inclusive); default start (forwards) or end (backwards). */
  readonly fromRevision?: bigint;
  readonly maxCount?: number;
  /**
   * Skip upcasting and return each event exactly as stored (the integrity check needs the bytes the
   * hash was computed over). Default false: code only ever sees the current shape of an event.
   */
  readonly raw?: boolean;
  /**
   * The same hint as readAll's: an adapter may parse an event's metadata only when it is first
   * read (an export reads the first event's source only). Ignored with `raw`. Default false.
   */
  readonly lazyMetadata?: boolean;
}

export interface ReadStreamsOptions {
  /**
   * As readStream's: the event's metadata, and here its id too, may be built on first access
   * (getters: a copy made by spreading the event carries neither, so code that copies events
   * names them). Default false.
   */
  readonly lazyMetadata?: boolean;
}

/** The most streams one readStreams call takes (its reads are held together). */
export const MAX_STREAMS_PER_READ = 1000;

export interface ReadAllOptions {
  /** Read events after this position (exclusive); default: from the beginning. */
  readonly after?: string;
  readonly streamPrefixes?: readonly string[];
  readonly eventTypes?: readonly string[];
  readonly maxCount?: number;
  /**
   * Optional hint from a reader that looks at the metadata of few events (projections): an adapter
   * may parse an event's metadata only when `metadata` is first read. The values are the same;
   * metadata stored unreadable then fails at that read rather than during the scan. Default false.
   */
  readonly lazyMetadata?: boolean;
}

export interface SubscribeOptions {
  /** Checkpoint to resume after (exclusive); undefined = from the beginning. */
  readonly after?: string;
  readonly streamPrefixes?: readonly string[];
  readonly eventTypes?: readonly string[];
}

export interface SubscriptionHandlers {
  /** Called once per event, in global order; the subscription waits for the promise. */
  readonly onEvent: (event: RecordedEvent) => Promise<void> | void;
  /**
   * Called once when the catch-up phase has delivered everything that existed at subscribe time,
   * and again after each onFellBehind once the subscription has caught up again.
   */
  readonly onCaughtUp?: (position: string | undefined) => void;
  /**
   * The store could not keep this live subscriber up with the log (EventStoreDB's FellBehind: its
   * live queue overflowed) and reads from the log again; events still come in order, each once.
   */
  readonly onFellBehind?: () => void;
  /** A checkpoint the subscriber may store even when no matching event arrived (filtered reads). */
  readonly onCheckpoint?: (position: string) => void;
  readonly onError?: (error: Error) => void;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface StreamRead {
  readonly exists: boolean;
  readonly events: readonly RecordedEvent[];
  /** Revision of the last event of the stream; -1n when it does not exist. */
  readonly currentRevision: bigint;
}

export interface EventStore {
  /**
   * Appends all events or none. Refuses (InvalidEventError) an empty batch, a repeated eventId and
   * data JSON cannot carry; throws ConcurrencyError when the expectation does not hold. The same
   * event ids appended again with the same expectation report the original result, writing nothing.
   */
  appendToStream(streamName: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /**
   * Appends several streams' batches in the order given, each checked exactly as appendToStream
   * checks it (a batch may expect what an earlier batch of the same call left). Bad input in any
   * batch is refused before anything is written. SQLite writes all batches in one transaction:
   * all or none. Stores without multi-stream transactions (EventStoreDB) append them with a few
   * in flight (batches of one stream in order), each batch all-or-nothing on its own: on a failure
   * the earlier batches stay, no further batch starts (those already in flight finish whole) and
   * the error names the failing one. A batch already appended (same ids, same expectation)
   * reports its original result, so the same call again completes it. Returns one result per batch.
   */
  appendMany(batches: readonly AppendBatch[]): Promise<AppendResult[]>;
  /**
   * Optional, for bulk writers: checks, serialises and hash-chains the events of a stream that does
   * not exist yet NOW, so the writer holds compact text rather than event objects until it calls
   * appendMany with the returned batch (expectation noStream; refused with ConcurrencyError then if
   * the stream exists by that time, or reported as already appended when it holds these very ids).
   * The same input errors as appendToStream are thrown here. The result is only for this store's
   * appendMany; its `events` rebuild the objects for anything else. Stores without a cheaper path
   * leave it out.
   */
  prepareNewStream?(streamName: string, events: readonly NewEvent[]): AppendBatch;
  /**
   * Optional, with prepareNewStream: the same sealing done elsewhere (a worker thread running
   * hashChain's sealNewStreamRows with this store's recordedAt and event size limit), its rows
   * adopted as a batch for this store's appendMany. Rows from anything else break the chain.
   */
  readonly newStreamSealing?: NewStreamSealing;
  /**
   * Optional (SQLite): a sole bulk writer's appendMany calls joined into fewer, longer
   * transactions. Each commit rewrites every index page its rows touched (the event ids are
   * random), so a commit per 100,000 events costs about a third less per event than one per
   * 20,000, while the writer holds only the batch it is writing. While a group is open every
   * append through this store object joins it and other connections wait for the write lock, so
   * only a writer that holds the store alone (the CLI import) opens one. A crash before commit
   * leaves none of the group's appends. Inside a group, appendMany keeps each batch whole or
   * absent, but a refused batch leaves the same call's earlier batches written (appending them
   * again reports them as already appended); any other error means the writer rolls back.
   */
  readonly groupCommit?: GroupCommit;
  readStream(streamName: string, options?: ReadStreamOptions): Promise<StreamRead>;
  /**
   * Optional (SQLite): several whole streams read forwards in one go, one read per name in the
   * order given (a missing stream reads as readStream reads it: exists false), the events the same
   * as readStream's, all as of one moment; at most MAX_STREAMS_PER_READ names. For readers of many
   * streams (exports), where a read per stream costs more than its events; readStreamsOf falls
   * back to readStream for stores without it.
   */
  readStreams?(streamNames: readonly string[], options?: ReadStreamsOptions): Promise<StreamRead[]>;
  /** Streams the global log in order without loading it into memory. */
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent>;
  subscribeToAll(handlers: SubscriptionHandlers, options?: SubscribeOptions): Subscription;
  /** Every stream name, in order of creation (integrity walks, rebuilds). */
  listStreams(prefix?: string): AsyncIterable<string>;
  /** Compare two positions: negative, zero or positive. */
  comparePositions(a: string, b: string): number;
  /**
   * Optional: a value that changes whenever the log may have changed (an append through this
   * object or a commit by any other writer). Equal values mean nothing was appended in between, so
   * a reader that caught up at the first may skip reading. Adapters without a cheap, exact token
   * leave it out and readers always read.
   */
  changeToken?(): string;
  /**
   * Optional: gives back the memory this object keeps for speed (SQLite: its connection's page
   * cache) and keeps little until the returned function is called, e.g. after a bulk import has
   * written its last event, while the read models load (reading the log once).
   */
  releaseMemory?(): () => void;
  dispose(): Promise<void>;
}

/** Several streams read as readStreams reads them, through readStream one by one where the store has no readStreams. */
export async function readStreamsOf(store: EventStore, streamNames: readonly string[], options: ReadStreamsOptions = {}): Promise<StreamRead[]> {
  if (store.readStreams) {
    const reads: StreamRead[] = [];
    for (let i = 0; i < streamNames.length; i += MAX_STREAMS_PER_READ)
      reads.push(...(await store.readStreams(streamNames.slice(i, i + MAX_STREAMS_PER_READ), options)));
    return reads;
  }
  const lazy = options.lazyMetadata === true ? { lazyMetadata: true } : {};
  const reads: StreamRead[] = [];
  for (const name of streamNames) reads.push(await store.readStream(name, lazy));
  return reads;
}
