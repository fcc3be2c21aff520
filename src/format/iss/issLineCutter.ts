import { MAX_RECORD_LENGTH } from './IssReader';

/** One line cut from a stream: 1-based number, text without `\r\n`, or `overlong` (text dropped). */
export type IssCutLine = { readonly line: number; readonly text: string; readonly overlong: false } | { readonly line: number; readonly text: ''; readonly overlong: true };

export const overlongLineReason = `line is more than ${MAX_RECORD_LENGTH} characters long: not an ISS record`;

/**
 * Cuts a stream of text chunks into lines synchronously, holding one chunk and one partial line:
 * a line longer than MAX_RECORD_LENGTH is skipped to its end (its text is never kept) and handed
 * on as `overlong`, so a file without line breaks cannot fill memory. Shared by `iss verify` and
 * `import iss`.
 */
export function issLineCutter(onLine: (l: IssCutLine) => void): { push(chunk: string | Buffer): void; end(): void } {
  let carry = '';
  let overlong = false;
  let line = 0;
  const finish = (text: string) => {
    line++;
    if (overlong) {
      overlong = false;
      onLine({ line, text: '', overlong: true });
      return;
    }
    onLine({ line, text: text.endsWith('\r') ? text.slice(0, -1) : text, overlong: false });
  };
  return {
    push(chunk) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        finish(overlong ? '' : carry + text.slice(start, nl));
        carry = '';
        start = nl + 1;
      }
      if (!overlong) carry += text.slice(start);
      if (carry.length > MAX_RECORD_LENGTH) {
        overlong = true;
        carry = '';
      }
    },
    end() {
      if (overlong || carry !== '') finish(carry);
      carry = '';
    },
  };
}
