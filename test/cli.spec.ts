import { PassThrough } from 'node:stream';
import { runCli } from '../src/cli/main';

function io() {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (d) => (stdout += d));
  err.on('data', (d) => (stderr += d));
  return { io: { stdout: out, stderr: err, env: {} }, text: () => ({ stdout, stderr }) };
}

describe('skat-ledger CLI', () => {
  it('lists the commands on --help and exits 0', async () => {
    const t = io();
    expect(await runCli(['--help'], t.io)).toBe(0);
    expect(t.text().stdout).toContain('iss verify');
  });

  it('refuses an unknown command with exit code 2', async () => {
    const t = io();
    expect(await runCli(['frobnicate'], t.io)).toBe(2);
    expect(t.text().stderr).toContain('Usage');
  });
});
