import { Worker } from 'node:worker_threads';
import type { DealStreamSource } from '../export/deal-stream-source';
import { DEALS_PER_READ } from '../export/deals-with-events';
import { parseStoreUrl } from '../../event-store/store-url';
import type { DealExportFilter } from './deal-filter';
import { ndjsonBlockOfDeals, ndjsonDealBlocks, type DealExportProblem } from './ndjson-writer';
import { workerScript } from '../../analysis/workers/worker-script';

/** One batch of deals for a worker: their ids in export order, and the filter each record must pass. */
export interface NdjsonExportJob {
  readonly seq: number;
  readonly dealIds: readonly string[];
  readonly filter: DealExportFilter;
}

export type NdjsonExportReply =
  { readonly seq: number; readonly block: string; readonly problems: readonly DealExportProblem[] } | { readonly seq: number; readonly error: string };

interface BatchLines {
  readonly block: string;
  readonly problems: readonly DealExportProblem[];
}

/** A batch waiting its turn to be written: built here (result set at once) or on a worker (result set when it answers). */
interface PendingBatch {
  result?: BatchLines;
  promise?: Promise<BatchLines>;
}

/**
 * Where the batches go: workers started for this export and stopped at its end (`storeUrl`, each
 * worker opens it again read-only: a SQLite file, see exportsOnWorkers; `workers`: how many besides
 * this thread, 0 for this thread alone), or the pool a server shares between its exports (`shared`:
 * asked for when needed; the caller stops it).
 */
export type NdjsonWorkerOptions = ({ readonly storeUrl: string; readonly workers: number } | { readonly shared: () => NdjsonExportWorkers }) & {
  /** Deals this thread exports alone before it turns to the workers (default EXPORT_WORKERS_FROM_DEALS): a short export starts none. */
  readonly startAfter?: number;
};

/** Below this many deals a worker (its start and its own connection, 0.1-0.3 s) costs more than it saves. */
export const EXPORT_WORKERS_FROM_DEALS = 1000;
/** A worker's page cache for the store, KiB: it reads each stream once (the connection's default is 32 MiB). */
export const EXPORT_WORKER_CACHE_KIB = 2 * 1024;
/** Batches a worker holds at once: one being built, one waiting, so it never idles between messages. */
const IN_FLIGHT_PER_WORKER = 2;
/** Batches done or under way beyond the next one to write, at most: memory stays at a few batches. */
const AHEAD = 8;

/** Whether a store can be read by export workers: a SQLite file each worker opens on its own (not a private in-memory store, not a server). */
export function exportsOnWorkers(storeUrl: string): boolean {
  const location = parseStoreUrl(storeUrl);
  return location.kind === 'sqlite' && location.path !== ':memory:';
}

/**
 * The blocks of ndjsonDealBlocks, the same lines in the same order, built on worker threads
 * beside this one: the deal list comes from `source` here (its selection, its `include`), each
 * batch of DEALS_PER_READ deals goes to a worker with room, which reads the deals from its own
 * connection and builds their lines; when every worker is busy this thread builds the batch
 * itself, so every core works and the list never runs far ahead. One block per batch, handed on
 * in list order; a deal that cannot be read is reported to `onProblem` before its batch's block.
 */
export async function* ndjsonDealBlocksOnWorkers(
  source: DealStreamSource,
  filter: DealExportFilter,
  onProblem: ((problem: DealExportProblem) => void) | undefined,
  options: NdjsonWorkerOptions,
): AsyncGenerator<string> {
  const many = source.dealEventsOfMany?.bind(source);
  if (!many || ('workers' in options && options.workers <= 0)) {
    yield* ndjsonDealBlocks(source, filter, onProblem);
    return;
  }
  const startAfter = options.startAfter ?? EXPORT_WORKERS_FROM_DEALS;
  // This export's own workers (stopped at its end), or the shared pool, once the export is long enough.
  let own: NdjsonExportWorkers | null = null;
  let pool: NdjsonExportWorkers | null = null;
  let listed = 0;
  // Batches in list order.
  const pending: PendingBatch[] = [];
  const handOn = (lines: BatchLines): string => {
    for (const p of lines.problems) onProblem?.(p);
    return lines.block;
  };
  const next = async (): Promise<string> => {
    const head = pending.shift() as PendingBatch;
    return handOn(head.result ?? (await (head.promise as Promise<BatchLines>)));
  };
  const take = async function* (ids: readonly string[]): AsyncGenerator<string> {
    listed += ids.length;
    if (!pool && listed > startAfter) pool = 'shared' in options ? options.shared() : (own = new NdjsonExportWorkers(options.storeUrl, options.workers));
    // The workers' answers are messages (macrotasks): let them in before judging who has room, or
    // this thread, busy in promise callbacks, would build every batch itself while answers wait.
    await new Promise<void>((resolve) => setImmediate(resolve));
    // What is ready leaves first.
    while (pending.length > 0 && pending[0].result) {
      const block = await next();
      if (block !== '') yield block;
    }
    if (pool?.hasRoom()) {
      const entry: PendingBatch = {};
      entry.promise = pool.submit(ids, filter).then((r) => (entry.result = r));
      // Awaited in turn by next(); this only keeps a failure from counting as unhandled meanwhile.
      entry.promise.catch(() => undefined);
      pending.push(entry);
    } else pending.push({ result: ndjsonBlockOfDeals(ids, await many(ids), filter) });
    while (pending.length > AHEAD) {
      const block = await next();
      if (block !== '') yield block;
    }
  };
  try {
    let batch: string[] = [];
    for await (const dealId of source.dealIds()) {
      batch.push(dealId);
      if (batch.length < DEALS_PER_READ) continue;
      yield* take(batch);
      batch = [];
    }
    if (batch.length > 0) yield* take(batch);
    while (pending.length > 0) {
      const block = await next();
      if (block !== '') yield block;
    }
  } finally {
    await (own as NdjsonExportWorkers | null)?.close();
  }
}

/**
 * Export worker threads, each with IN_FLIGHT_PER_WORKER batches at most (shared by every export
 * that uses the pool, so exports beyond its room build their batches on their own thread); a
 * worker that fails fails every batch it holds and the pool with it (`failed`: start another).
 */
export class NdjsonExportWorkers {
  /** Idle workers are unreferenced (a server's pool does not hold the process open); a worker with batches is referenced. */
  private readonly slots: { readonly worker: Worker; inFlight: number }[] = [];
  private readonly waiting = new Map<number, { resolve: (r: BatchLines) => void; reject: (e: Error) => void }>();
  private failure: Error | null = null;
  private seq = 0;

  constructor(storeUrl: string, count: number) {
    const { file, execArgv } = workerScript(__dirname, 'ndjson-export-worker');
    for (let i = 0; i < count; i++) {
      const worker = new Worker(file, { workerData: { storeUrl }, execArgv, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' } });
      const slot = { worker, inFlight: 0 };
      worker.unref();
      worker.on('message', (reply: NdjsonExportReply) => {
        const job = this.waiting.get(reply.seq);
        if (!job) return;
        this.waiting.delete(reply.seq);
        if (--slot.inFlight === 0) worker.unref();
        if ('error' in reply) job.reject(new Error(reply.error));
        else job.resolve({ block: reply.block, problems: reply.problems });
      });
      worker.on('error', (err) => this.fail(err));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`an export worker stopped (exit code ${code})`));
      });
      this.slots.push(slot);
    }
  }

  get failed(): boolean {
    return this.failure !== null;
  }

  hasRoom(): boolean {
    return this.failure === null && this.slots.some((s) => s.inFlight < IN_FLIGHT_PER_WORKER);
  }

  submit(dealIds: readonly string[], filter: DealExportFilter): Promise<BatchLines> {
    if (this.failure) return Promise.reject(this.failure);
    const job: NdjsonExportJob = { seq: this.seq++, dealIds, filter };
    const slot = this.slots.reduce((best, s) => (s.inFlight < best.inFlight ? s : best));
    if (slot.inFlight++ === 0) slot.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(job.seq, { resolve, reject });
      slot.worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error('the export workers were stopped');
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const [seq, job] of this.waiting) {
      this.waiting.delete(seq);
      job.reject(this.failure);
    }
  }
}
