import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * bzip2 data decompressed as it is read, with memory flat whatever the size: the `bzip2` program
 * (`bzip2 -dc`, a child process fed through pipes, so it runs on another core at its own speed)
 * when it is on the PATH, else a pure-JS decoder (npm unbzip2-stream) fed one compressed chunk at
 * a time, each chunk's output handed on before the next is read. Either way the compressed bytes
 * are read only as fast as the records are taken, so progress by bytes read follows the records.
 */
export async function* bunzip2Chunks(compressed: AsyncIterable<Buffer>, program: string | null = bzip2Program()): AsyncGenerator<Buffer> {
  if (program !== null) yield* throughProgram(program, compressed);
  else yield* throughBuiltIn(compressed);
}

/** Where `bzip2` is on the PATH (null: not there); looked up once per process. */
let found: string | null | undefined;
export function bzip2Program(): string | null {
  if (found !== undefined) return found;
  found = null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'bzip2');
    try {
      accessSync(candidate, constants.X_OK);
      found = candidate;
      break;
    } catch {
      // not in this folder
    }
  }
  return found;
}

/** What bzip2 writes on stderr is kept up to this many bytes, for the error message. */
const MAX_STDERR_BYTES = 4096;

/** Until the pipe takes more (or is closed: the child stopped reading). */
function drained(pipe: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      pipe.removeListener('drain', done);
      pipe.removeListener('close', done);
      resolve();
    };
    pipe.once('drain', done);
    pipe.once('close', done);
  });
}

async function* throughProgram(program: string, compressed: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const child = spawn(program, ['-dc'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => {
    if (stderr.length < MAX_STDERR_BYTES) stderr += b.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  exited.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
  let feedError: unknown = null;
  // The compressed bytes go in as the child takes them (write() false: wait for drain).
  const feeding = (async () => {
    try {
      for await (const chunk of compressed) {
        if (!child.stdin.write(chunk)) await drained(child.stdin);
        if (child.stdin.destroyed) return;
      }
      child.stdin.end();
    } catch (err) {
      feedError = err;
      child.kill();
    }
  })();
  // A child that stops reading (corrupt data) closes its stdin: not an error of ours.
  child.stdin.on('error', () => undefined);
  let finished = false;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) yield chunk;
    await feeding;
    if (feedError !== null) throw feedError;
    const code = await exited;
    finished = true;
    if (code !== 0) throw new Error(stderr.trim().split('\n').pop() || `bzip2 exited with code ${code}`);
  } finally {
    // The reader stopped early (or failed): the child goes too.
    if (!finished) {
      child.stdout.destroy();
      child.kill();
      await exited.catch(() => undefined);
    }
  }
}

/** The old-style stream unbzip2-stream returns: write() decodes synchronously and emits 'data'. */
interface ThroughStream {
  write(chunk: Buffer): unknown;
  end(): unknown;
  on(event: 'data', listener: (chunk: Buffer | null) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

async function* throughBuiltIn(compressed: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  // Loaded only when bzip2 is not on the PATH: a pure-JS decoder (npm unbzip2-stream).
  const decoder = (require('unbzip2-stream') as () => ThroughStream)();
  let out: Buffer[] = [];
  let failure: Error | null = null;
  decoder.on('data', (b) => {
    if (b !== null) out.push(b);
  });
  decoder.on('error', (err) => (failure ??= err));
  const take = function* (): Generator<Buffer> {
    if (failure) throw failure;
    const ready = out;
    out = [];
    yield* ready;
  };
  for await (const chunk of compressed) {
    decoder.write(chunk);
    yield* take();
  }
  decoder.end();
  yield* take();
}
