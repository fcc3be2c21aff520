import { getProfile } from '../../rules/variant';
import { corpusLineById, corpusLines } from '../../../test/iss/corpus';
import { readIssRecord } from './iss-reader';
import { replayIssRecord } from './iss-replay';
import { issResultFromGame } from './iss-result';
import { verifyIssLine } from './iss-verify';

const ISS = getProfile('iss');

function replay(line: string) {
  const r = readIssRecord(line);
  if (!r.ok) throw new Error(r.error.reason);
  return replayIssRecord(r.record, ISS);
}

function reasonOf(line: string): string {
  const out = replay(line);
  if (out.kind === 'decided') throw new Error('expected a malformed or not-scoreable record');
  return out.reason;
}

// ID 541932: middlehand passes, rearhand plays diamonds after picking up; lost -54.
const BASE = corpusLineById('541932');

describe('IssReplay: every corpus record through the engine under the iss profile (D3, D4)', () => {
  it.each(corpusLines().map((l) => [l.text.match(/ID\[(\d+)\]/)![1], l.text]))(
    'record %s: recorded and recomputed results agree, or it is a server penalty',
    (_id, text) => {
      const v = verifyIssLine(text, 1, ISS);
      expect(v.status === 'agree' || v.status === 'notScoreable' ? 'ok' : JSON.stringify(v)).toBe('ok');
    },
  );

  it('29 corpus records are scored and agree; the 4 time-out / leave records are not scoreable (D3)', () => {
    const verdicts = corpusLines().map((l) => verifyIssLine(l.text, l.line, ISS));
    expect(verdicts.filter((v) => v.status === 'agree')).toHaveLength(29);
    expect(
      verdicts
        .filter((v) => v.status === 'notScoreable')
        .map((v) => v.id)
        .sort(),
    ).toEqual(['10330141', '18358', '30', '8']);
  });

  it('recomputes the ISS fields of a lost overbid game (R32): record 596891', () => {
    const out = replay(corpusLineById('596891'));
    expect(out.kind).toBe('decided');
    if (out.kind === 'decided') {
      expect(issResultFromGame(out.state)).toMatchObject({
        declarer: 2,
        outcome: 'loss',
        value: -72,
        matadors: 1,
        overbid: true,
        declarerPoints: 41,
        declarerTricks: 4,
      });
    }
  });

  it('both defenders resigning gives the declarer the rest (D3): record 1039093, r:1', () => {
    const out = replay(corpusLineById('1039093'));
    expect(out.kind === 'decided' && issResultFromGame(out.state)).toMatchObject({
      outcome: 'win',
      value: 48,
      declarerPoints: 84,
      declarerTricks: 5,
      resigned: true,
    });
  });

  it('a null ouvert conceded by both defenders is won with no trick (D3, R29): record 1390253', () => {
    const out = replay(corpusLineById('1390253'));
    expect(out.kind === 'decided' && issResultFromGame(out.state)).toMatchObject({ outcome: 'win', value: 46, declarerPoints: 14, declarerTricks: 0 });
  });

  it('passed-in records replay to passed (R8)', () => {
    const out = replay(corpusLineById('756788'));
    expect(out.kind === 'decided' && issResultFromGame(out.state)).toEqual({ kind: 'passed' });
  });
});

describe('IssReplay: not scoreable records name their reason (D3)', () => {
  it.each([
    ['8', 'seat 2 ran out of time'],
    ['30', 'seat 2 left the table'],
    ['18358', 'seat 1 left the table'],
    ['10330141', 'seat 1 ran out of time'],
  ])('record %s: %s', (id, reason) => {
    const out = replay(corpusLineById(id));
    expect(out.kind).toBe('notScoreable');
    expect(reasonOf(corpusLineById(id))).toContain(reason);
  });

  it('a ?? card without a later time-out or departure is malformed, the reason names the move (import and verify alike)', () => {
    const line = BASE.replace('0 SA 1 S7 2 DA 2 HJ', '0 SA 1 ?? 2 DA 2 HJ');
    expect(replay(line).kind).toBe('malformed');
    expect(reasonOf(line)).toMatch(/move \d+ plays an unknown card \(\?\?\) and no time-out or departure follows/);
  });

  it('D3: moves the engine cannot replay just before a time-out are skipped up to it: not scoreable, with a note', () => {
    const line = BASE.replace(/ 0 SA 1 S7 .* \]R\[/, ' 0 SA 1 ?? 2 DA w TI.2 ]R[');
    const out = replay(line);
    expect(out.kind).toBe('notScoreable');
    if (out.kind === 'notScoreable') {
      expect(out.reason).toContain('seat 2 ran out of time');
      expect(out.unreplayed).toMatch(/^moves \d+-\d+ not replayed \(move \d+ plays an unknown card/);
    }
  });

  it('a move after a time-out is malformed (a record ends with its deal)', () => {
    const line = BASE.replace(/ 0 SA 1 S7 .* \]R\[/, ' 0 SA w TI.1 1 S7 ]R[');
    expect(reasonOf(line)).toMatch(/"1 S7": .*not possible after the deal was abandoned|"1 S7": D3: the deal is already over/);
  });

  it('a recorded penalty result without TI/LE tokens is not scoreable', () => {
    const line = BASE.replace(/R\[[^\]]*\]/, 'R[d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:1 p2:0 l:-1 to:-1 r:0]');
    expect(reasonOf(line)).toContain('server penalty');
  });
});

describe('IssReplay: malformed records name the move and the rule', () => {
  it('a card played twice (R15/R16: the seat no longer holds it)', () => {
    const reason = reasonOf(BASE.replace('2 DA 2 HJ 0 SJ', '2 DA 2 DA 0 SJ'));
    expect(reason).toMatch(/^move 11 "2 DA": R15: /);
    expect(reason).toContain('DA');
  });

  it('a card played out of turn', () => {
    expect(reasonOf(BASE.replace('0 SA 1 S7', '0 SA 2 S7'))).toMatch(/^move 9 "2 S7": R15: .*turn/);
  });

  it('an illegal bid value (R5)', () => {
    expect(reasonOf(BASE.replace('1 p 2 18', '1 p 2 19'))).toMatch(/^move 3 "2 19": R5: /);
  });

  it('a discard the declarer does not hold (R10)', () => {
    expect(reasonOf(BASE.replace('2 D.ST.H8', '2 D.SA.H8'))).toMatch(/R10: .*SA/);
  });

  it('a record whose moves stop before the game is decided is truncated', () => {
    const line = BASE.replace(/ 0 SK 1 DK 2 HT \]/, ' ]');
    expect(reasonOf(line)).toContain('truncated');
  });

  it('a move list without the deal (R4)', () => {
    expect(reasonOf(BASE.replace(/MV\[w [A-Z0-9.]+ /, 'MV['))).toMatch(/R4/);
  });
});
