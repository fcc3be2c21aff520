import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli/main';

const ISS_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');
const files = readdirSync(ISS_DIR)
  .filter((f) => f.endsWith('.sgf'))
  .sort()
  .map((f) => path.join(ISS_DIR, f));
const corpusLines = files.flatMap((f) =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== ''),
);

async function cli(argv: string[], env: Record<string, string> = {}, tty = false): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new PassThrough();
  const err = Object.assign(new PassThrough(), { isTTY: tty });
  let stdout = '';
  let stderr = '';
  out.on('data', (d) => (stdout += d));
  err.on('data', (d) => (stderr += d));
  const code = await runCli(argv, { stdout: out, stderr: err, env });
  return { code, stdout, stderr };
}

describe('skat-ledger import / export / rebuild / rescore / stats (issue 6)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'skat-cli-'));
  const store = `sqlite:${path.join(dir, 'ledger.db')}`;

  it('import iss --json imports the corpus; a second run appends nothing and says so', async () => {
    const first = await cli(['import', 'iss', ...files, '--store', store, '--json']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const summary = JSON.parse(first.stdout);
    expect(summary).toMatchObject({ records: 33, imported: 33, alreadyPresent: 0, rejected: [], events: expect.any(Number) });
    expect(summary.events).toBeGreaterThan(33 * 5);

    const again = await cli(['import', 'iss', ...files], { SKAT_LEDGER_STORE: store });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('nothing appended: all 33 readable records were already present');
    const json = await cli(['import', 'iss', ...files, '--store', store, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ records: 33, imported: 0, alreadyPresent: 33, events: 0 });
  });

  it('draws a progress bar with records/s on stderr only when stderr is a terminal and --json is not given', async () => {
    const tty = await cli(['import', 'iss', ...files, '--store', `sqlite:${path.join(dir, 'tty.db')}`], {}, true);
    expect(tty.code).toBe(0);
    expect(tty.stderr).toMatch(/\rimport \[#+\.*\] +\d+% \d+ records, \d+ records\/s/);
    expect(tty.stderr).toContain('100%');
    expect(tty.stdout).toContain('33 deals imported');
    const json = await cli(['import', 'iss', ...files, '--store', `sqlite:${path.join(dir, 'tty-json.db')}`, '--json'], {}, true);
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toMatchObject({ imported: 33 });
    const pipe = await cli(['import', 'iss', ...files, '--store', `sqlite:${path.join(dir, 'tty.db')}`]);
    expect(pipe.stderr).toBe('');
  });

  it('export iss writes every imported line back byte for byte', async () => {
    const r = await cli(['export', 'iss', '--store', store]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(corpusLines.map((l) => l + '\n').join(''));
    const one = await cli(['export', 'iss', '--store', store, '--deal', 'iss-541932', '--deal', 'iss-727']);
    expect(one.stdout.split('\n').filter(Boolean)).toEqual([corpusLines.find((l) => l.includes('ID[541932]')), corpusLines.find((l) => l.includes('ID[727]'))]);
    const table = await cli(['export', 'iss', '--store', store, '--table', 'iss-series-251395']);
    expect(table.stdout.split('\n').filter(Boolean)).toHaveLength(7);
    const missing = await cli(['export', 'iss', '--store', store, '--deal', 'iss-0']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('iss-0');
  });

  it('export ndjson filters by flag and refuses a bad value with exit code 2', async () => {
    const grands = await cli(['export', 'ndjson', '--store', store, '--game-type', 'grand']);
    expect(grands.code).toBe(0);
    const deals = grands.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(deals).toHaveLength(10);
    const out = path.join(dir, 'xskat.ndjson');
    const toFile = await cli(['export', 'ndjson', '--store', store, '--player', 'xskat', '--result', 'won', '--out', out]);
    expect(toFile.code).toBe(0);
    const fromFile = readFileSync(out, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(fromFile.length).toBeGreaterThan(0);
    expect(fromFile.every((d) => d.players.includes('xskat') && d.result.won === true)).toBe(true);
    const bad = await cli(['export', 'ndjson', '--store', store, '--game-type', 'skat']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--game-type skat');
  });

  it('export sheet writes the list and the Seeger-Fabian block as CSV and as printable HTML', async () => {
    const csv = await cli(['export', 'sheet', '--store', store, '--table', 'iss-series-251395', '--format', 'csv']);
    expect(csv.code).toBe(0);
    const rows = csv.stdout.split('\r\n');
    expect(rows[1]).toBe(
      'deal,dealer,declarer,game,outcome,entry,total xskat:2,total goskat,total xskat,corrected from,correction reason,deal id,entered,problems',
    );
    expect(rows[2]).toBe('1,xskat,goskat,hearts,won,40,0,40,0,,,iss-4913031,cards,');
    expect(rows).toContain(
      'Seeger-Fabian,game points,won,lost,50 x (won - lost),opponents lost,opponents lost points,total,rank,lost games (fee),loss fee (cents),computer',
    );
    const html = await cli(['export', 'sheet', '--store', store, '--table', 'iss-series-251395', '--format', 'html']);
    expect(html.code).toBe(0);
    expect(html.stdout).toMatch(/^<!DOCTYPE html>/);
    expect(html.stdout).toContain('<h2>Seeger-Fabian</h2>');
    expect(html.stdout).toContain('@media print');
    const none = await cli(['export', 'sheet', '--store', store, '--table', 'nope']);
    expect(none.code).toBe(2);
    const noTable = await cli(['export', 'sheet', '--store', store]);
    expect(noTable.code).toBe(2);
    expect(noTable.stderr).toContain('--table');
  });

  it('rebuild, rescore and stats answer in text and --json', async () => {
    const rebuild = await cli(['rebuild', '--store', store, '--json']);
    expect(rebuild.code).toBe(0);
    expect(JSON.parse(rebuild.stdout)).toMatchObject({ deals: 33 });
    // Only the event types the read models fold are read and counted, and the count says so.
    expect(Object.keys(JSON.parse(rebuild.stdout)).sort()).toEqual(['deals', 'projectedEvents', 'store']);
    const rescore = await cli(['rescore', '--store', store, '--json']);
    expect(rescore.code).toBe(0);
    expect(JSON.parse(rescore.stdout).differences).toEqual([]);
    const text = await cli(['rescore', '--store', store]);
    expect(text.stdout).toMatch(/: \d+ finished deals of \d+ deal streams checked; every one recomputes to its recorded result/);
    const stats = await cli(['stats', '--store', store, '--player', 'xskat', '--json']);
    expect(stats.code).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({ player: 'xskat', dealsPlayed: 18 });
    // As of a moment after the last event: the same statistics and ratings (issue 28: ratings as of a moment too).
    const later = await cli(['stats', '--store', store, '--player', 'xskat', '--json', '--as-of', '999999999']);
    expect(JSON.parse(later.stdout).ratings).toEqual(JSON.parse(stats.stdout).ratings);
    expect(JSON.parse(later.stdout).ratings.length).toBeGreaterThan(0);
    const statsText = await cli(['stats', '--store', store, '--player', 'xskat']);
    expect(statsText.stdout).toContain('Seeger-Fabian per series');
    const unknown = await cli(['stats', '--store', store, '--player', 'nobody']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('nobody');
  });

  it('import iss reports malformed records with file, line, ID and reason, imports the rest, exits 1', async () => {
    const file = path.join(dir, 'mixed.sgf');
    const good = corpusLines[0].replace('ID[541932]', 'ID[99541932]');
    writeFileSync(file, ['garbage', good, corpusLines[1].replace('ID[684159]', 'ID[99684159]').replace(' 1 18 0 y ', ' 1 17 0 y ')].join('\n') + '\n');
    const r = await cli(['import', 'iss', file, '--store', store]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`REJECTED ${file}:1:`);
    expect(r.stdout).toMatch(new RegExp(`REJECTED ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3 ID\\[99684159\\]: `));
    expect(r.stdout).toContain('1 deals imported');
  });

  it.each(
    [['import', 'iss'], ['export', 'iss'], ['export', 'ndjson'], ['export', 'sheet'], ['rebuild'], ['rescore'], ['stats']].map(
      (w) => [w.join(' '), w] as const,
    ),
  )('%s --help prints usage, flags and exit codes', async (name, words) => {
    const r = await cli([...words, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Usage: skat-ledger ${name}`);
    expect(r.stdout).toContain('--store URL');
    expect(r.stdout).toContain('Exit codes');
  });

  it('refuses bad usage with exit code 2', async () => {
    expect((await cli(['import', 'iss', '--store', store])).code).toBe(2);
    expect((await cli(['import', 'iss', path.join(dir, 'missing.sgf'), '--store', store])).code).toBe(2);
    expect((await cli(['export', 'iss', '--store', store, '--frobnicate'])).code).toBe(2);
    expect((await cli(['export', 'sheet', '--store', store, '--table', 'x', '--format', 'pdf'])).code).toBe(2);
    expect((await cli(['export', 'iss', '--store', `sqlite:${path.join(dir, 'absent.db')}`])).code).toBe(2);
  });
});
