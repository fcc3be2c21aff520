import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { bunzip2Chunks, bzip2Program } from './bzip2-chunks';

/** The bzip2 decoding of import and verify: the bzip2 program and the built-in decoder alike. */
const bzip2 = (bytes: Buffer): Buffer => {
  const r = spawnSync('bzip2', ['-c'], { input: bytes, maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`bzip2 failed: ${r.stderr}`);
  return r.stdout;
};

/** Hex text (compresses about 2:1, so a few MB of it are several bzip2 blocks), in 64 KiB chunks read on demand. */
function source(compressed: Buffer, read: { bytes: number }): AsyncIterable<Buffer> {
  return (async function* () {
    for (let at = 0; at < compressed.length; at += 1 << 16) {
      const chunk = compressed.subarray(at, at + (1 << 16));
      read.bytes += chunk.length;
      yield chunk;
    }
  })();
}

const text = Buffer.from(randomBytes(3_000_000).toString('hex'));
const compressed = bzip2(text);
const program = bzip2Program();

describe.each([
  ['the bzip2 program', program],
  ['the built-in decoder', null],
])('bunzip2Chunks through %s', (_name, using) => {
  it('gives the bytes bzip2 compressed, in order', async () => {
    const out: Buffer[] = [];
    for await (const b of bunzip2Chunks(source(compressed, { bytes: 0 }), using)) out.push(b);
    expect(Buffer.concat(out).equals(text)).toBe(true);
  });

  it('reads the compressed bytes only as the output is taken (memory stays flat, progress follows the records)', async () => {
    const read = { bytes: 0 };
    const chunks = bunzip2Chunks(source(compressed, read), using);
    let taken = 0;
    for await (const b of chunks) {
      taken += b.length;
      if (taken >= 1_000_000) break;
    }
    // A million bytes of 6 MB taken: at most a block and the pipes' buffers were read ahead.
    expect(read.bytes).toBeLessThan(compressed.length);
  });

  it('corrupt data is an error, not a short output', async () => {
    const broken = Buffer.from(compressed);
    broken.fill(0x55, 2000, 2400);
    const run = async () => {
      for await (const b of bunzip2Chunks(source(broken, { bytes: 0 }), using)) void b;
    };
    await expect(run()).rejects.toThrow();
  });
});

it('bzip2 is on the PATH of the machines the tests run on (else only the built-in decoder is covered)', () => {
  expect(program).not.toBeNull();
});
