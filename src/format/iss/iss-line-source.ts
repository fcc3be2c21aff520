import { isAscii, isUtf8 } from 'node:buffer';
import { MAX_RECORD_LENGTH } from './iss-reader';

/**
 * One line of an ISS record file, as `import iss` and `iss verify` both read it.
 * - `text`: the line without its `\n` / `\r\n`, decoded as UTF-8; a line whose bytes are not valid
 *   UTF-8 (older archives wrote names in Latin-1) is decoded as Latin-1 instead, so no byte is
 *   replaced and distinct names stay distinct;
 * - `encoding`: how `text` was decoded; `Buffer.from(text, encoding)` gives the line's bytes back
 *   exactly (Latin-1 maps each byte to one character), which the export writes;
 * - `overlong`: longer than MAX_RECORD_LENGTH characters: its text is dropped (empty).
 */
export interface IssSourceLine {
  /** 1-based, counting every line (blank ones too). */
  readonly lineNumber: number;
  readonly text: string;
  readonly encoding: IssLineEncoding;
  readonly overlong: boolean;
}

export type IssLineEncoding = 'utf8' | 'latin1';

export const overlongLineReason = `line is more than ${MAX_RECORD_LENGTH} characters long: not an ISS record`;

/** A character takes at most 4 bytes in UTF-8: beyond this many bytes a line is overlong whatever its decoding. */
export const MAX_LINE_BYTES = 4 * MAX_RECORD_LENGTH;

const BOM = [0xef, 0xbb, 0xbf];

/** The bytes of a line as read (for a byte-exact export). */
export function issLineBytes(line: Pick<IssSourceLine, 'text' | 'encoding'>): Buffer {
  return Buffer.from(line.text, line.encoding);
}

/**
 * Whole lines as bytes, as issLineBlocks cuts them from a byte stream: a Buffer holds one or more
 * lines, each ending with `\n` but the input's last, which may have none; null stands for one line
 * over MAX_RECORD_LENGTH characters that was skipped to its end without being held. A block's
 * first line follows the last line of the block before it. issLineOf turns a line's bytes into
 * the line, so every reader of blocks sees the lines issLineBatches gives.
 */
export type IssLineBlock = Buffer | null;

/**
 * Cuts a byte stream into blocks of whole lines, one array per chunk (one await per chunk, not per
 * line), holding one chunk and one partial line: a UTF-8 byte-order mark at the very start is
 * skipped, a line longer than MAX_LINE_BYTES bytes (overlong whatever its decoding) is skipped to
 * its end without being held and comes as null. The lines of a chunk are a subarray of it, not a
 * copy; a line that spans chunks comes as a block of its own. Strings are taken as UTF-8.
 */
export async function* issLineBlocks(chunks: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<IssLineBlock[]> {
  // The partial line so far, in pieces (joined once at its end: linear however small the chunks).
  let carry: Buffer[] | null = null;
  let carryLength = 0;
  let skipping = false; // inside an overlong line: dropping bytes up to its end
  let atStart = true;
  let head: Buffer | null = null; // the first bytes, until there are enough to see a BOM
  for await (const raw of chunks) {
    let chunk = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    if (atStart) {
      head = head ? Buffer.concat([head, chunk]) : chunk;
      if (head.length < BOM.length && head.every((b, i) => b === BOM[i])) continue; // could still be a BOM
      chunk = head[0] === BOM[0] && head[1] === BOM[1] && head[2] === BOM[2] ? head.subarray(3) : head;
      atStart = false;
      head = null;
    }
    const out: IssLineBlock[] = [];
    let start = 0;
    const first = chunk.indexOf(10);
    if (first >= 0) {
      if (skipping) {
        out.push(null);
        skipping = false;
        start = first + 1;
      } else if (carry !== null) {
        carry.push(chunk.subarray(0, first + 1));
        out.push(Buffer.concat(carry));
        carry = null;
        carryLength = 0;
        start = first + 1;
      }
      const last = chunk.lastIndexOf(10);
      if (last >= start) out.push(chunk.subarray(start, last + 1));
      start = last + 1;
    }
    if (!skipping && start < chunk.length) {
      // Copied: a partial line must not keep the whole chunk alive.
      const rest = Buffer.from(chunk.subarray(start));
      if (carry === null) carry = [rest];
      else carry.push(rest);
      carryLength += rest.length;
      if (carryLength > MAX_LINE_BYTES) {
        skipping = true;
        carry = null;
        carryLength = 0;
      }
    }
    if (out.length > 0) yield out;
  }
  if (head !== null && head.length > 0) carry = [head]; // a file of one or two bytes
  if (skipping) yield [null];
  else if (carry !== null) yield [Buffer.concat(carry)];
}

/**
 * Cuts a byte stream into lines, one batch per chunk (one await per chunk, not per line), holding
 * one chunk and one partial line (issLineBlocks): a UTF-8 byte-order mark at the very start is
 * skipped, `\r\n` and `\n` end lines, a line over MAX_RECORD_LENGTH characters comes as
 * `overlong`. Strings are taken as UTF-8.
 */
export async function* issLineBatches(chunks: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<IssSourceLine[]> {
  let lineNumber = 0;
  for await (const blocks of issLineBlocks(chunks)) {
    const out: IssSourceLine[] = [];
    for (const block of blocks) {
      if (block === null) {
        out.push({ lineNumber: ++lineNumber, text: '', encoding: 'utf8', overlong: true });
        continue;
      }
      // Most archives are ASCII: then each line's text is its bytes as they are.
      const ascii = isAscii(block);
      for (let start = 0; start < block.length;) {
        const nl = block.indexOf(10, start);
        const end = nl < 0 ? block.length : nl;
        lineNumber++;
        if (ascii) {
          const e = end > start && block[end - 1] === 13 ? end - 1 : end;
          out.push(
            e - start > MAX_RECORD_LENGTH
              ? { lineNumber, text: '', encoding: 'utf8', overlong: true }
              : { lineNumber, text: block.toString('latin1', start, e), encoding: 'utf8', overlong: false },
          );
        } else {
          out.push(issLineOf(lineNumber, block.subarray(start, end)));
        }
        start = end + 1;
      }
    }
    yield out;
  }
}

/** The lines one by one (an await per line: for callers that take a line at a time). */
export async function* issLines(chunks: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<IssSourceLine> {
  for await (const batch of issLineBatches(chunks)) yield* batch;
}

/** The line whose bytes (without the `\n`) are `bytes`: a final `\r` dropped, decoded (see IssSourceLine). */
export function issLineOf(lineNumber: number, bytes: Buffer): IssSourceLine {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === 13 ? bytes.length - 1 : bytes.length;
  const body = bytes.subarray(0, end);
  const encoding: IssLineEncoding = isAscii(body) || isUtf8(body) ? 'utf8' : 'latin1';
  const text = body.toString(encoding);
  if (text.length > MAX_RECORD_LENGTH) return { lineNumber, text: '', encoding: 'utf8', overlong: true };
  return { lineNumber, text, encoding, overlong: false };
}
