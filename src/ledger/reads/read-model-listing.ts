/**
 * Lists deal streams through the deal-summary read model, where it knows them. Over EventStoreDB a
 * listing read from the store transfers every event of every matching stream (the server filters
 * by prefix, but each stream's first event has to be found among all of its events), and a table's
 * deals cost one DealStarted per deal of the whole store. The read models already hold one row per
 * deal, checkpointed at a position of $all: the rows up to the checkpoint, plus a read of the log
 * after it (filtered on the server) for deals recorded since, give the same streams for the price
 * of the new events only.
 *
 * The file is opened read-only and used only when it exists, holds read models of this layout and
 * is bound to this store (read-model-binding.ts); otherwise there is no listing and the caller reads
 * the store. It lists the deal streams the read models saw start (every stream the ledger writes
 * under `deal-` starts with DealStarted); a `deal-` stream written by another tool that never
 * started a deal is not among them.
 */
import Database from 'better-sqlite3';
import { DEAL_STREAM_PREFIX, type DealStartedData } from '../../deal/events';
import type { EventStore } from '../../event-store/event-store';
import { checkReadModelBinding } from '../../projections/read-model-binding';
import { BINDING_TABLE, CHECKPOINT_TABLE, type ReadModelDb } from '../../projections/read-model-db';
import { DEAL_SUMMARY_TABLE, dealSummaryProjection } from '../../projections/deal-summary/deal-summary-projection';

export interface ReadModelListing {
  /** The deal streams whose names start with `prefix` (which must start with `deal-`). */
  dealStreams(prefix: string): AsyncIterable<string>;
  /** The ids of the table's deals, in the order of its list. */
  tableDealIds(tableId: string): AsyncIterable<string>;
  close(): void;
}

/** Whether a stream prefix selects deal streams only, so the deal summaries can list it. */
export function isDealStreamPrefix(prefix: string): boolean {
  return prefix.startsWith(DEAL_STREAM_PREFIX);
}

/** A GLOB pattern matching text that starts with `prefix` (its own `*`, `?` and `[` taken literally). */
function globPrefix(prefix: string): string {
  return prefix.replace(/[*?[]/g, (c) => `[${c}]`) + '*';
}

function openReadOnly(file: string): ReadModelDb | undefined {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const present = db
        .prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (?, ?, ?)`)
        .pluck()
        .get(DEAL_SUMMARY_TABLE, CHECKPOINT_TABLE, BINDING_TABLE);
      if (present === 3) return db;
    } catch {
      // unreadable: not a read-model file of this layout
    }
    db.close();
  } catch {
    // no such file, or it cannot be opened here
  }
  return undefined;
}

/**
 * The listing of the read-model file at `readModelUrl` (`sqlite:<file>`) for `store`, or undefined
 * when it cannot answer for the store (missing, of another layout, empty, or bound to another store).
 */
export async function openReadModelListing(store: EventStore, readModelUrl: string): Promise<ReadModelListing | undefined> {
  if (!readModelUrl.startsWith('sqlite:') || readModelUrl === 'sqlite::memory:') return undefined;
  const db = openReadOnly(readModelUrl.slice('sqlite:'.length));
  if (!db) return undefined;
  try {
    // The deal summaries' own checkpoint: the rows below list the deals up to it.
    const checkpoint = db
      .prepare(`SELECT position FROM ${CHECKPOINT_TABLE} WHERE projection = ? AND version = ?`)
      .pluck()
      .get(dealSummaryProjection.name, dealSummaryProjection.version) as string | null | undefined;
    const binding = checkpoint ? await checkReadModelBinding(db, store) : { ok: false };
    if (!checkpoint || !binding.ok) {
      db.close();
      return undefined;
    }
    const known = db.prepare(`SELECT 1 FROM ${DEAL_SUMMARY_TABLE} WHERE deal_id = ?`).pluck();
    return {
      async *dealStreams(prefix) {
        if (!isDealStreamPrefix(prefix)) throw new Error(`the read models list deal streams only, not ${JSON.stringify(prefix)}`);
        const ids = db
          .prepare(`SELECT deal_id FROM ${DEAL_SUMMARY_TABLE} WHERE deal_id GLOB ? ORDER BY started_at, deal_id`)
          .pluck()
          .iterate(globPrefix(prefix.slice(DEAL_STREAM_PREFIX.length))) as IterableIterator<string>;
        for (const id of ids) yield `${DEAL_STREAM_PREFIX}${id}`;
        // Deals recorded after the checkpoint: their first events, read after it.
        for await (const event of store.readAll({ after: checkpoint, streamPrefixes: [prefix] })) {
          if (event.revision === 0n && !known.get(event.streamName.slice(DEAL_STREAM_PREFIX.length))) yield event.streamName;
        }
      },
      async *tableDealIds(tableId) {
        const ids = db
          .prepare(`SELECT deal_id FROM ${DEAL_SUMMARY_TABLE} WHERE table_id = ? ORDER BY deal_number, started_at, deal_id`)
          .pluck()
          .all(tableId) as string[];
        yield* ids;
        for await (const started of store.readAll({ after: checkpoint, eventTypes: ['DealStarted'], streamPrefixes: [DEAL_STREAM_PREFIX] })) {
          const dealId = started.streamName.slice(DEAL_STREAM_PREFIX.length);
          if ((started.data as DealStartedData).tableId === tableId && !known.get(dealId)) yield dealId;
        }
      },
      close: () => db.close(),
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
