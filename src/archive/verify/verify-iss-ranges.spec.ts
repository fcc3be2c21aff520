import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusLineById, corpusLines } from '../../../test/iss/corpus';
import { getProfile } from '../../rules/variant';
import type { IssVerdict } from '../../format/iss/iss-verdict';
import { MAX_LINE_BYTES } from '../../format/iss/iss-line-source';
import { verifyIssInputs, type IssVerifyShare } from './verify-iss-inputs';
import { IssVerifyPool } from './verify-iss-pool';
import { AHEAD, claimRange, IssRangeVerifier, NEXT, rangeJob, type IssRangeJob } from './verify-iss-ranges';

/**
 * A plain file verified by byte ranges (each thread reading its own) must give what the streamed
 * reader gives, byte for byte, wherever the ranges cut: inside a line, at a line's end, inside a
 * BOM-less or BOM-led file, a \r\n, an overlong line, a last line without \n.
 */
const ISS = getProfile('iss');
const corpus = corpusLines().map((l) => l.text);
const good = corpusLineById('541932');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'iss-ranges-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Delivered = { records: number; agree: number; others: IssVerdict[] };

/**
 * What verifyIssInputs hands on for one file: agreeing records counted, the others in order.
 * `stall`: the first hand-over blocks this thread until the workers have claimed that many ranges.
 */
async function verify(
  file: string,
  options: Parameters<typeof verifyIssInputs>[3],
  stall = 0,
  forWorkers = (j: IssRangeJob) => j,
): Promise<Delivered & { share: IssVerifyShare; claimedWhileStalled: number }> {
  const out: Delivered = { records: 0, agree: 0, others: [] };
  let first = true;
  let job: IssRangeJob | null = null;
  let claimedWhileStalled = 0;
  const spy = jest.spyOn(IssVerifyPool.prototype, 'ranges').mockImplementation(function (this: IssVerifyPool, j, onRange) {
    job = j;
    spy.mockRestore();
    return this.ranges(forWorkers(j), onRange);
  });
  const share = await verifyIssInputs(
    [file],
    'iss',
    {
      onVerdicts(_input, agree, others) {
        // The workers claim ranges on their own threads, whatever this one does.
        if (first && stall > 0) {
          for (const t = Date.now(); Atomics.load(job!.counters, NEXT) < stall && Date.now() - t < 30_000;);
          // And a while longer: how far do the workers get while nothing is handed on?
          for (const t = Date.now(); Date.now() - t < 300;);
          claimedWhileStalled = Atomics.load(job!.counters, NEXT);
        }
        first = false;
        out.agree += agree;
        out.records += agree + others.length;
        out.others.push(...others);
      },
    },
    options,
  );
  return { ...out, share, claimedWhileStalled };
}

/** Every range verified in this thread, in a scrambled order, stitched as verify-iss-files does. */
function byRanges(file: string, rangeBytes: number, from: number, size: number): Delivered {
  const fd = openSync(file, 'r');
  try {
    const job = rangeJob(fd, size, from, rangeBytes);
    const verifier = new IssRangeVerifier(job, ISS);
    const results = new Map<number, ReturnType<IssRangeVerifier['verify']>>();
    const claimed: number[] = [];
    for (let k = claimRange(job); k >= 0; k = claimRange(job)) claimed.push(k);
    for (const k of claimed.reverse()) results.set(k, verifier.verify(k));
    const out: Delivered = { records: 0, agree: 0, others: [] };
    let linesBefore = 0;
    for (let k = 0; k < job.ranges; k++) {
      const r = results.get(k)!;
      out.agree += r.agree;
      out.records += r.agree + r.others.length;
      out.others.push(...r.others.map((v) => ({ ...v, line: v.line + linesBefore })));
      linesBefore += r.lines;
    }
    return out;
  } finally {
    closeSync(fd);
  }
}

function mixedLines(n: number): string[] {
  const lines: string[] = [];
  for (let k = 0; k < n; k++) {
    const c = corpus[k % corpus.length];
    lines.push(k % 7 === 0 ? good.replace('v:-54', 'v:-55') : k % 11 === 0 ? c.slice(0, 200) : k % 13 === 0 ? '' : k % 17 === 0 ? c + '\r' : c);
  }
  return lines;
}

describe('iss verify by byte ranges', () => {
  const overlong = good.replace('ID[541932]', 'ID[541932]' + 'x'.repeat(MAX_LINE_BYTES + 10));
  const cases: Array<[string, Buffer]> = [
    ['mixed lines', Buffer.from(mixedLines(120).join('\n') + '\n')],
    ['no final newline', Buffer.from(mixedLines(40).join('\n'))],
    ['a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(mixedLines(30).join('\r\n') + '\r\n')])],
    ['blank lines only', Buffer.from('\n\n  \n\r\n')],
    ['one newline', Buffer.from('\n')],
    ['two bytes of a BOM', Buffer.from([0xef, 0xbb])],
    ['a Latin-1 name', Buffer.from(good.replace(/P0\[[^\]]*\]/, 'P0[Jürgen]') + '\n' + good + '\n', 'latin1')],
    ['overlong lines, one at the end without newline', Buffer.from([good, overlong, good, '', overlong, good, overlong].join('\n'))],
    ['an overlong line then the end', Buffer.from([good, overlong + '\n'].join('\n'))],
  ];
  it.each(cases)('%s: every range size gives the streamed verdicts', async (_name, bytes) => {
    const file = join(dir, 'records.sgf');
    writeFileSync(file, bytes);
    const { share: _, claimedWhileStalled: __, ...streamed } = await verify(file, { workers: 0 });
    const from = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    const long = bytes.length > MAX_LINE_BYTES;
    for (const rangeBytes of long ? [1000, 4093, 65536, 1 << 20] : [1, 2, 3, 7, 64, 333, 1000, 4096, 1 << 20]) {
      expect({ rangeBytes, ...byRanges(file, rangeBytes, from, bytes.length) }).toEqual({ rangeBytes, ...streamed });
    }
  });

  it('on a worker thread beside this one: the same verdicts in the same order', async () => {
    const file = join(dir, 'records-workers.sgf');
    writeFileSync(file, mixedLines(3000).join('\n') + '\n');
    const { share: one, claimedWhileStalled: _, ...streamed } = await verify(file, { workers: 0 });
    expect(one).toEqual({ threads: 1, ranges: 0, rangesOnWorkers: 0 });
    expect(streamed.others.length).toBeGreaterThan(100);
    // This thread stalls after its first range until the worker has claimed as far as it may:
    // range AHEAD, which it holds until range 0 is handed on (memory stays bounded).
    const { share, claimedWhileStalled, ...split } = await verify(file, { workers: 1, rangeBytes: 4096 }, AHEAD + 1);
    expect(claimedWhileStalled).toBe(AHEAD + 1);
    expect(split).toEqual(streamed);
    expect(share.threads).toBe(2);
    expect(share.rangesOnWorkers).toBeGreaterThan(0);
    expect(share.rangesOnWorkers).toBeLessThan(share.ranges);
  }, 60_000);

  it('a worker that fails fails the run, with the reason (no range left out silently)', async () => {
    const file = join(dir, 'records-failing.sgf');
    writeFileSync(file, mixedLines(3000).join('\n') + '\n');
    // The worker is given a descriptor that is not open: its first read throws.
    await expect(verify(file, { workers: 1, rangeBytes: 4096 }, 2, (j) => ({ ...j, fd: 1 << 20 }))).rejects.toThrow(/a verify worker failed: EBADF/);
  }, 60_000);
});
