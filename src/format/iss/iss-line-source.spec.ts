import { seededRandom } from '../../../test/iss/random-games';
import { MAX_RECORD_LENGTH } from './iss-reader';
import { issLineBatches, issLineBytes, issLines, type IssSourceLine } from './iss-line-source';

async function* chunksOf(bytes: Buffer, sizes: () => number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length;) {
    const n = Math.max(1, sizes());
    yield bytes.subarray(at, at + n);
    at += n;
  }
}

async function linesOf(bytes: Buffer, sizes: () => number = () => 1 << 16): Promise<IssSourceLine[]> {
  const out: IssSourceLine[] = [];
  for await (const l of issLines(chunksOf(bytes, sizes))) out.push(l);
  return out;
}

const latin1Name = Buffer.from([0x4a, 0xfc, 0x72, 0x67, 0x65, 0x6e]); // "Jürgen" in Latin-1 (0xFC is not UTF-8 here)
const LATIN1_LINE = Buffer.concat([Buffer.from('(;GM[Skat]P0['), latin1Name, Buffer.from('] ;)')]);
const UTF8_LINE = Buffer.from('(;GM[Skat]P0[Jürgen] ;)', 'utf8');
const FILE = Buffer.concat([
  Buffer.from([0xef, 0xbb, 0xbf]),
  Buffer.from('first\r\n\r\n'),
  LATIN1_LINE,
  Buffer.from('\n'),
  UTF8_LINE,
  Buffer.from('\nlast without a line break'),
]);

describe('issLineSource: the lines import iss and iss verify read', () => {
  it('skips a UTF-8 byte-order mark, ends lines at \\n and \\r\\n, keeps blank lines counted and the last line without a break', async () => {
    const lines = await linesOf(FILE);
    expect(lines.map((l) => [l.lineNumber, l.text.startsWith('(;') ? l.text.slice(0, 8) : l.text])).toEqual([
      [1, 'first'],
      [2, ''],
      [3, '(;GM[Ska'],
      [4, '(;GM[Ska'],
      [5, 'last without a line break'],
    ]);
  });

  it('decodes a line that is not valid UTF-8 as Latin-1, so its bytes come back exactly; valid UTF-8 stays UTF-8', async () => {
    const [, , latin1, utf8] = await linesOf(FILE);
    expect(latin1).toMatchObject({ encoding: 'latin1', text: '(;GM[Skat]P0[Jürgen] ;)', overlong: false });
    expect(issLineBytes(latin1).equals(LATIN1_LINE)).toBe(true);
    expect(utf8).toMatchObject({ encoding: 'utf8', text: '(;GM[Skat]P0[Jürgen] ;)' });
    expect(issLineBytes(utf8).equals(UTF8_LINE)).toBe(true);
    // The two spellings of the name decode to the same text but keep their own bytes.
    expect(issLineBytes(latin1).equals(issLineBytes(utf8))).toBe(false);
  });

  it('gives the same lines however the bytes are chunked (a BOM or a UTF-8 character split across chunks included)', async () => {
    const whole = await linesOf(FILE);
    const rand = seededRandom(14);
    for (let k = 0; k < 200; k++) {
      const max = 1 + Math.floor(rand() * 12);
      expect(await linesOf(FILE, () => 1 + Math.floor(rand() * max))).toEqual(whole);
    }
  });

  it('a line over MAX_RECORD_LENGTH characters comes as overlong with no text, in any chunking; one of exactly MAX is kept', async () => {
    const bytes = Buffer.from(`a\n${'x'.repeat(MAX_RECORD_LENGTH + 1)}\n${'y'.repeat(MAX_RECORD_LENGTH)}\n${'é'.repeat(MAX_RECORD_LENGTH + 1)}\nz`);
    for (const size of [1 << 16, 1000, 7]) {
      const lines = await linesOf(bytes, () => size);
      expect(lines.map((l) => [l.lineNumber, l.overlong, l.text.length])).toEqual([
        [1, false, 1],
        [2, true, 0],
        [3, false, MAX_RECORD_LENGTH],
        [4, true, 0],
        [5, false, 1],
      ]);
    }
  });

  it('hands the lines of a chunk over as one batch (one await per chunk)', async () => {
    const batches: number[] = [];
    for await (const b of issLineBatches(chunksOf(Buffer.from('a\nb\nc\nd\n'), () => 4))) batches.push(b.length);
    expect(batches).toEqual([2, 2]);
  });

  it('reads an empty input as no lines, and a lone BOM too', async () => {
    expect(await linesOf(Buffer.alloc(0))).toEqual([]);
    expect(await linesOf(Buffer.from([0xef, 0xbb, 0xbf]))).toEqual([]);
    expect(await linesOf(Buffer.from([0xef, 0xbb]))).toEqual([{ lineNumber: 1, text: 'ï»', encoding: 'latin1', overlong: false }]);
  });
});
