import { formatIssResult, parseIssResult, serverPenaltyReason } from './iss-result';

describe('IssResult R[...] (iss-format 4)', () => {
  it('parses and formats a full result with r:', () => {
    const text = 'd:2 loss v:-72 m:1 overbid p:41 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0';
    const parsed = parseIssResult(text);
    expect(parsed).toEqual({
      ok: true,
      result: {
        kind: 'game',
        declarer: 2,
        outcome: 'loss',
        value: -72,
        matadors: 1,
        overbid: true,
        declarerPoints: 41,
        declarerTricks: 4,
        schneider: false,
        schwarz: false,
        penalties: [0, 0, 0],
        left: -1,
        timeout: -1,
        resigned: false,
      },
    });
    if (parsed.ok) expect(formatIssResult(parsed.result)).toBe(text);
  });

  it('keeps the old 2007-2008 form without r: (resigned = null)', () => {
    const text = 'd:0 win v:192 m:1 bidok p:120 t:10 s:1 z:1 p0:0 p1:0 p2:0 l:-1 to:-1';
    const parsed = parseIssResult(text);
    expect(parsed.ok && parsed.result.kind === 'game' && parsed.result.resigned).toBeNull();
    if (parsed.ok) expect(formatIssResult(parsed.result)).toBe(text);
  });

  it('parses passed', () => {
    expect(parseIssResult('passed')).toEqual({ ok: true, result: { kind: 'passed' } });
  });

  it.each([
    ['', '14-15 fields'],
    ['d:0 draw v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1', 'win, loss or penalty'],
    ['d:3 win v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1', 'd: must be -1, 0, 1 or 2'],
    ['d:0 win v:x m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1', 'v: is not an integer'],
    ['d:0 win v:1 m:0 ok p:0 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1', 'overbid or bidok'],
    ['d:0 win v:1 m:0 bidok p:0 t:0 s:2 z:0 p0:0 p1:0 p2:0 l:-1 to:-1', 's: must be 0 or 1'],
    ['d:0 win v:1 m:0 bidok t:0 p:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1', 'should be p:'],
  ])('refuses "%s" with a reason', (text, reason) => {
    const parsed = parseIssResult(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });

  it('names server penalties: penalty, left, time-out (D3)', () => {
    const read = (t: string) => {
      const p = parseIssResult(t);
      if (!p.ok) throw new Error(p.reason);
      return p.result;
    };
    expect(serverPenaltyReason(read('d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:0 p2:1 l:2 to:-1'))).toContain('penalty');
    expect(serverPenaltyReason(read('d:2 win v:96 m:1 bidok p:120 t:10 s:1 z:1 p0:0 p1:0 p2:0 l:1 to:-1'))).toContain('seat 1 left');
    expect(serverPenaltyReason(read('d:1 loss v:-288 m:-11 bidok p:11 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:1 r:0'))).toContain('seat 1 ran out of time');
    expect(serverPenaltyReason(read('d:1 win v:46 m:0 bidok p:14 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:1'))).toBeNull();
    expect(serverPenaltyReason({ kind: 'passed' })).toBeNull();
  });
});
