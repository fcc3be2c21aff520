import { readIssRecord } from '../../src/format/iss/iss-reader';
import { writeIssRecord, writeLiveIssRecord } from '../../src/format/iss/iss-writer';
import { verifyIssLines, type IssVerdict } from '../../src/format/iss/iss-verify';
import { getProfile } from '../../src/rules/variant';
import { corpusLines } from './corpus';
import { playRandomGame, seededRandom } from './random-games';

/**
 * Seeded fuzzing of the reader and the verifier: mutated records (truncated, shuffled tokens,
 * wrong seats, bad codes, huge lines, random bytes, ...) must never throw, and every failure must
 * come back with a reason.
 */
const SEED = 20261129;
/** 12,000 in the suite; `npm run fuzz` sets ISS_FUZZ_RECORDS=100000. */
const COUNT = Number(process.env.ISS_FUZZ_RECORDS ?? 12_000);
const ISS = getProfile('iss');

type Mutator = (line: string, rand: () => number) => string;

const pick = <T>(xs: readonly T[], rand: () => number): T => xs[Math.floor(rand() * xs.length)];
const int = (n: number, rand: () => number) => Math.floor(rand() * n);

function mvParts(line: string): { before: string; words: string[]; after: string } | null {
  const m = line.match(/^(.*MV\[)(.*?)(\].*)$/);
  return m ? { before: m[1], words: m[2].split(' '), after: m[3] } : null;
}

function withWords(line: string, f: (words: string[]) => string[]): string {
  const p = mvParts(line);
  return p ? p.before + f(p.words).join(' ') + p.after : line;
}

const RANDOM_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.?|[]();: wpysCSHDNGOZ\u00e4\u0000\uffff\t\r';

const MUTATORS: Record<string, Mutator> = {
  truncate: (l, r) => l.slice(0, int(l.length, r)),
  shuffleTokens: (l, r) =>
    withWords(l, (w) => {
      const out = w.slice();
      for (let k = 0; k < 1 + int(4, r); k++) {
        const i = int(out.length, r);
        const j = int(out.length, r);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    }),
  swapMovePairs: (l, r) =>
    withWords(l, (w) => {
      const pairs = Math.floor(w.length / 2);
      if (pairs < 3) return w;
      const i = 1 + int(pairs - 1, r);
      const j = 1 + int(pairs - 1, r);
      const out = w.slice();
      [out[2 * i], out[2 * i + 1], out[2 * j], out[2 * j + 1]] = [w[2 * j], w[2 * j + 1], w[2 * i], w[2 * i + 1]];
      return out;
    }),
  wrongSeat: (l, r) =>
    withWords(l, (w) => {
      const out = w.slice();
      const i = 2 * int(Math.floor(out.length / 2), r);
      out[i] = pick(['0', '1', '2', 'w', '3', '-1', ''], r);
      return out;
    }),
  badCardCode: (l, r) => {
    const codes = [...l.matchAll(/\b[CSHD][ATKQJ987]\b/g)];
    if (!codes.length) return l;
    const m = pick(codes, r);
    const bad = pick(['XJ', 'C1', 'cj', 'CJJ', '??', 'C', 'ZZ', 'SX', 'H0', 'CJ', 'DA'], r);
    return l.slice(0, m.index!) + bad + l.slice(m.index! + 2);
  },
  dropPair: (l, r) =>
    withWords(l, (w) => {
      const i = 2 * int(Math.floor(w.length / 2), r);
      return [...w.slice(0, i), ...w.slice(i + 2)];
    }),
  duplicatePair: (l, r) =>
    withWords(l, (w) => {
      const i = 2 * int(Math.floor(w.length / 2), r);
      return [...w.slice(0, i + 2), ...w.slice(i, i + 2), ...w.slice(i + 2)];
    }),
  changeNumber: (l, r) => {
    const nums = [...l.matchAll(/-?\d+/g)];
    if (!nums.length) return l;
    const m = pick(nums, r);
    const repl = pick(['0', '-1', '19', '18', '264', '265', '999999999999', '3', '', '007', '-0'], r);
    return l.slice(0, m.index!) + repl + l.slice(m.index! + m[0].length);
  },
  mutateResult: (l, r) =>
    l.replace(/R\[(.*?)\]/, (_all, inner: string) => {
      const parts = inner.split(' ');
      const i = int(parts.length, r);
      parts[i] = pick(['win', 'loss', 'penalty', 'passed', 'd:5', 'v:x', 's:2', 'r:1', '', 'overbid'], r);
      return `R[${parts.join(' ')}]`;
    }),
  hugeLine: (l, r) => {
    const p = mvParts(l);
    if (!p) return l + 'x'.repeat(70_000);
    const extra = Array.from({ length: 2_000 + int(40_000, r) }, () => '0 CJ').join(' ');
    return p.before + p.words.join(' ') + ' ' + extra + p.after;
  },
  randomBytes: (_l, r) => Array.from({ length: int(300, r) }, () => RANDOM_CHARS[int(RANDOM_CHARS.length, r)]).join(''),
  spliceRandomBytes: (l, r) => {
    const at = int(l.length, r);
    const junk = Array.from({ length: 1 + int(8, r) }, () => RANDOM_CHARS[int(RANDOM_CHARS.length, r)]).join('');
    return l.slice(0, at) + junk + l.slice(at + int(4, r));
  },
  swapChars: (l, r) => {
    const a = l.split('');
    const i = int(a.length, r);
    const j = int(a.length, r);
    [a[i], a[j]] = [a[j], a[i]];
    return a.join('');
  },
};

function baseRecords(rand: () => number): string[] {
  const lines = corpusLines().map((l) => l.text);
  for (let i = 0; i < 100; i++) {
    const g = playRandomGame(rand, ISS);
    const w = writeLiveIssRecord({ players: ['a', 'b', 'c'], date: new Date(0), series: 1, id: i, dealt: g.dealt, moves: g.moves });
    if (!w.ok) throw new Error(w.reason);
    lines.push(w.line);
  }
  return lines;
}

describe(`ISS fuzzing (seed ${SEED}, ${COUNT} mutated records)`, () => {
  const rand = seededRandom(SEED);
  const bases = baseRecords(rand);
  const names = Object.keys(MUTATORS);
  const cases = Array.from({ length: COUNT }, () => {
    const mutator = pick(names, rand);
    let line = pick(bases, rand);
    // Sometimes stack two mutations.
    line = MUTATORS[mutator](line, rand);
    if (rand() < 0.25) line = MUTATORS[pick(names, rand)](line, rand);
    return { mutator, line };
  });

  it('uses every mutator', () => {
    expect(new Set(cases.map((c) => c.mutator)).size).toBe(names.length);
  });

  it('the reader never throws; a failure always has a reason; what it reads it writes back identically', () => {
    let failures = 0;
    const problems: string[] = [];
    cases.forEach((c, i) => {
      const r = readIssRecord(c.line);
      if (r.ok) {
        const back = writeIssRecord(r.record);
        if (back !== c.line) {
          let at = 0;
          while (back[at] === c.line[at]) at++;
          problems.push(
            `case ${i} (${c.mutator}): written back differently at ${at}: "${c.line.slice(at - 20, at + 20)}" vs "${back.slice(at - 20, at + 20)}"`,
          );
        }
      } else {
        failures++;
        const reason = r.error.reason;
        if (typeof reason !== 'string' || reason.length < 6 || reason.includes('reader failure')) problems.push(`case ${i} (${c.mutator}): reason "${reason}"`);
      }
    });
    expect(problems.slice(0, 10)).toEqual([]);
    expect(failures).toBeGreaterThan(COUNT / 4);
  });

  it('the verifier never throws, gives one verdict per line, and every non-agreement carries a reason', async () => {
    const verdicts: IssVerdict[] = [];
    for await (const v of verifyIssLines(
      cases.map((c) => c.line),
      ISS,
    ))
      verdicts.push(v);
    const nonBlank = cases.filter((c) => c.line.replace(/\r$/, '').trim() !== '').length;
    expect(verdicts).toHaveLength(nonBlank);
    const byStatus: Record<string, number> = {};
    const problems: string[] = [];
    for (const v of verdicts) {
      byStatus[v.status] = (byStatus[v.status] ?? 0) + 1;
      // An exception inside the reader or the engine would surface as an internal error.
      if ((v.status === 'malformed' || v.status === 'notScoreable') && (v.reason.length < 6 || /internal error|reader failure/.test(v.reason))) {
        problems.push(`line ${v.line}: ${v.reason.slice(0, 300)}`);
      }
      if (v.status === 'disagree' && v.mismatches.length === 0) problems.push(`line ${v.line}: disagree without a mismatch`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(byStatus.malformed).toBeGreaterThan(COUNT / 4);
    // Mutations that change only a recorded number are caught as disagreements.
    expect(byStatus.disagree).toBeGreaterThan(0);
  });
});
