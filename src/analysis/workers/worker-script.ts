import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The script of one of the product's worker threads, by its name beside the module that starts it
 * (`dir`: that module's __dirname): the compiled JavaScript in dist/, or the TypeScript source
 * through ts-node where only the source is there (jest, `ts-node` runs).
 */
export function workerScript(dir: string, name: string): { file: string; execArgv: string[] } {
  const js = join(dir, `${name}.js`);
  if (existsSync(js)) return { file: js, execArgv: [] };
  return { file: join(dir, `${name}.ts`), execArgv: ['-r', 'ts-node/register/transpile-only'] };
}
