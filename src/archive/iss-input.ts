import { createReadStream, statSync } from 'node:fs';
import { PassThrough, pipeline, Readable } from 'node:stream';

/**
 * Where ISS records are read from, as `import iss` and `iss verify` name it: a file (`.sgf`, or
 * compressed as the server publishes its dumps, `.sgf.gz` / `.sgf.bz2`) or `-` for standard input.
 * Compression is recognised by the first bytes (gzip 1f 8b, bzip2 `BZh`), not by the name, so a
 * compressed standard input works too. Everything is streamed: memory holds a chunk or two, and
 * compressed bytes are read only as fast as the records are taken (bytesRead follows the records).
 */
export interface IssInput {
  /** The name as given (`-` for standard input). */
  readonly name: string;
  /** The bytes of the records, decompressed. */
  readonly chunks: AsyncIterable<Buffer>;
  /** Bytes read from the file so far (compressed bytes for a compressed file), for progress. */
  bytesRead(): number;
  /** The file's size, or null for standard input. */
  readonly totalBytes: number | null;
  close(): void;
}

export const STDIN_NAME = '-';

/** Why `name` cannot be read as an input (missing, a directory), or null. Standard input always can. */
export function issInputProblem(name: string): string | null {
  if (name === STDIN_NAME) return null;
  try {
    return statSync(name).isDirectory() ? `${name} is a directory, not a record file` : null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `no such file: ${name}` : `cannot read ${name}: ${(err as Error).message}`;
  }
}

export function openIssInput(name: string, stdin: NodeJS.ReadableStream = process.stdin): IssInput {
  if (name === STDIN_NAME) {
    let read = 0;
    const counted = (async function* () {
      for await (const chunk of stdin) {
        const b = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
        read += b.length;
        yield b;
      }
    })();
    return { name, chunks: decompressed(counted), bytesRead: () => read, totalBytes: null, close: () => undefined };
  }
  const totalBytes = statSync(name).size;
  const file = createReadStream(name, { highWaterMark: 1 << 16 });
  return { name, chunks: decompressed(file), bytesRead: () => file.bytesRead, totalBytes, close: () => file.destroy() };
}

/** The bytes as they are, or through gunzip / bunzip2 when the first bytes say so. */
async function* decompressed(raw: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  const it = raw[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let seen = 0;
  // Enough bytes to recognise a format (a first chunk of one or two bytes is possible on a pipe).
  while (seen < 3) {
    const next = await it.next();
    if (next.done) break;
    const b = typeof next.value === 'string' ? Buffer.from(next.value, 'utf8') : next.value;
    head.push(b);
    seen += b.length;
  }
  const first = Buffer.concat(head);
  const rest = (async function* () {
    try {
      for (;;) {
        const n = await it.next();
        if (n.done) return;
        yield typeof n.value === 'string' ? Buffer.from(n.value, 'utf8') : n.value;
      }
    } finally {
      await it.return?.();
    }
  })();
  const format = formatOf(first);
  if (format === null) {
    if (first.length > 0) yield first;
    yield* rest;
    return;
  }
  const source = (async function* () {
    if (first.length > 0) yield first;
    yield* rest;
  })();
  try {
    // Loaded only for a compressed input (zlib, and the bzip2 program's child process).
    if (format === 'bzip2') yield* (require('./bzip2-chunks') as typeof import('./bzip2-chunks')).bunzip2Chunks(source);
    else {
      const { createGunzip } = require('node:zlib') as typeof import('node:zlib');
      // Through a PassThrough: pipeline carries an error of any stage (a corrupt archive) to the reader.
      const out = new PassThrough();
      pipeline(Readable.from(source), createGunzip(), out, () => undefined);
      yield* out as AsyncIterable<Buffer>;
    }
  } catch (err) {
    throw new Error(`the ${format} data is corrupt or cut short (${(err as Error)?.message ?? String(err)})`, { cause: err });
  }
}

/** The compression the first bytes announce (gzip 1f 8b, bzip2 `BZh`), or null for plain records. */
export function formatOf(first: Uint8Array): 'gzip' | 'bzip2' | null {
  if (first[0] === 0x1f && first[1] === 0x8b) return 'gzip';
  if (first[0] === 0x42 && first[1] === 0x5a && first[2] === 0x68) return 'bzip2';
  return null;
}
