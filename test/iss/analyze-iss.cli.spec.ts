import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { corpusLineById } from './corpus';
import { runCliCaptured as cli } from '../../src/cli/testing/captured-io';

/**
 * `skat-ledger analyze iss FILE --json`: the output contract of issue #15 (one JSON object per
 * record per line, exact key order and JSON types, errors for records with no card to play or
 * unreadable ones, exit 0), on real ISS records cut during the card play.
 */

/** The record with its move list cut after `cards` card plays (and its R[...] dropped): a record of a game in progress. */
function cut(line: string, cards: number): string {
  const mv = /MV\[([^\]]*)\]/.exec(line)!;
  const words = mv[1].trim().split(' ');
  const kept: string[] = [];
  let played = 0;
  for (let i = 0; i + 1 < words.length; i += 2) {
    const isCard = /^[012]$/.test(words[i]) && /^[CSHD][AKQJT987]$/.test(words[i + 1]);
    if (isCard && played === cards) break;
    kept.push(words[i], words[i + 1]);
    if (isCard) played++;
  }
  return line.replace(mv[0], `MV[${kept.join(' ')}]`).replace(/R\[[^\]]*\]/, '');
}

/** The built CLI (npm run build): standard input and pipes need a process of their own. */
const MAIN = join(resolve(__dirname, '..', '..'), 'dist', 'cli', 'main.js');

const KEYS = ['id', 'toMove', 'value', 'declarerCanTakeAll', 'defendersCanTakeTrick', 'moves'];

describe('skat-ledger analyze iss --json (issue #15 output contract)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'analyze-iss-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function analyse(lines: string[]): Promise<{ code: number; stderr: string; answers: Record<string, unknown>[]; raw: string[] }> {
    const file = join(dir, `records-${Math.random().toString(36).slice(2)}.sgf`);
    writeFileSync(file, lines.join('\n') + '\n');
    const r = await cli(['analyze', 'iss', file, '--json']);
    const raw = r.stdout.split('\n').filter((l) => l !== '');
    return { code: r.code, stderr: r.stderr, raw, answers: raw.map((l) => JSON.parse(l)) };
  }

  const suit = corpusLineById('541932'); // diamonds, declarer seat 2
  const nullOuvert = corpusLineById('25'); // null ouvert hand, declarer seat 1 takes the first trick

  it('a suit game cut mid-trick: one line, the exact keys and JSON types, moves = the legal cards once each', async () => {
    // 0 SA 1 S7 2 DA 2 HJ 0 SJ 1 D9 0 DQ 1 DJ 2 D7 1 CJ ... : cut after 1 CJ (trick 4 led by seat 1), seat 2 to play.
    const r = await analyse([cut(suit, 10)]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.answers).toHaveLength(1);
    const a = r.answers[0] as {
      id: string;
      toMove: number;
      value: number;
      declarerCanTakeAll: boolean;
      defendersCanTakeTrick: boolean;
      moves: { card: string; value: number }[];
    };
    expect(Object.keys(a)).toEqual(KEYS);
    expect(a.id).toBe('541932');
    expect(a.toMove).toBe(2);
    expect(Number.isInteger(a.value) && a.value >= 0 && a.value <= 120).toBe(true);
    expect(typeof a.declarerCanTakeAll).toBe('boolean');
    expect(a.defendersCanTakeTrick).toBe(!a.declarerCanTakeAll);
    // Every legal card once (R16: seat 2 must follow the trump lead if it can).
    const cards = a.moves.map((m) => m.card);
    expect(new Set(cards).size).toBe(cards.length);
    for (const m of a.moves) {
      expect(Object.keys(m)).toEqual(['card', 'value']);
      expect(Number.isInteger(m.value)).toBe(true);
    }
    // The declarer (seat 2) is to move: the value is the best of his cards.
    expect(a.value).toBe(Math.max(...a.moves.map((m) => m.value)));
    // Integers are written as integers (74, not 74.0 or "74").
    expect(r.raw[0]).toMatch(
      /^\{"id":"541932","toMove":2,"value":\d+,"declarerCanTakeAll":(true|false),"defendersCanTakeTrick":(true|false),"moves":\[(\{"card":"[CSHD][AKQJT987]","value":\d+\},?)+\]\}$/,
    );
  });

  it('a defender to move gets the minimum, the declarer the maximum; cuts at trick starts and mid-trick', async () => {
    // Tricks won by 2, 0, 1, 1, 1: after 12 and 15 cards seat 1 leads; after 1 S9 seat 2, then seat 0.
    const r = await analyse([cut(suit, 12), cut(suit, 15), cut(suit, 16), cut(suit, 17)]);
    expect(r.answers.map((a) => a.toMove)).toEqual([1, 1, 2, 0]);
    for (const a of r.answers as { toMove: number; value: number; moves: { value: number }[] }[]) {
      const values = a.moves.map((m) => m.value);
      expect(a.value).toBe(a.toMove === 2 ? Math.max(...values) : Math.min(...values));
    }
    // Seat 1 leads to trick 5 with six cards in hand, all legal.
    expect((r.answers[0].moves as unknown[]).length).toBe(6);
  });

  it('a null game: "won"/"lost" strings and null booleans, like the second example line', async () => {
    const r = await analyse([cut(nullOuvert, 0), cut(nullOuvert, 1)]);
    for (const a of r.answers) {
      expect(Object.keys(a)).toEqual(KEYS);
      expect(a.declarerCanTakeAll).toBeNull();
      expect(a.defendersCanTakeTrick).toBeNull();
      expect(['won', 'lost']).toContain(a.value);
      for (const m of a.moves as { card: string; value: string }[]) expect(['won', 'lost']).toContain(m.value);
    }
    // After 0 C8 middlehand (the declarer, holding CT) must follow clubs: CT is his only club.
    expect(r.answers[1]).toEqual({
      id: '25',
      toMove: 1,
      value: 'lost',
      declarerCanTakeAll: null,
      defendersCanTakeTrick: null,
      moves: [{ card: 'CT', value: 'lost' }],
    });
  });

  it('no card left to play (all tricks played; a null game after the declarer took a trick) and malformed lines: {"id","error"}', async () => {
    const r = await analyse([suit, cut(nullOuvert, 3), suit.replace('MV[w HA.', 'MV[w XA.'), 'not a record ID[77]', cut(suit, 5)]);
    expect(r.code).toBe(0);
    expect(r.answers).toHaveLength(5);
    for (const a of r.answers.slice(0, 4)) expect(Object.keys(a)).toEqual(['id', 'error']);
    expect(r.answers[0]).toEqual({ id: '541932', error: expect.stringContaining('no card left to play') });
    expect(r.answers[1]).toEqual({ id: '25', error: expect.stringContaining('R18') });
    expect(r.answers[2].id).toBe('541932');
    expect(r.answers[3].id).toBe('77');
    // The run goes on after errors.
    expect(r.answers[4]).toMatchObject({ id: '541932', toMove: 1 });
  });

  it('a record that ended by claim and resignation is played out from where it stopped', async () => {
    // 4913041 ends with "2 SC ... 0 RE" and cards still in the hands after the last card written.
    const line = corpusLineById('4913041');
    const r = await analyse([line.replace(/ 1 S8 \]/, ' ]')]);
    expect(Object.keys(r.answers[0])).toEqual(KEYS);
  });

  it('- reads the records from standard input, plain, gzip or bzip2, with the same answers as from a file', async () => {
    const lines = [cut(suit, 10), cut(nullOuvert, 1), 'not a record ID[77]'];
    const fromFile = await analyse(lines);
    const text = Buffer.from(lines.join('\n') + '\n');
    const bz = spawnSync('bzip2', ['-c'], { input: text });
    const inputs = [text, gzipSync(text), ...(bz.status === 0 ? [bz.stdout] : [])];
    for (const input of inputs) {
      const r = spawnSync(process.execPath, [MAIN, 'analyze', 'iss', '-', '--json'], { input, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout.split('\n').filter((l) => l !== '')).toEqual(fromFile.raw);
    }
    expect((await cli(['analyze', 'iss', '-', '-', '--json'])).code).toBe(2);
  });

  it('output into a closed pipe (analyze iss - | head -1) ends quietly with exit 0', () => {
    // Far more answers than a pipe holds, so the writer meets the closed end.
    const input = Array.from({ length: 3000 }, (_, i) => `not a record ID[${i}]`).join('\n') + '\n';
    const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${MAIN}" analyze iss - --json | head -1`], { input, encoding: 'utf8' });
    const printed = r.stdout.split('\n').filter((l) => l !== '');
    expect(printed).toHaveLength(1);
    expect(JSON.parse(printed[0])).toEqual({ id: '0', error: expect.stringContaining('malformed record') });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('bad usage and a missing file exit 2', async () => {
    expect((await cli(['analyze', 'iss'])).code).toBe(2);
    expect((await cli(['analyze', 'iss', join(dir, 'missing.sgf'), '--json'])).code).toBe(2);
  });
});
