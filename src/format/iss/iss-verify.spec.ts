import { getProfile } from '../../rules/variant';
import { corpusLineById } from '../../../test/iss/corpus';
import { seededRandom } from '../../../test/iss/random-games';
import { MAX_RECORD_LENGTH } from './iss-reader';
import { compareIssResults, verifyIssLines, verifyIssStream, type IssVerdict } from './iss-verify';
import { parseIssResult } from './iss-result';

const ISS = getProfile('iss');

async function viaLines(text: string): Promise<IssVerdict[]> {
  const out: IssVerdict[] = [];
  for await (const v of verifyIssLines(text.split('\n'), ISS)) out.push(v);
  return out;
}

async function viaStream(chunks: string[]): Promise<IssVerdict[]> {
  const out: IssVerdict[] = [];
  async function* gen() {
    yield* chunks;
  }
  await verifyIssStream(gen(), ISS, (v) => out.push(v));
  return out;
}

function cut(text: string, rand: () => number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length;) {
    const n = 1 + Math.floor(rand() * 700);
    chunks.push(text.slice(at, at + n));
    at += n;
  }
  return chunks;
}

const good = corpusLineById('541932');
const text = [good, '', good.replace('v:-54', 'v:-55'), good.slice(0, 100) + '\r', '  ', corpusLineById('8'), corpusLineById('756788')].join('\n');

describe('verifyIssStream: chunked reading gives the same verdicts as line-by-line reading', () => {
  it('for 50 random chunkings, with blank lines, CRLF and a last line without a line break', async () => {
    const expected = await viaLines(text);
    expect(expected.map((v) => v.status)).toEqual(['agree', 'disagree', 'malformed', 'notScoreable', 'agree']);
    expect(expected.map((v) => v.line)).toEqual([1, 3, 4, 6, 7]);
    const rand = seededRandom(5);
    for (let k = 0; k < 50; k++) expect(await viaStream(cut(text, rand))).toEqual(expected);
    expect(await viaStream([text + '\n'])).toEqual(expected);
  });

  it('a line longer than the limit, even without line breaks, is one malformed verdict and memory stays bounded', async () => {
    const huge = 'x'.repeat(MAX_RECORD_LENGTH + 10);
    const verdicts = await viaStream([good + '\n', ...cut(huge, seededRandom(1)), '\n', good]);
    expect(verdicts.map((v) => [v.status, v.line])).toEqual([
      ['agree', 1],
      ['malformed', 2],
      ['agree', 3],
    ]);
    const endless = await viaStream(Array.from({ length: 40 }, () => 'y'.repeat(10_000)));
    expect(endless.map((v) => v.status)).toEqual(['malformed']);
  });
});

describe('compareIssResults: the compared fields', () => {
  const r = (t: string) => {
    const p = parseIssResult(t);
    if (!p.ok) throw new Error(p.reason);
    return p.result;
  };
  const base = 'd:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0';

  it('ignores penalty points, l, to and r', () => {
    expect(compareIssResults(r(base), r(base.replace('r:0', 'r:1').replace('p1:0', 'p1:3')))).toEqual([]);
  });

  it('names every differing field with both values', () => {
    const other = 'd:1 win v:54 m:2 overbid p:61 t:5 s:1 z:1 p0:0 p1:0 p2:0 l:-1 to:-1 r:0';
    expect(compareIssResults(r(base), r(other)).map((m) => m.field)).toEqual(['d', 'win', 'v', 'm', 'overbid', 'p', 't', 's', 'z']);
    expect(compareIssResults(r(base), r(other))[1]).toEqual({ field: 'win', recorded: 'loss', recomputed: 'win' });
  });

  it('passed against a game is a mismatch on passed', () => {
    expect(compareIssResults({ kind: 'passed' }, r(base))).toEqual([{ field: 'passed', recorded: true, recomputed: false }]);
    expect(compareIssResults({ kind: 'passed' }, { kind: 'passed' })).toEqual([]);
  });
});
