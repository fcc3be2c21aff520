/**
 * Child processes cannot load TypeScript through jest, so tests that kill a child transpile src/
 * to plain JS once per test file. The output sits under this repository's node_modules/.cache, so
 * the children resolve their packages (better-sqlite3, ...) from the repository as src/ does.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import * as ts from 'typescript';

const ROOT = join(__dirname, '..', '..', '..');

/** Returns the directory holding the compiled sources (same layout as src/); remove it when done. */
export function compileSources(): string {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'skat-src-js-'));
  const source = join(ROOT, 'src');
  for (const file of walk(source)) {
    const rel = relative(source, file);
    if (rel.endsWith('.spec.ts') || !rel.endsWith('.ts') || rel.startsWith('viewer/web')) continue;
    const js = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
      },
    }).outputText;
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
