import { corpusLines } from '../../test/iss/corpus';
import { issTokensToMoves } from '../format/iss/iss-moves';
import { readIssRecord } from '../format/iss/iss-reader';
import { verifyIssLine } from '../format/iss/iss-verify';
import { getProfile } from '../rules/variant';
import { gameVerdict } from './game-verdict';
import { positionFromMoves } from './position-from-moves';
import { Solver } from './solver';

/**
 * On the real ISS records of ../shared/data/iss/: the perfect-information verdict (R22-R33 with
 * the bid check, R32/R33) is computed at every position of the played line, and the one after the
 * last card played equals the record's recorded result. Records that end by a claim or a
 * resignation are judged where play stopped: the solver plays the rest out.
 */
describe('perfect-information outcome along the played line of the ISS corpus', () => {
  const profile = getProfile('iss');
  const solver = new Solver({ ttBits: 18 });
  const lines = corpusLines();

  it("ends in each scoreable record's recorded result", () => {
    const checked: string[] = [];
    const skipped: Record<string, string> = {};
    for (const { text, line } of lines) {
      const verdict = verifyIssLine(text, line, profile);
      const id = verdict.id ?? `line ${line}`;
      // Not scoreable (D3: time-outs, departures, server penalties) or passed in: no result to end in.
      if (verdict.status === 'notScoreable' || verdict.status === 'malformed') {
        skipped[id] = verdict.status === 'notScoreable' ? verdict.reason : `malformed: ${verdict.reason}`;
        continue;
      }
      const read = readIssRecord(text);
      if (!read.ok || !read.record.result) throw new Error(`${id}: unreadable`);
      const result = read.record.result;
      if (result.kind === 'passed') {
        skipped[id] = 'passed in (R8): no game was played';
        continue;
      }
      const converted = issTokensToMoves(read.record.moves);
      if (!converted.ok) throw new Error(`${id}: ${converted.reason}`);
      const { dealt, moves } = converted.value;
      const playIndexes = moves.flatMap((m, i) => (m.kind === 'play' ? [i] : []));
      // Every position of the played line, from the first lead to after the last card.
      const cuts = [playIndexes.length ? playIndexes[0] : moves.length, ...playIndexes.map((i) => i + 1)];
      const verdicts = cuts.map((cut) => {
        const p = positionFromMoves(dealt, moves.slice(0, cut), profile);
        if (!p.ok) throw new Error(`${id}: ${p.reason}`);
        return gameVerdict(p.position, p.contract, solver).won;
      });
      expect({ id, won: verdicts[verdicts.length - 1] }).toEqual({ id, won: result.outcome === 'win' });
      checked.push(id);
    }
    // 33 records: 2 passed in, 4 not scoreable (time-outs, departures), the rest checked.
    expect(checked.length).toBeGreaterThanOrEqual(27);
    expect(checked).toContain('8650652');
    expect(Object.keys(skipped).length + checked.length).toBe(lines.length);
  });

  it('record 8650652: 75 card points and still lost, because the game is overbid (R32/R33)', () => {
    const text = lines.find((l) => l.text.includes('ID[8650652]'))!.text;
    const read = readIssRecord(text);
    if (!read.ok) throw new Error('unreadable');
    const converted = issTokensToMoves(read.record.moves);
    if (!converted.ok) throw new Error(converted.reason);
    const { dealt, moves } = converted.value;
    const end = positionFromMoves(dealt, moves, profile);
    if (!end.ok) throw new Error(end.reason);
    expect(end.position.declarerPoints).toBe(75);
    expect(gameVerdict(end.position, end.contract, solver)).toEqual({ won: false, requirement: expect.anything() });
  });
});
