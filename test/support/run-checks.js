// The checks `npm test` runs before jest, at once: the type check, the linter and the format check
// each use one core and need nothing from each other. Each one's output is printed whole when it
// ends (not interleaved); the run fails if any of them fails, naming it.
//     node test/support/run-checks.js typecheck lint:quiet format:check
const { spawn } = require('node:child_process');

const scripts = process.argv.slice(2);
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm[0], [...npm.slice(1), 'run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`> ${script}: ${code === 0 ? 'passed' : `failed (${signal ?? code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });

Promise.all(scripts.map(run)).then((passed) => {
  const failed = scripts.filter((_, i) => !passed[i]);
  if (failed.length > 0) {
    process.stderr.write(`checks failed: ${failed.join(', ')}\n`);
    process.exitCode = 1;
  }
});
