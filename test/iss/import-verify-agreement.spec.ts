import { openEventStore } from '../../src/event-store/store-url';
import { importIssText } from '../../src/archive/import/import-iss';
import { verifyIssLine } from '../../src/format/iss/iss-verify';
import { writeLiveIssRecord } from '../../src/format/iss/iss-writer';
import { getProfile } from '../../src/rules/variant';
import { storeImportTarget } from '../interop/support/store-import-target';
import { corpusLineById, corpusLines } from './corpus';
import { playRandomGame, seededRandom } from './random-games';

/**
 * `import iss` and `iss verify` judge a record line the same way (one judgement, judgeIssLine):
 * the lines import rejects are exactly the lines verify calls malformed, with the same reason,
 * and every other line is imported.
 */
const ISS = getProfile('iss');
const BASE = corpusLineById('541932'); // rearhand plays diamonds after picking up; lost -54

const words = (line: string) => line.match(/MV\[(.*?) \]/)![1].split(' ');
const withMoves = (line: string, moves: readonly string[]) => line.replace(/MV\[.*? \]/, `MV[${moves.join(' ')} ]`);

/** Hand-made borderline records, each named by what it tests. */
const BORDERLINE: Record<string, string> = {
  'a card played after the deal is over': withMoves(BASE, [...words(BASE), '0 CJ']),
  'a resignation after the deal is over': withMoves(BASE, [...words(BASE), '1 RE']),
  'a move after a time-out': withMoves(BASE, [...words(BASE).slice(0, 12), 'w TI.1', '1 S7']),
  'a ?? card with no departure after it': BASE.replace('0 SA 1 S7', '0 SA 1 ??'),
  'a ?? card before a departure': withMoves(BASE, [...words(BASE).slice(0, 14), '1 ??', 'w LE.1']),
  'a card not held before a time-out': withMoves(BASE, [...words(BASE).slice(0, 14), '1 CJ', 'w TI.1']),
  'a record cut mid-play': withMoves(BASE, words(BASE).slice(0, 20)),
  'no R[...]': BASE.replace(/R\[[^\]]*\]/, ''),
  'no DT': BASE.replace(/DT\[[^\]]*\]/, ''),
  'an impossible DT': BASE.replace(/DT\[[^\]]*\]/, 'DT[2010-02-30/10:00:00/UTC]'),
  'the same player twice': BASE.replace(/P1\[[^\]]*\]/, `P1[${BASE.match(/P0\[([^\]]*)\]/)![1]}]`),
  'an ID that is not a plain identifier': BASE.replace(/ID\[[^\]]*\]/, 'ID[a b]'),
  'an SE that is not a plain identifier': BASE.replace(/SE\[[^\]]*\]/, 'SE[x/y]'),
  'a skat shown in the other order': BASE.replace(/ w ([CSHD][AKQJT987])\.([CSHD][AKQJT987]) /, ' w $2.$1 '),
  'a penalty result on a played-out game': BASE.replace(/R\[[^\]]*\]/, 'R[d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:1 p2:0 l:-1 to:-1 r:0]'),
  'a wrong value (disagrees, but is a record)': BASE.replace('v:-54', 'v:-108'),
};

/** Random legal records, then one of a few borderline edits (cut, extended, a pair dropped). */
function mutatedRandomRecords(count: number): string[] {
  const rand = seededRandom(20261201);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const g = playRandomGame(rand, ISS);
    const w = writeLiveIssRecord({ players: ['a', 'b', 'c'], date: new Date(0), series: 7, id: 50_000 + i, dealt: g.dealt, moves: g.moves });
    if (!w.ok) throw new Error(w.reason);
    const mv = words(w.line);
    const r = rand();
    if (r < 0.25) out.push(w.line);
    else if (r < 0.5) out.push(withMoves(w.line, mv.slice(0, 1 + Math.floor(rand() * (mv.length - 1)))));
    else if (r < 0.75) out.push(withMoves(w.line, [...mv, mv[1 + Math.floor(rand() * (mv.length - 1))]]));
    else {
      const at = 1 + Math.floor(rand() * (mv.length - 1));
      out.push(withMoves(w.line, [...mv.slice(0, at), ...mv.slice(at + 1)]));
    }
  }
  return out;
}

describe('import iss and iss verify agree on what a record is (one judgement)', () => {
  const lines = [...corpusLines().map((l) => l.text), ...Object.values(BORDERLINE), ...mutatedRandomRecords(400)];

  it('rejects exactly the lines verify calls malformed, with the same reason, and imports every other line', async () => {
    const malformed = lines
      .map((text, i) => ({ text, line: i + 1, v: verifyIssLine(text, i + 1, ISS) }))
      .filter((x) => x.v.status === 'malformed')
      .map((x) => ({ line: x.line, reason: x.v.status === 'malformed' ? x.v.reason : '' }));
    const store = await openEventStore('sqlite::memory:');
    try {
      const summary = await importIssText(storeImportTarget(store), lines.join('\n'), { maxRejectionsListed: lines.length });
      expect(summary.rejected.map((r) => ({ line: r.line, reason: r.reason }))).toEqual(malformed);
      // Every accepted line is stored, or was (the same record), or shares a stored ID with other content (a conflict).
      expect(summary.imported + summary.alreadyPresent + summary.conflictCount).toBe(lines.length - malformed.length);
      // A real mix: some of everything.
      expect(malformed.length).toBeGreaterThan(100);
      expect(summary.imported).toBeGreaterThan(100);
    } finally {
      await store.dispose();
    }
  });

  it.each(Object.entries(BORDERLINE))('%s: the same verdict for import and verify', async (_name, line) => {
    const v = verifyIssLine(line, 1, ISS);
    const store = await openEventStore('sqlite::memory:');
    try {
      const summary = await importIssText(storeImportTarget(store), line);
      if (v.status === 'malformed') expect(summary.rejected).toEqual([{ file: null, line: 1, id: v.id, reason: v.reason }]);
      else expect({ imported: summary.imported, rejected: summary.rejected }).toEqual({ imported: 1, rejected: [] });
    } finally {
      await store.dispose();
    }
  });

  it('judges the borderline records as the rules say', () => {
    const status = (name: string) => verifyIssLine(BORDERLINE[name], 1, ISS).status;
    expect(status('a card played after the deal is over')).toBe('malformed');
    expect(status('a resignation after the deal is over')).toBe('malformed');
    expect(status('a move after a time-out')).toBe('malformed');
    expect(status('a ?? card with no departure after it')).toBe('malformed');
    expect(status('a ?? card before a departure')).toBe('notScoreable'); // D3
    expect(status('a card not held before a time-out')).toBe('notScoreable'); // D3
    expect(status('a record cut mid-play')).toBe('malformed');
    expect(status('a skat shown in the other order')).toBe('agree');
    expect(status('a penalty result on a played-out game')).toBe('notScoreable'); // D3
    expect(status('a wrong value (disagrees, but is a record)')).toBe('disagree');
  });
});
