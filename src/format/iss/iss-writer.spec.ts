import { getProfile } from '../../rules/variant';
import type { Move } from '../../rules/move';
import { playRandomGame, randomDeal, seededRandom } from '../../../test/iss/random-games';
import { readIssRecord } from './iss-reader';
import { issDate, writeIssRecord, writeLiveIssRecord, type LiveDealFacts } from './iss-writer';
import { verifyIssLine } from './iss-verify';

const ISS = getProfile('iss');
const facts = (over: Partial<LiveDealFacts>): LiveDealFacts => {
  const dealt = over.dealt ?? randomDeal(seededRandom(7));
  return { players: ['anna', 'bert', 'carl'], date: new Date(Date.UTC(2026, 10, 29, 12, 5, 9)), series: 12, id: 345, dealt, moves: [], ...over };
};

// jskat's summary parser: properties by /(\w+)\[(.*?)\]/, then MV tokens in pairs where a deal is
// exactly 95 characters and a skat shown exactly 5.
const JSKAT_PROPERTY = /(\w+)\[(.*?)\]/g;

describe('writeLiveIssRecord: engine facts -> ISS record (deals recorded live)', () => {
  const rand = seededRandom(2026);
  const games = Array.from({ length: 300 }, () => playRandomGame(rand, ISS));

  it('writes 300 random legal deals that our reader reads back byte for byte and the verifier agrees with', () => {
    const statuses: Record<string, number> = {};
    games.forEach((g, i) => {
      const w = writeLiveIssRecord(facts({ id: i, dealt: g.dealt, moves: g.moves }));
      if (!w.ok) throw new Error(w.reason);
      const back = readIssRecord(w.line);
      if (!back.ok) throw new Error(back.error.reason);
      expect(writeIssRecord(back.record)).toBe(w.line);
      const v = verifyIssLine(w.line, i + 1, ISS);
      statuses[v.status] = (statuses[v.status] ?? 0) + 1;
      if (v.status === 'disagree' || v.status === 'malformed') throw new Error(`${JSON.stringify(v)}\n${w.line}`);
      if (g.state.phase === 'abandoned') expect(v.status).toBe('notScoreable');
    });
    expect(statuses.agree).toBeGreaterThan(250);
  });

  it('writes the shape jskat-style parsers read: header order, 95-character deal, 5-character skat', () => {
    const g = games.find((x) => x.moves.some((m) => m.kind === 'pickUpSkat'))!;
    const w = writeLiveIssRecord(facts({ dealt: g.dealt, moves: g.moves }));
    if (!w.ok) throw new Error(w.reason);
    expect(w.line).toMatch(
      /^\(;GM\[Skat\]PC\[Skat Ledger\]CO\[\]SE\[12\]ID\[345\]DT\[2026-11-29\/12:05:09\/UTC\]P0\[anna\]P1\[bert\]P2\[carl\]R0\[\]R1\[\]R2\[\]MV\[w .* \]R\[.*\] ;\)$/,
    );
    const props = [...w.line.matchAll(JSKAT_PROPERTY)].map((m) => m[1]);
    expect(props).toEqual(['GM', 'PC', 'CO', 'SE', 'ID', 'DT', 'P0', 'P1', 'P2', 'R0', 'R1', 'R2', 'MV', 'R']);
    const mv = w.line
      .match(/MV\[(.*?)\]/)![1]
      .trim()
      .split(' ');
    expect(mv.length % 2).toBe(0);
    expect(mv[1]).toHaveLength(95);
    const shown = mv.findIndex((t, i) => i % 2 === 1 && t === 's');
    expect(shown).toBeGreaterThan(0);
    expect(mv[shown + 1]).toBe('w');
    expect(mv[shown + 2]).toHaveLength(5);
    expect(w.line.match(/R\[(.*?)\]/)![1]).toMatch(
      /^(passed|d:[0-2] (win|loss) v:-?\d+ m:-?\d+ (overbid|bidok) p:\d+ t:\d+ s:[01] z:[01] p0:0 p1:0 p2:0 l:-1 to:-1 r:[01])$/,
    );
  });

  it('writes a hand ouvert declaration with the 10 cards shown (R14)', () => {
    const dealt = randomDeal(seededRandom(3));
    const moves: Move[] = [
      { kind: 'pass', seat: 1 },
      { kind: 'pass', seat: 2 },
      { kind: 'bid', seat: 0, value: 18 },
      { kind: 'declare', seat: 0, declaration: { gameType: 'grand', hand: true, ouvert: true, schneiderAnnounced: true, schwarzAnnounced: true } },
      { kind: 'resign', seat: 0 },
    ];
    const w = writeLiveIssRecord(facts({ dealt, moves }));
    if (!w.ok) throw new Error(w.reason);
    expect(w.line).toContain(`0 GO.${dealt.hands[0].join('.')} 0 RE`);
    expect(w.line).toMatch(/R\[d:0 loss v:-\d+ .* r:1\]/);
    expect(verifyIssLine(w.line, 1, ISS).status).toBe('agree');
  });

  it('writes a time-out as w TI.n with a penalty result that verifies as not scoreable (D3)', () => {
    const w = writeLiveIssRecord(
      facts({
        moves: [
          { kind: 'pass', seat: 1 },
          { kind: 'abandon', reason: 'timeout', seat: 0 },
        ],
      }),
    );
    if (!w.ok) throw new Error(w.reason);
    expect(w.line).toContain('1 p w TI.0 ]R[d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:0 r:0]');
    expect(verifyIssLine(w.line, 1, ISS).status).toBe('notScoreable');
  });

  it.each([
    ['a name holding "]"', facts({ players: ['a]', 'b', 'c'] }), 'P0'],
    ['an invalid date', facts({ date: new Date('nonsense') }), 'DT'],
    ['a deal that is not over', facts({ moves: [{ kind: 'pass', seat: 1 }] }), 'not over'],
    ['an illegal move (R5)', facts({ moves: [{ kind: 'bid', seat: 1, value: 19 }] }), 'move 1: R5'],
    ['a bad deal (R4)', facts({ dealt: { hands: [[], [], []], skat: ['CJ', 'SJ'] } }), 'R4'],
  ])('refuses %s with a reason', (_name, f, reason) => {
    const w = writeLiveIssRecord(f);
    expect(w.ok).toBe(false);
    if (!w.ok) expect(w.reason).toContain(reason);
  });

  it('formats DT as YYYY-MM-DD/HH:MM:SS/UTC', () => {
    expect(issDate(new Date(Date.UTC(2010, 11, 6, 18, 59, 24)))).toBe('2010-12-06/18:59:24/UTC');
  });
});
