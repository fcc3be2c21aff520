/**
 * Child processes cannot load TypeScript through jest, so tests that kill a child run src/ as
 * plain JS: a copy per test file, each module's JavaScript from the compile cache that ts-node's
 * workers use (test/support/cached-transpiler.js: a file is compiled once per version). The copy
 * sits under this repository's node_modules/.cache, so the children resolve their packages
 * (better-sqlite3, ...) from the repository as src/ does.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const { cachedTranspile, projectOptions } = require('../../support/cached-transpiler.js') as {
  cachedTranspile: (options: object) => (input: string, fileName: string) => { outputText: string };
  projectOptions: () => object;
};

const ROOT = join(__dirname, '..', '..', '..');

/** Returns the directory holding the compiled sources (same layout as src/); remove it when done. */
export function compileSources(): string {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'skat-src-js-'));
  const source = join(ROOT, 'src');
  const transpile = cachedTranspile(projectOptions());
  for (const file of walk(source)) {
    const rel = relative(source, file);
    if (rel.endsWith('.spec.ts') || !rel.endsWith('.ts') || rel.startsWith('viewer/web')) continue;
    const target = join(out, rel.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, transpile(readFileSync(file, 'utf8'), file).outputText);
  }
  return out;
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}
