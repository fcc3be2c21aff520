/**
 * Read models are bound to the store they were built from. The read-model file records the
 * store's identity (the first event the projections read: stream, revision, id, hash, position)
 * and the head its rows reach (the last event applied, same fields), both written in the same
 * transaction as the rows. At start the ledger checks both against the store: a file built from
 * another store (or from a store since restored to an older state) would otherwise serve that
 * store's deals, finished or not, as if they were this one's (a live deal's hidden cards among
 * them), so a mismatch is refused or rebuilt, never served.
 */
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { BINDING_TABLE, readModelsHoldAnything, type ReadModelDb } from './read-model-db';
import type { ProjectionDefinition } from './projection-definition';
import { REGISTERED_PROJECTIONS } from './registered-projections';

export const BINDING_IDENTITY = 'identity';
export const BINDING_HEAD = 'head';

/** One event of the store, as the binding records it. */
export interface StoreMark {
  readonly streamName: string;
  readonly revision: string;
  readonly eventId: string;
  readonly hash: string | null;
  readonly position: string;
}

export function markOf(event: RecordedEvent): StoreMark {
  return {
    streamName: event.streamName,
    revision: event.revision.toString(),
    eventId: event.eventId,
    hash: event.metadata.hash ?? null,
    position: event.position,
  };
}

export interface ReadModelBinding {
  readonly identity: StoreMark | undefined;
  readonly head: StoreMark | undefined;
}

function parseMark(json: string | undefined): StoreMark | undefined {
  if (json === undefined) return undefined;
  try {
    const value = JSON.parse(json) as Partial<StoreMark>;
    if (typeof value.streamName !== 'string' || typeof value.revision !== 'string' || typeof value.eventId !== 'string' || typeof value.position !== 'string')
      return undefined;
    if (!/^\d+$/.test(value.revision)) return undefined;
    return value as StoreMark;
  } catch {
    return undefined;
  }
}

export function readBinding(db: ReadModelDb): ReadModelBinding {
  const get = db.prepare(`SELECT value FROM ${BINDING_TABLE} WHERE key = ?`).pluck();
  return { identity: parseMark(get.get(BINDING_IDENTITY) as string | undefined), head: parseMark(get.get(BINDING_HEAD) as string | undefined) };
}

/** `unbound`: rows without any binding (a file from before binding existed): rebuilt once, like an older layout. */
export type BindingCheck = { readonly ok: true } | { readonly ok: false; readonly unbound: boolean; readonly reason: string };

function sameEvent(mark: StoreMark, event: RecordedEvent | undefined, store: EventStore): boolean {
  if (!event) return false;
  return (
    event.streamName === mark.streamName &&
    event.revision.toString() === mark.revision &&
    event.eventId === mark.eventId &&
    (event.metadata.hash ?? null) === mark.hash &&
    store.comparePositions(event.position, mark.position) === 0
  );
}

async function eventAt(store: EventStore, mark: StoreMark): Promise<RecordedEvent | undefined> {
  const read = await store.readStream(mark.streamName, { fromRevision: BigInt(mark.revision), maxCount: 1, raw: true });
  return read.events[0];
}

/**
 * Compares the binding with the store: two point reads, the event recorded as the store's identity
 * and the event at the recorded head, each found in its stream and compared by id, hash and
 * position. Events are hash-chained per stream and positions are the store's own, so a store that
 * holds both is the one the rows were built from, or a copy of it that went on from there.
 */
export async function checkReadModelBinding(
  db: ReadModelDb,
  store: EventStore,
  projections: readonly ProjectionDefinition[] = REGISTERED_PROJECTIONS,
): Promise<BindingCheck> {
  // Empty read models (no rows, no checkpoint) cannot be wrong.
  if (!readModelsHoldAnything(db, projections)) return { ok: true };
  const { identity, head } = readBinding(db);
  if (!identity && !head) return { ok: false, unbound: true, reason: 'it records no store (written before read models were bound to their store)' };
  if (!identity || !head) return { ok: false, unbound: false, reason: 'its record of the store it was built from is incomplete or unreadable' };
  const first = await eventAt(store, identity);
  if (!sameEvent(identity, first, store)) {
    return {
      ok: false,
      unbound: false,
      reason: `it was built from another store (its first event ${identity.eventId} in ${identity.streamName} ${first ? 'differs here' : 'is not in this store'})`,
    };
  }
  const atHead = await eventAt(store, head);
  if (!sameEvent(head, atHead, store)) {
    return {
      ok: false,
      unbound: false,
      reason: `its rows reach event ${head.eventId} (${head.streamName} revision ${head.revision}), which this store ${atHead ? 'holds with different content' : 'does not hold'} (another store, or one restored to an earlier state)`,
    };
  }
  return { ok: true };
}

/** A read-model file that does not belong to the store it was opened with. */
export class ReadModelMismatchError extends Error {
  constructor(
    readonly readModels: string,
    readonly reason: string,
  ) {
    super(
      `the read models in ${readModels} do not belong to this event store: ${reason}. Nothing is served from them. ` +
        "Run `skat-ledger rebuild` with the same store and read models, point SKAT_LEDGER_READ_MODELS at this store's own file, " +
        'or set SKAT_LEDGER_READ_MODEL_MISMATCH=rebuild to rebuild them at start.',
    );
    this.name = 'ReadModelMismatchError';
  }
}

/** What to do at start when the read models do not belong to the store. */
export type ReadModelMismatchPolicy = 'refuse' | 'rebuild';

export function parseMismatchPolicy(value: string | undefined): ReadModelMismatchPolicy {
  if (value === undefined || value === '' || value === 'refuse') return 'refuse';
  if (value === 'rebuild') return 'rebuild';
  throw new Error(`SKAT_LEDGER_READ_MODEL_MISMATCH must be refuse or rebuild, got ${JSON.stringify(value)}`);
}
