import { PassThrough } from 'node:stream';
import type { CliIo } from '../command';
import { runCli } from '../main';

/** A CliIo whose stdout and stderr are collected as text, for tests of CLI commands. */
export function capturedIo(env: NodeJS.ProcessEnv = {}): { io: CliIo; text: () => { stdout: string; stderr: string } } {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (d) => (stdout += d));
  err.on('data', (d) => (stderr += d));
  return { io: { stdout: out, stderr: err, env }, text: () => ({ stdout, stderr }) };
}

/** Runs `skat-ledger <argv>` in process and returns its exit code and output. */
export async function runCliCaptured(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const t = capturedIo(env);
  const code = await runCli(argv, t.io);
  return { code, ...t.text() };
}
