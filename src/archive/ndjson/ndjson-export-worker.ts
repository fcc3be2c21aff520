import { parentPort, workerData } from 'node:worker_threads';
import { dealStreamName } from '../../deal/events';
import { readStreamsOf } from '../../event-store/event-store';
import { openEventStore } from '../../event-store/store-url';
import { ndjsonBlockOfDeals } from './ndjson-writer';
import { EXPORT_WORKER_CACHE_KIB, type NdjsonExportJob, type NdjsonExportReply } from './ndjson-export-pool';

/**
 * An NDJSON export worker thread (ndjson-export-pool.ts): its own read-only connection to the
 * store; batches of deal ids in, their lines (one block) and problems out, tagged with the batch's
 * sequence number (the pool puts them back in order).
 */
const { storeUrl } = workerData as { storeUrl: string };
// Each stream is read once: a small page cache (the index's inner pages) is all the reads reuse.
const opened = openEventStore(storeUrl, { readonly: true, mustExist: true, sqlite: { cacheSizeKiB: EXPORT_WORKER_CACHE_KIB } });
// An open that fails is answered job by job; this keeps it from being an unhandled rejection first.
opened.catch(() => undefined);

parentPort?.on('message', (job: NdjsonExportJob) => {
  void answer(job).then((reply) => parentPort?.postMessage(reply));
});

async function answer(job: NdjsonExportJob): Promise<NdjsonExportReply> {
  try {
    const store = await opened;
    // As the Ledger reads them for the export (ledgerDealSource): metadata built on first access.
    const reads = await readStreamsOf(store, job.dealIds.map(dealStreamName), { lazyMetadata: true });
    const { block, problems } = ndjsonBlockOfDeals(
      job.dealIds,
      reads.map((r) => r.events),
      job.filter,
    );
    return { seq: job.seq, block, problems };
  } catch (err) {
    return { seq: job.seq, error: (err as Error).message };
  }
}
