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
  for (const candidate of [`${path}.ts`, path, join(path, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return path; // a missing file is the compiler's to report; the layer check still sees its folder
}

function slashed(path: string): string {
  return path.split(sep).join('/');
}
