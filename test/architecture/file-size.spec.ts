import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One concept per file (#25): no source file outside the specs grows past 500 lines. */
const ROOT = join(__dirname, '..', '..');
const MAX_LINES = 500;

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) out.push(path);
  }
  return out;
}

describe('file size (#25)', () => {
  it(`no non-test file under src/ has more than ${MAX_LINES} lines`, () => {
    const long = sources(join(ROOT, 'src'))
      .map((f) => ({ file: relative(ROOT, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
