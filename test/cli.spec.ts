import { runCli } from '../src/cli/main';
import { capturedIo as io } from '../src/cli/testing/capturedIo';


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
