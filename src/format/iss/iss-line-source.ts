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
const MAX_LINE_BYTES = 4 * MAX_RECORD_LENGTH;

const BOM = [0xef, 0xbb, 0xbf];

/** The bytes of a line as read (for a byte-exact export). */
export function issLineBytes(line: Pick<IssSourceLine, 'text' | 'encoding'>): Buffer {
  return Buffer.from(line.text, line.encoding);
}

/**
 * Cuts a byte stream into lines, one batch per chunk (one await per chunk, not per line), holding
 * one chunk and one partial line: a UTF-8 byte-order mark at the very start is skipped, `\r\n`
 * and `\n` end lines, a line over MAX_RECORD_LENGTH characters is skipped to its end without
 * being held and comes as `overlong`. Strings are taken as UTF-8.
 */
export async function* issLineBatches(chunks: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<IssSourceLine[]> {
  // The partial line so far, in pieces (joined once at its end: linear however small the chunks).
  let carry: Buffer[] | null = null;
  let carryLength = 0;
  let skipping = false; // inside an overlong line: dropping bytes up to its end
  let lineNumber = 0;
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
    const out: IssSourceLine[] = [];
    // Most archives are ASCII: then one Latin-1 string of the chunk is cut by the byte offsets.
    const ascii = isAscii(chunk);
    const text = ascii ? chunk.toString('latin1') : '';
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl >= 0; nl = chunk.indexOf(10, start)) {
      lineNumber++;
      if (skipping) {
        out.push({ lineNumber, text: '', encoding: 'utf8', overlong: true });
        skipping = false;
      } else if (carry !== null) {
        carry.push(chunk.subarray(start, nl));
        out.push(lineOf(lineNumber, Buffer.concat(carry)));
        carry = null;
        carryLength = 0;
      } else if (ascii) {
        const end = nl > start && chunk[nl - 1] === 13 ? nl - 1 : nl;
        out.push(
          end - start > MAX_RECORD_LENGTH
            ? { lineNumber, text: '', encoding: 'utf8', overlong: true }
            : { lineNumber, text: text.slice(start, end), encoding: 'utf8', overlong: false },
        );
      } else {
        out.push(lineOf(lineNumber, chunk.subarray(start, nl)));
      }
      start = nl + 1;
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
  if (skipping) yield [{ lineNumber: lineNumber + 1, text: '', encoding: 'utf8', overlong: true }];
  else if (carry !== null) yield [lineOf(lineNumber + 1, Buffer.concat(carry))];
}

/** The lines one by one (an await per line: for callers that take a line at a time). */
export async function* issLines(chunks: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<IssSourceLine> {
  for await (const batch of issLineBatches(chunks)) yield* batch;
}

function lineOf(lineNumber: number, bytes: Buffer): IssSourceLine {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === 13 ? bytes.length - 1 : bytes.length;
  const body = bytes.subarray(0, end);
  const encoding: IssLineEncoding = isAscii(body) || isUtf8(body) ? 'utf8' : 'latin1';
  const text = body.toString(encoding);
  if (text.length > MAX_RECORD_LENGTH) return { lineNumber, text: '', encoding: 'utf8', overlong: true };
  return { lineNumber, text, encoding, overlong: false };
}
