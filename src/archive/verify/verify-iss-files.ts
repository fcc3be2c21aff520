import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { getProfile } from '../../rules/variant';
import type { RuleProfile } from '../../rules/variant/rule-profile';
import { issLineBlocks } from '../../format/iss/iss-line-source';
import { formatOf, openIssInput, STDIN_NAME } from '../iss-input';
import { verifyIssBatch, type IssVerifyBatch, type IssVerifyBatchResult } from './verify-iss-batch';
import { claimRange, handedOnUpTo, IssRangeVerifier, rangeJob } from './verify-iss-ranges';
import type { IssVerifyPool } from './verify-iss-pool';
import type { IssVerdict } from '../../format/iss/iss-verdict';

/** Receives the verdicts of each input in line order: a count of agreeing records, then the others. */
export interface IssVerifySink {
  onVerdicts(input: string, agree: number, others: readonly IssVerdict[]): void;
}

export interface IssVerifyOptions {
  /**
   * Worker threads to verify on besides this thread, which verifies its share too; default: one
   * per core but one when the input is large (over PARALLEL_FROM_BYTES, or standard input), else
   * none (this thread does it all).
   */
  readonly workers?: number;
  readonly stdin?: NodeJS.ReadableStream;
  /** Bytes per range of a plain file verified on workers (verify-iss-ranges; for tests). */
  readonly rangeBytes?: number;
}

/** Bytes of lines per batch of streamed input (about 600 records). */
const BATCH_BYTES = 256 << 10;

/**
 * The verifier of verifyIssInputs, loaded after its workers have been started: each input in
 * turn, by ranges on every thread when it is a plain file and there are workers, else streamed
 * (cut here, verified in batches here or on the workers). Verdicts reach the sink in input order.
 */
export async function verifyIssFiles(
  names: readonly string[],
  profileId: string,
  sink: IssVerifySink,
  pool: IssVerifyPool | null,
  options: IssVerifyOptions,
): Promise<{ ranges: number; rangesOnWorkers: number }> {
  const profile = getProfile(profileId);
  const share = { ranges: 0, rangesOnWorkers: 0 };
  for (const name of names) {
    // Results come back in order; their line numbers count from each batch's first line.
    let linesBefore = 0;
    const deliver = (r: IssVerifyBatchResult) => {
      const others = linesBefore === 0 ? r.others : r.others.map((v) => ({ ...v, line: v.line + linesBefore }));
      linesBefore += r.lines;
      sink.onVerdicts(name, r.agree, others);
    };
    const plain = pool && name !== STDIN_NAME ? openPlainFile(name) : null;
    if (pool && plain) {
      try {
        const done = await verifyRanges(pool, plain, profile, deliver, options.rangeBytes);
        share.ranges += done.ranges;
        share.rangesOnWorkers += done.onWorkers;
      } finally {
        closeSync(plain.fd);
      }
    } else await verifyStreamed(name, pool, profile, deliver, options.stdin);
  }
  return share;
}

/** A regular file of plain records, open, with its size and where its records start (after a BOM); else null. */
function openPlainFile(name: string): { fd: number; size: number; from: number } | null {
  const fd = openSync(name, 'r');
  try {
    const stat = fstatSync(fd);
    const head = Buffer.alloc(3);
    if (stat.isFile() && stat.size > 0) {
      const n = readSync(fd, head, 0, 3, 0);
      if (formatOf(head.subarray(0, n)) === null) {
        const bom = n === 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
        return { fd, size: stat.size, from: bom ? 3 : 0 };
      }
    } else if (stat.isFile()) return { fd, size: 0, from: 0 };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  closeSync(fd);
  return null;
}

/**
 * A plain file on every thread: the workers and this thread claim its ranges (verify-iss-ranges);
 * this thread hands the results on in range order, looking at the workers' results after each
 * range of its own, so that memory holds only a few ranges' verdicts.
 */
async function verifyRanges(
  pool: IssVerifyPool,
  file: { fd: number; size: number; from: number },
  profile: RuleProfile,
  deliver: (r: IssVerifyBatchResult) => void,
  rangeBytes: number | undefined,
): Promise<{ ranges: number; onWorkers: number }> {
  const job = rangeJob(file.fd, file.size, file.from, rangeBytes);
  const results = new Map<number, IssVerifyBatchResult>();
  let next = 0;
  const put = (k: number, r: IssVerifyBatchResult) => {
    results.set(k, r);
    const before = next;
    for (let ready = results.get(next); ready !== undefined; ready = results.get(next)) {
      results.delete(next++);
      deliver(ready);
    }
    if (next > before) handedOnUpTo(job, next);
  };
  let onWorkers = 0;
  pool.ranges(job, (k, r) => {
    onWorkers++;
    put(k, r);
  });
  try {
    const verifier = new IssRangeVerifier(job, profile);
    for (let k = claimRange(job); k >= 0; k = claimRange(job)) {
      put(k, verifier.verify(k));
      await nextTurn(); // the workers' results so far
      pool.throwIfFailed();
    }
    while (next < job.ranges) {
      pool.throwIfFailed();
      await pool.waitForNews();
    }
    return { ranges: job.ranges, onWorkers };
  } finally {
    pool.endRanges();
  }
}

/** Standard input or a compressed dump (or no workers): lines cut here, verified in batches here or on the workers. */
async function verifyStreamed(
  name: string,
  pool: IssVerifyPool | null,
  profile: RuleProfile,
  deliver: (r: IssVerifyBatchResult) => void,
  stdin: NodeJS.ReadableStream | undefined,
): Promise<void> {
  const here = (batch: IssVerifyBatch) => verifyIssBatch(batch, profile);
  const input = openIssInput(name, stdin);
  try {
    let blocks: Buffer[] = [];
    let parts: number[] = [];
    let size = 0;
    const send = () => {
      // One fresh buffer per batch: handed to a worker without a copy (transferred).
      const bytes = new Uint8Array(size);
      let at = 0;
      for (const b of blocks) {
        bytes.set(b, at);
        at += b.length;
      }
      const batch: IssVerifyBatch = { bytes, parts };
      blocks = [];
      parts = [];
      size = 0;
      if (pool) pool.submit(batch, deliver, here);
      else deliver(here(batch));
    };
    for await (const chunk of issLineBlocks(input.chunks)) {
      for (const block of chunk) {
        parts.push(block === null ? 0 : block.length);
        if (block !== null) {
          blocks.push(block);
          size += block.length;
        }
      }
      if (size >= BATCH_BYTES || parts.length >= 4096) send();
    }
    if (parts.length > 0) send();
    // Every verdict of this input before the next input's (and before the summary).
    await pool?.drain();
  } finally {
    input.close();
  }
}
