import DataLoader from 'dataloader';
import type { DealSummary } from '../../projections/deal-summary/deal-summary';
import type { Ledger } from '../../ledger/ledger';

/** Per-request batching: every deal summary asked for in one tick is read with one dealsByIds. */
export function makeDealLoader(ledger: Ledger): DataLoader<string, DealSummary | null> {
  return new DataLoader(async (ids) => ledger.dealsByIds(ids), { maxBatchSize: 500 });
}
