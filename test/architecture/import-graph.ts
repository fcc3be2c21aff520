import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

/** One import of a source file: the text as written and, for a relative one, the file it names. */
export interface SourceImport {
  /** The importing file, relative to the source root, with forward slashes. */
  readonly from: string;
  /** The specifier as written (`../ledger/ledger`, `node:fs`). */
  readonly specifier: string;
  /** For a relative specifier: the imported file relative to the source root (`ledger/ledger.ts`). */
  readonly to?: string;
}

/** Every .ts file under `root` except specs (tests may import anything), relative and with forward slashes. */
export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts')) out.push(slashed(relative(root, path)));
    }
  };
  walk(root);
  return out;
}

/**
 * The imports of each file as the TypeScript compiler reads them: static imports and re-exports
 * (type-only ones too: they are dependencies as well), `import()` and `require()`.
 */
export function importsOf(root: string, file: string): SourceImport[] {
  const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
  return info.importedFiles.map(({ fileName: specifier }) => {
    if (!specifier.startsWith('.')) return { from: file, specifier };
    const target = resolveRelative(resolve(root, dirname(file), specifier));
    return { from: file, specifier, to: slashed(relative(root, target)) };
  });
}

/** How Node and the compiler find a relative import: the file itself, with `.ts`, or a folder's index. */
function resolveRelative(path: string): string {
  // The viewer's browser code names its imports as the browser loads them (`./api.js`).
  const written = path.endsWith('.js') ? [path.slice(0, -3) + '.ts'] : [];
  for (const candidate of [...written, `${path}.ts`, path, join(path, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return path; // a missing file is the compiler's to report; the layer check still sees its folder
}

function slashed(path: string): string {
  return path.split(sep).join('/');
}

/**
 * The loops of the import graph: every set of files that import each other, straight or round
 * about (strongly connected components of more than one file, or a file that imports itself),
 * each as its files in order, found by Tarjan's algorithm. Type-only imports count.
 */
export function importCycles(root: string, files: readonly string[] = sourceFiles(root)): string[][] {
  const edges = new Map<string, string[]>();
  const known = new Set(files);
  for (const f of files)
    edges.set(
      f,
      importsOf(root, f)
        .map((i) => i.to)
        .filter((t): t is string => t !== undefined && known.has(t)),
    );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (f: string): void => {
    index.set(f, next);
    low.set(f, next);
    next++;
    stack.push(f);
    onStack.add(f);
    for (const t of edges.get(f) ?? []) {
      if (!index.has(t)) {
        visit(t);
        low.set(f, Math.min(low.get(f)!, low.get(t)!));
      } else if (onStack.has(t)) low.set(f, Math.min(low.get(f)!, index.get(t)!));
    }
    if (low.get(f) !== index.get(f)) return;
    const component: string[] = [];
    let t: string;
    do {
      t = stack.pop()!;
      onStack.delete(t);
      component.push(t);
    } while (t !== f);
    if (component.length > 1 || (edges.get(f) ?? []).includes(f)) cycles.push(component.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}
