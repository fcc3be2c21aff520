import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runCliCaptured as cli } from '../../src/cli/testing/captured-io';
import { corpusLineById, corpusLines } from './corpus';

/**
 * The inputs `import iss` and `iss verify` take: a BOM, a Latin-1 line, .sgf.gz and .sgf.bz2
 * dumps, standard input, output into a closed pipe, and verification on worker threads.
 */
const ROOT = resolve(__dirname, '..', '..');
const MAIN = join(ROOT, 'dist', 'cli', 'main.js');
const corpus = corpusLines().map((l) => l.text);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'iss-inputs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Record 541932 with its three players renamed: "Jürgen" etc. written in Latin-1 bytes. */
function latin1Record(): Buffer {
  const line = corpusLineById('541932')
    .replace('ID[541932]', 'ID[541932001]')
    .replace(/P0\[[^\]]*\]/, 'P0[Jürgen]')
    .replace(/P1\[[^\]]*\]/, 'P1[Änne]')
    .replace(/P2\[[^\]]*\]/, 'P2[Øyvind]');
  return Buffer.from(line, 'latin1');
}

const bzip2 = (bytes: Buffer): Buffer => {
  const r = spawnSync('bzip2', ['-c'], { input: bytes });
  if (r.status !== 0) throw new Error(`bzip2 failed: ${r.stderr}`);
  return r.stdout;
};

describe('iss inputs: BOM, Latin-1, compressed dumps, standard input, closed pipes, worker threads', () => {
  it('a file with a BOM and a Latin-1 line: verify agrees, import keeps the names, export writes every line back byte for byte', async () => {
    const lines = [Buffer.from(corpus[0], 'utf8'), latin1Record(), Buffer.from(corpus[1], 'utf8')];
    const file = join(dir, 'bom-latin1.sgf');
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\n')]))]));
    const verified = JSON.parse((await cli(['iss', 'verify', file, '--json'])).stdout);
    expect(verified).toMatchObject({ records: 3, malformed: [], disagree: 0 });

    const store = `sqlite:${join(dir, 'latin1.db')}`;
    const imported = await cli(['import', 'iss', file, '--store', store, '--json']);
    expect(JSON.parse(imported.stdout)).toMatchObject({ records: 3, imported: 3, rejectedCount: 0 });
    const stats = await cli(['stats', '--player', 'Jürgen', '--store', store, '--json']);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toContain('Jürgen');
    const out = join(dir, 'latin1-export.sgf');
    const exported = await cli(['export', 'iss', '--store', store, '--out', out]);
    expect(exported.code).toBe(0);
    const back = readFileSync(out);
    // Each line as it was in the file (the BOM is not part of a line), the Latin-1 one included.
    expect(
      [
        ...back
          .toString('latin1')
          .split('\n')
          .filter((l) => l !== ''),
      ].sort(),
    ).toEqual(lines.map((l) => l.toString('latin1')).sort());
    expect(back.includes(latin1Record())).toBe(true);
  });

  it('.sgf.gz and .sgf.bz2 dumps (and standard input) give what the plain file gives, for verify and import', async () => {
    const text = Buffer.from(corpus.join('\n') + '\n');
    const plain = join(dir, 'dump.sgf');
    writeFileSync(plain, text);
    writeFileSync(join(dir, 'dump.sgf.gz'), gzipSync(text));
    writeFileSync(join(dir, 'dump.sgf.bz2'), bzip2(text));
    const expected = JSON.parse((await cli(['iss', 'verify', plain, '--json'])).stdout);
    expect(expected).toMatchObject({ records: 33, agree: 29, notScoreable: 4 });
    for (const name of ['dump.sgf.gz', 'dump.sgf.bz2']) {
      const file = join(dir, name);
      const v = await cli(['iss', 'verify', file, '--json']);
      const s = JSON.parse(v.stdout);
      expect({ ...s, malformed: [], mismatches: [] }).toEqual({ ...expected, malformed: [], mismatches: [] });
      const imported = await cli(['import', 'iss', file, '--store', `sqlite:${join(dir, `${name}.db`)}`, '--json']);
      expect(JSON.parse(imported.stdout)).toMatchObject({ records: 33, imported: 33, rejectedCount: 0 });
    }
  });

  const haveDist = existsSync(MAIN);
  (haveDist ? it : it.skip)('- reads standard input (plain or compressed), for verify and import', () => {
    const text = Buffer.from(corpus.join('\n') + '\n');
    for (const input of [text, bzip2(text)]) {
      const r = spawnSync(process.execPath, [MAIN, 'iss', 'verify', '-', '--json'], { input, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toMatchObject({ records: 33, agree: 29, notScoreable: 4 });
    }
    const r = spawnSync(process.execPath, [MAIN, 'import', 'iss', '-', '--store', `sqlite:${join(dir, 'stdin.db')}`, '--json'], {
      input: gzipSync(text),
      encoding: 'utf8',
    });
    expect(JSON.parse(r.stdout)).toMatchObject({ records: 33, imported: 33 });
  });

  (haveDist ? it : it.skip)("output into a closed pipe (iss verify FILE | head -1) ends quietly with the run's own exit code", () => {
    // 5,000 malformed lines print far more than a pipe holds, so the writer meets the closed end.
    const file = join(dir, 'many-bad.sgf');
    writeFileSync(file, Array.from({ length: 5000 }, (_, i) => `(;GM[Skat]ID[${i}]MV[w ]R[passed] ;)`).join('\n') + '\n');
    const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${MAIN}" iss verify "${file}" | head -1`], { encoding: 'utf8' });
    expect(r.stdout.split('\n').filter((l) => l !== '')).toHaveLength(1);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1); // malformed lines: 1, as without the pipe
  });

  (haveDist ? it : it.skip)(
    'verifying on worker threads gives exactly the verdicts and order of verifying in one thread',
    () => {
      const good = corpusLineById('541932');
      const lines: string[] = [];
      for (let k = 0; k < 3000; k++) {
        const c = corpus[k % corpus.length];
        lines.push(k % 7 === 0 ? good.replace('v:-54', 'v:-55') : k % 11 === 0 ? c.slice(0, 200) : k % 13 === 0 ? '' : c);
      }
      const file = join(dir, 'mixed.sgf');
      writeFileSync(file, lines.join('\n') + '\n');
      const run = (...args: string[]) => spawnSync(process.execPath, [MAIN, 'iss', 'verify', file, ...args], { encoding: 'utf8' });
      for (const json of [[], ['--json']]) {
        const one = run('--workers', '0', ...json);
        const two = run('--workers', '2', ...json);
        expect(two.stderr).toBe('');
        expect(two.stdout).toBe(one.stdout);
        expect(two.status).toBe(one.status);
        expect(two.status).toBe(1);
      }
    },
    60_000,
  );
});
