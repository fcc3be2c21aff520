import type { EventStore } from '../event-store/event-store';

/** Each open Ledger's store, kept here so that the Ledger itself hands it to no one (its field is `#store`). */
const stores = new WeakMap<object, EventStore>();

/** Called once, by the Ledger's constructor. */
export function bindLedgerStore(ledger: object, store: EventStore): void {
  if (stores.has(ledger)) throw new Error('a ledger binds its store once');
  stores.set(ledger, store);
}

/**
 * The store behind a Ledger, for the ledger's neighbours that write or read it whole: the archive's
 * bulk import (it appends whole deals many to a transaction) and tests. The shell (api, http, cli,
 * viewer, app) never imports this module, and test/architecture/import-directions.spec.ts fails
 * naming the file that does; it asks the Ledger's methods instead.
 */
export function ledgerStore(ledger: object): EventStore {
  const store = stores.get(ledger);
  if (store === undefined) throw new Error('not an open Ledger');
  return store;
}
