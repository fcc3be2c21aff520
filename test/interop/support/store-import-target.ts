import type { AppendBatch, AppendResult, EventStore } from '../../../src/event-store/event-store';
import type { IssImportTarget } from '../../../src/archive/import/import-iss';

/**
 * An import straight into an event store (deals only, no series tables), so the interop suites
 * run on the store alone. `appended` counts the events the store was handed.
 */
export function storeImportTarget(store: EventStore): IssImportTarget & { appended: number } {
  const counting: EventStore = Object.create(store) as EventStore;
  const target = { store: counting, appended: 0 };
  counting.appendMany = async (batches: readonly AppendBatch[]): Promise<AppendResult[]> => {
    const results = await store.appendMany(batches);
    target.appended += batches.reduce((n, b) => n + b.events.length, 0);
    return results;
  };
  return target;
}
