/**
 * `npm run bench`: runs every test/bench/*.bench.ts in its own process (TypeScript through
 * register-ts.js: ts-node without the `domain` module its REPL loads), one after another, so
 * that each one's peak memory is its own. Pass names to run a subset: `npm run bench -- iss`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const only = process.argv.slice(2);
const dir = __dirname;
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of benches) {
  process.stdout.write(`\n=== ${file}\n`);
  const r = spawnSync(process.execPath, ['--expose-gc', '-r', join(dir, 'register-ts.js'), join(dir, file)], {
    stdio: 'inherit',
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' },
  });
  if (r.status !== 0) failed++;
}
process.stdout.write(`\n${benches.length} benchmarks run, ${failed} failed\n`);
process.exitCode = failed ? 1 : 0;
