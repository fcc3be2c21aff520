/**
 * Worker threads and child processes cannot load TypeScript through jest, so the concurrency and
 * crash tests transpile src/event-store (without esdb/) to plain JS in a temp dir, once per test
 * file (each module's JavaScript from the compile cache ts-node's workers use: test/support/
 * cached-transpiler.js). `better-sqlite3` is pointed at this repo's copy, since the temp dir has
 * no node_modules.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

const { cachedTranspile, projectOptions } = require('../../support/cached-transpiler.js') as {
  cachedTranspile: (options: object) => (input: string, fileName: string) => { outputText: string };
  projectOptions: () => object;
};

const SOURCE = join(__dirname, '..', '..', '..', 'src', 'event-store');

/** Returns the directory holding the compiled event store (same layout as src/event-store). */
export function compileEventStore(): string {
  const out = mkdtempSync(join(tmpdir(), 'skat-eventstore-js-'));
  const betterSqlite = JSON.stringify(require.resolve('better-sqlite3'));
  const transpile = cachedTranspile(projectOptions());
  for (const file of walk(SOURCE)) {
    const rel = relative(SOURCE, file);
    if (rel.startsWith('esdb') || rel.endsWith('.spec.ts') || !rel.endsWith('.ts')) continue;
    const js = transpile(readFileSync(file, 'utf8'), file).outputText.replace(/require\("better-sqlite3"\)/g, `require(${betterSqlite})`);
    const target = join(out, rel.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, js);
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
