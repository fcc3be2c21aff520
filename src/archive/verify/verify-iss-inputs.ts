import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { IssVerifyOptions, IssVerifySink } from './verify-iss-files';
import { IssVerifyPool } from './verify-iss-pool';

export type { IssVerifyOptions, IssVerifySink } from './verify-iss-files';

/** How the work was shared: the threads that verified (this one and its workers), and how many ranges of plain files the workers did. */
export interface IssVerifyShare {
  readonly threads: number;
  readonly ranges: number;
  readonly rangesOnWorkers: number;
}

/** Below this much input, starting workers (about 0.1 s each) costs more than it saves. */
export const PARALLEL_FROM_BYTES = 4 << 20;

/**
 * `iss verify` over files and standard input, on worker threads beside this one when the input is
 * large, so that every core verifies: a plain file by byte ranges each thread reads itself, other
 * input (standard input, compressed dumps) cut into batches here. Verdicts reach the sink in input
 * order. Memory holds a few batches or ranges, whatever the input's size.
 *
 * The workers are started first, before this thread loads its own verifier (verify-iss-files), so
 * that their start-up overlaps this thread's.
 */
export async function verifyIssInputs(
  names: readonly string[],
  profileId: string,
  sink: IssVerifySink,
  options: IssVerifyOptions = {},
): Promise<IssVerifyShare> {
  const large = names.some((n) => n === '-') || names.reduce((sum, n) => sum + statSync(n).size, 0) >= PARALLEL_FROM_BYTES;
  const workers = options.workers ?? (large ? Math.max(1, availableParallelism() - 1) : 0);
  const pool = workers > 0 ? new IssVerifyPool(workers, profileId) : null;
  try {
    const { verifyIssFiles } = require('./verify-iss-files') as typeof import('./verify-iss-files');
    const ranges = await verifyIssFiles(names, profileId, sink, pool, options);
    return { threads: 1 + workers, ...ranges };
  } finally {
    await pool?.close();
  }
}
