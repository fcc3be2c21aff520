import { readSync } from 'node:fs';
import type { RuleProfile } from '../../rules/variant/rule-profile';
import { MAX_LINE_BYTES } from '../../format/iss/iss-line-source';
import { verifyIssBatch, type IssVerifyBatchResult } from './verify-iss-batch';

/**
 * A plain record file verified by byte ranges: the records (from `from`, after a UTF-8 byte-order
 * mark, to `size`) are cut into `ranges` ranges of `rangeBytes`, and each thread (the main one and
 * every worker) claims the next range from a shared counter (Atomics.add), reads it from
 * the file itself and verifies the lines that start in it. A line belongs to the range its first
 * byte lies in; the last one is read on past the range's end. So no thread copies bytes for
 * another, every core works until the last range, and a thread that starts late simply claims
 * fewer. The results, one per range, are put in order by their index; a worker claims no range
 * more than AHEAD past the first one not yet handed on (it waits), so memory holds the results of
 * a few ranges whatever the file's size and however slow the thread that hands them on.
 */
export interface IssRangeJob {
  /** The file, opened by the main thread (a descriptor serves every thread of the process). */
  readonly fd: number;
  /** The file's size when it was opened: bytes appended later are not read. */
  readonly size: number;
  readonly from: number;
  readonly rangeBytes: number;
  readonly ranges: number;
  /** Two Int32 on a SharedArrayBuffer: the next range to claim (NEXT), and the first range not yet handed on (HANDED_ON). */
  readonly counters: Int32Array;
}

/** Bytes per range: about 1,200 records; small enough that the threads end within a few ms of each other. */
export const RANGE_BYTES = 512 << 10;
/** Bytes read at a time past a range's end, to find the end of its last line. */
const READ_ON = 64 << 10;

export function rangeJob(fd: number, size: number, from: number, rangeBytes = RANGE_BYTES): IssRangeJob {
  return {
    fd,
    size,
    from,
    rangeBytes,
    ranges: Math.max(0, Math.ceil((size - from) / rangeBytes)),
    counters: new Int32Array(new SharedArrayBuffer(8)),
  };
}

export const NEXT = 0;
export const HANDED_ON = 1;
/** How far past the first range not yet handed on a worker may claim. */
export const AHEAD = 16;

/** The next range of `job` to verify, or -1 when every range has been claimed (the thread that hands results on). */
export function claimRange(job: IssRangeJob): number {
  const k = Atomics.add(job.counters, NEXT, 1);
  return k < job.ranges ? k : -1;
}

/** claimRange for a worker: blocks while the range claimed is more than AHEAD past the first one not handed on. */
export function claimRangeWithRoom(job: IssRangeJob): number {
  const k = claimRange(job);
  for (let handedOn = Atomics.load(job.counters, HANDED_ON); k >= handedOn + AHEAD; handedOn = Atomics.load(job.counters, HANDED_ON)) {
    // Woken by handedOnUpTo; the timeout only lets a terminating thread see its end.
    Atomics.wait(job.counters, HANDED_ON, handedOn, 200);
  }
  return k;
}

/** Ranges before `n` have been handed on: a worker waiting for room may go on. */
export function handedOnUpTo(job: IssRangeJob, n: number): void {
  Atomics.store(job.counters, HANDED_ON, n);
  Atomics.notify(job.counters, HANDED_ON);
}

/** Reads and verifies ranges of one job in this thread, with one buffer for all of them. */
export class IssRangeVerifier {
  // The byte before the range, the range, its last line up to MAX_LINE_BYTES + 1 bytes and a read.
  private readonly buffer: Buffer;

  private readonly fd: number;

  constructor(
    private readonly job: IssRangeJob,
    private readonly profile: RuleProfile,
  ) {
    this.fd = job.fd;
    this.buffer = Buffer.allocUnsafeSlow(job.rangeBytes + MAX_LINE_BYTES + 3 + READ_ON);
  }

  /** The lines that start in range `k`, numbered from 1 (the caller adds the lines before). */
  verify(k: number): IssVerifyBatchResult {
    const { size, from, rangeBytes } = this.job;
    const buf = this.buffer;
    const start = from + k * rangeBytes;
    const end = Math.min(start + rangeBytes, size);
    // buf[0] is the byte at `base`: the one before the range (is a line starting at `start`?).
    const base = k === 0 ? start : start - 1;
    let have = this.read(0, base, end - base);
    let first = 0;
    if (k > 0) {
      const nl = buf.indexOf(10);
      if (nl < 0 || nl >= have) return EMPTY;
      first = nl + 1;
    }
    const rangeEnd = Math.min(have, end - base); // short when the file shrank meanwhile
    if (first >= rangeEnd) return EMPTY; // no line starts in the range (it lies inside a long one)
    // The last line starting in the range: complete, cut at the end of the file, or read on.
    let overlong = false;
    let lineStart = buf.lastIndexOf(10, have - 1) + 1;
    if (lineStart < first) lineStart = first;
    if (lineStart < have && base + have < size) {
      for (;;) {
        const got = this.read(have, base + have, Math.min(READ_ON, size - base - have));
        const nl = got > 0 ? buf.indexOf(10, have) : -1;
        have += got;
        if (nl >= 0 && nl < have) {
          have = nl + 1;
          break;
        }
        if (got === 0 || base + have >= size) break; // the file's last line, without \n
        if (have - lineStart > MAX_LINE_BYTES + 1) {
          // Longer than any record can be: overlong, whatever its end (as issLineBlocks skips it).
          overlong = true;
          have = lineStart;
          break;
        }
      }
    }
    const parts = have > first ? [have - first] : [];
    if (overlong) parts.push(0);
    return verifyIssBatch({ bytes: buf.subarray(first, have), parts }, this.profile);
  }

  /** Reads `length` bytes at `position` into the buffer at `at`; fewer at the end of the file. */
  private read(at: number, position: number, length: number): number {
    let got = 0;
    while (got < length) {
      const n = readSync(this.fd, this.buffer, at + got, length - got, position + got);
      if (n === 0) break;
      got += n;
    }
    return got;
  }
}

const EMPTY: IssVerifyBatchResult = Object.freeze({ lines: 0, agree: 0, others: [] });
