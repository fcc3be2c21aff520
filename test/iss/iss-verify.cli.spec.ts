import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusFiles, corpusLineById } from './corpus';
import { runCliCaptured as cli } from '../../src/cli/testing/captured-io';

describe('skat-ledger iss verify (acceptance: the 33 real ISS records)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'iss-verify-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--json: every scoreable corpus record agrees; time-outs and departures are not scoreable (D3); exit 0', async () => {
    const r = await cli(['iss', 'verify', ...corpusFiles(), '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ records: 33, agree: 29, disagree: 0, notScoreable: 4, mismatches: [], malformed: [] });
    expect(Object.keys(s.notScoreableReasons).sort()).toEqual(['10330141', '18358', '30', '8']);
    expect(s.notScoreableReasons['8']).toContain('ran out of time');
    expect(s.notScoreableReasons['30']).toContain('left the table');
  });

  it('human output: a summary plus one line per not-scoreable record with file:line and ID', async () => {
    const r = await cli(['iss', 'verify', ...corpusFiles()]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('33 records (profile iss): 29 agree, 0 disagree, 4 not scoreable, 0 malformed');
    expect(lines.filter((l) => l.includes('not scoreable:'))).toHaveLength(4);
    expect(r.stdout).toMatch(/iss-unidentified-skatai-tests\.sgf:2 ID 8 not scoreable: seat 2 ran out of time/);
  });

  it('reports malformed lines with file, line, ID and rule, skips blank lines, and goes on; exit 1', async () => {
    const good = corpusLineById('541932');
    const lines = [
      good,
      '',
      good.replace('1 p 2 18', '1 p 2 19').replace('ID[541932]', 'ID[1]'), // R5 illegal bid
      good.replace('2 DA 2 HJ 0 SJ', '2 DA 2 DA 0 SJ').replace('ID[541932]', 'ID[2]'), // a card played twice
      good.replace('.CK 1 p', '.CK.CK 1 p').replace('ID[541932]', 'ID[3]'), // 33 cards
      good.slice(0, 200), // truncated
      '   ',
      good.replace('v:-54', 'v:-60').replace('ID[541932]', 'ID[4]') + '\r', // disagrees on v; CRLF tolerated
      good.replace('MV[w HA.', 'MV[w XA.').replace('ID[541932]', 'ID[5]'), // bad card code
      good.replace('MV[w HA.SK.', 'MV[w HA.HA.').replace('ID[541932]', 'ID[6]'), // duplicate card in the deal
      good.replace('0 SA 1 S7', '0 SA 2 S7').replace('ID[541932]', 'ID[7]'), // out of turn
    ];
    const file = join(dir, 'mixed.sgf');
    writeFileSync(file, lines.join('\n') + '\n');
    const r = await cli(['iss', 'verify', file, '--json']);
    expect(r.code).toBe(1);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ records: 9, agree: 1, disagree: 1, notScoreable: 0 });
    expect(s.mismatches).toEqual([{ id: '4', field: 'v', recorded: -60, recomputed: -54, file, line: 8 }]);
    expect(s.malformed.map((m: { line: number; id: string | null }) => [m.line, m.id])).toEqual([
      [3, '1'],
      [4, '2'],
      [5, '3'],
      [6, '541932'],
      [9, '5'],
      [10, '6'],
      [11, '7'],
    ]);
    expect(s.malformed[4].reason).toContain('"XA" is not a card code');
    expect(s.malformed[5].reason).toContain('HA is dealt twice');
    expect(s.malformed[6].reason).toMatch(/R15: it is middlehand's turn/);
    expect(s.malformed[0].reason).toMatch(/R5/);
    expect(s.malformed[1].reason).toMatch(/R15: rearhand does not hold DA/);
    expect(s.malformed[2].reason).toContain('32 cards, got 33');
    expect(s.malformed[3].reason).toContain('truncated');

    const human = await cli(['iss', 'verify', file]);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(`${file}:3 ID 1 malformed: move 3 "2 19": R5`);
    expect(human.stdout).toContain(`${file}:8 ID 4 disagrees: v recorded -60, recomputed -54`);
  });

  it('a missing file is a clear error, exit 2', async () => {
    const r = await cli(['iss', 'verify', join(dir, 'nope.sgf')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no such file');
    expect(r.stdout).toBe('');
  });

  it('bad usage is exit 2: no file, an unknown profile, an unknown flag', async () => {
    expect((await cli(['iss', 'verify'])).code).toBe(2);
    const p = await cli(['iss', 'verify', corpusFiles()[0], '--profile', 'nope']);
    expect(p.code).toBe(2);
    expect(p.stderr).toContain('unknown profile');
    expect((await cli(['iss', 'verify', corpusFiles()[0], '--frob'])).code).toBe(2);
  });

  it('--profile isko scores the same corpus under ISkO claims (a different D3 reading may disagree)', async () => {
    const r = await cli(['iss', 'verify', ...corpusFiles(), '--json', '--profile', 'isko']);
    const s = JSON.parse(r.stdout);
    expect(s.records).toBe(33);
    expect(s.agree + s.disagree + s.notScoreable + s.malformed.length).toBe(33);
  });

  it('--help says what the exit codes mean, malformed lines included', async () => {
    const r = await cli(['iss', 'verify', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--json');
    expect(r.stdout).toMatch(/1 at least one record disagrees or a\s+line is malformed/);
  });
});
