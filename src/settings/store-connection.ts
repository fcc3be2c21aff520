/**
 * The one module of the shell (API, HTTP export, CLI, server start) that reaches the event store
 * itself: it reads store URLs for the settings and opens a store read-only for the CLI's
 * store-level commands (verify, export), which stream events without the ledger's read models.
 * Everything else talks to the ledger, which keeps its store private (test/architecture checks it).
 */
import type { EventStore } from '../event-store/event-store';
import { openEventStore } from '../event-store/store-url';

export { DEFAULT_STORE_URL, parseStoreUrl, redactUrl, type StoreLocation } from '../event-store/store-url';
export { StoreConfigError } from '../event-store/errors';
export { verifyStore, type VerifyReport } from '../event-store/integrity/verify-store';

/** The store a URL names, opened for reading only; a SQLite file that does not exist is refused, not created. */
export function openStoreForReading(url: string): Promise<EventStore> {
  return openEventStore(url, { readonly: true, mustExist: true });
}

/**
 * The store a URL names, opened for writing and closed again: an event store file of an earlier
 * layout is migrated by that (in one transaction); other stores are left as they are.
 */
export async function migrateStore(url: string): Promise<void> {
  const store = await openEventStore(url, { mustExist: true });
  await store.dispose();
}
