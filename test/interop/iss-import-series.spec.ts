import { mkdtempSync, readFileSync, readdirSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Ledger } from '../../src/ledger/ledger';
import { importIssFiles, importIssText } from '../../src/archive/import/import-iss';
import { runCliCaptured as cli } from '../../src/cli/testing/captured-io';
import { bulkImportTarget } from '../../src/archive/import/bulk-import-target';
import { MAX_RECORD_LENGTH } from '../../src/format/iss/iss-reader';
import { storeImportTarget } from './support/store-import-target';
import { openEventStore } from '../../src/event-store/store-url';
import { ledgerStore } from '../../src/ledger/store-port';
import { ledgerImportTarget } from '../support/ledger-import-target';

const SHARED = path.resolve(__dirname, '..', '..', '..', 'shared');
const ISS_DIR = path.join(SHARED, 'data', 'iss');
const corpusLines = readdirSync(ISS_DIR)
  .filter((f) => f.endsWith('.sgf'))
  .sort()
  .flatMap((f) =>
    readFileSync(path.join(ISS_DIR, f), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== ''),
  );
/** The corpus series with most records: 7 deals of xskat:2, goskat and xskat, in file order. */
const SERIES = '251395';
const TABLE = `iss-series-${SERIES}`;
const seriesLines = corpusLines.filter((l) => l.includes(`SE[${SERIES}]`));
const dir = mkdtempSync(path.join(tmpdir(), 'iss-series-'));
const write = (name: string, lines: readonly string[]): string => {
  const file = path.join(dir, name);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
};

/** Imports each group of files in its own run (as separate `import iss` invocations would). */
async function importInRuns(ledger: Ledger, runs: readonly (readonly string[])[]) {
  const summaries = [];
  for (const files of runs) {
    const target = bulkImportTarget(ledger);
    summaries.push(await importIssFiles(target, files));
  }
  return summaries;
}

async function sheetAfterRuns(runs: readonly (readonly string[])[]) {
  const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
  try {
    const summaries = await importInRuns(ledger, runs);
    return { summaries, sheet: await ledger.scoreSheet(TABLE) };
  } finally {
    await ledger.close();
  }
}

describe('ISS import of a series across runs (R34 list, R37 deal numbers)', () => {
  it('the corpus series has 7 records', () => {
    expect(seriesLines).toHaveLength(7);
  });

  it('R34: a series imported in two runs (first half, then the rest) numbers its deals as one run does: the same sheet', async () => {
    const whole = write('whole.sgf', seriesLines);
    const firstHalf = write('month-1.sgf', seriesLines.slice(0, 3));
    const rest = write('month-2.sgf', seriesLines.slice(3));
    const single = await sheetAfterRuns([[whole]]);
    const split = await sheetAfterRuns([[firstHalf], [rest]]);
    expect(single.sheet?.rows.map((r) => r.dealNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(split.summaries.map((s) => s.imported)).toEqual([3, 4]);
    expect(split.sheet).toEqual(single.sheet);
  });

  it('R34: the GraphQL importIss path (importIssText on the Ledger) also goes on numbering across calls', async () => {
    const single = await sheetAfterRuns([[write('whole-api.sgf', seriesLines)]]);
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    try {
      const first = await importIssText(ledgerImportTarget(ledger), seriesLines.slice(0, 3).join('\n'));
      const second = await importIssText(ledgerImportTarget(ledger), seriesLines.slice(3).join('\n'));
      expect([first.imported, second.imported]).toEqual([3, 4]);
      expect(await ledger.scoreSheet(TABLE)).toEqual(single.sheet);
    } finally {
      await ledger.close();
    }
  });

  it('R34: re-importing a run already done, or a file that overlaps the store, keeps every number (already present deals take none)', async () => {
    const firstHalf = write('again-1.sgf', seriesLines.slice(0, 3));
    const whole = write('again-whole.sgf', seriesLines);
    const single = await sheetAfterRuns([[whole]]);
    const overlapping = await sheetAfterRuns([[firstHalf], [firstHalf], [whole]]);
    expect(overlapping.summaries.map((s) => [s.imported, s.alreadyPresent])).toEqual([
      [3, 0],
      [0, 3],
      [4, 3],
    ]);
    expect(overlapping.sheet).toEqual(single.sheet);
  });

  it('R34: two CLI runs on one store give the sheet of a single CLI run (export sheet)', async () => {
    const firstHalf = write('cli-1.sgf', seriesLines.slice(0, 4));
    const rest = write('cli-2.sgf', seriesLines.slice(4));
    const whole = write('cli-whole.sgf', seriesLines);
    const splitStore = `sqlite:${path.join(dir, 'split.db')}`;
    const singleStore = `sqlite:${path.join(dir, 'single.db')}`;
    expect((await cli(['import', 'iss', firstHalf, '--store', splitStore])).code).toBe(0);
    expect((await cli(['import', 'iss', rest, '--store', splitStore])).code).toBe(0);
    expect((await cli(['import', 'iss', whole, '--store', singleStore])).code).toBe(0);
    const sheetOf = async (store: string) => {
      const r = await cli(['export', 'sheet', '--table', TABLE, '--store', store]);
      expect(r.code).toBe(0);
      return r.stdout;
    };
    const split = await sheetOf(splitStore);
    expect(split).toEqual(await sheetOf(singleStore));
    expect(split.split('\r\n')[0]).toContain('deals,7');
  });
});

describe('ISS import of a hostile file: an enormous line is cut while reading', () => {
  it('a multi-megabyte line between two good records is rejected with its line number and reason; both records are imported', async () => {
    const file = path.join(dir, 'hostile.sgf');
    const out = createWriteStream(file);
    out.write(seriesLines[0] + '\n');
    // 8 MiB on one line, written in pieces: it starts like a record so only its length gives it away.
    out.write('(;GM[Skat]PC[International Skat Server]SE[1]ID[1]MV[');
    const piece = 'w '.repeat(1 << 15);
    for (let i = 0; i < 128; i++) out.write(piece);
    out.write(']R[passed] ;)\n');
    out.end(seriesLines[1] + '\n');
    await once(out, 'finish');
    const store = await openEventStore('sqlite::memory:');
    try {
      const summary = await importIssFiles(storeImportTarget(store), [file]);
      expect(summary).toMatchObject({ records: 3, imported: 2, rejectedCount: 1 });
      expect(summary.rejected).toEqual([{ file, line: 2, id: null, reason: `line is more than ${MAX_RECORD_LENGTH} characters long: not an ISS record` }]);
    } finally {
      await store.dispose();
    }
  });

  it('an overlong last line without a line break, and CRLF line ends, are handled the same way', async () => {
    const file = path.join(dir, 'tail.sgf');
    writeFileSync(file, `${seriesLines[0]}\r\n\r\n${'x'.repeat(MAX_RECORD_LENGTH + 1)}`);
    const store = await openEventStore('sqlite::memory:');
    try {
      const summary = await importIssFiles(storeImportTarget(store), [file]);
      expect(summary).toMatchObject({ records: 2, imported: 1, rejectedCount: 1 });
      expect(summary.rejected[0]).toMatchObject({ line: 3, reason: expect.stringContaining('characters long') });
    } finally {
      await store.dispose();
    }
  });

  it('a line of exactly MAX_RECORD_LENGTH characters is read (and judged as a record), not cut', async () => {
    const file = path.join(dir, 'edge.sgf');
    writeFileSync(file, 'y'.repeat(MAX_RECORD_LENGTH) + '\n');
    const store = await openEventStore('sqlite::memory:');
    try {
      const summary = await importIssFiles(storeImportTarget(store), [file]);
      expect(summary.rejectedCount).toBe(1);
      expect(summary.rejected[0].reason).not.toContain('characters long');
    } finally {
      await store.dispose();
    }
  });
});

describe('ISS import: a newcomer in a series (three seats, accounts changing)', () => {
  // After the 7th deal (dealer xskat) the deal passes to xskat:2 (R37); in this 8th deal the
  // account newbie holds the seat xskat held in the 2nd deal (same seats, another account).
  const second = seriesLines[1];
  const newcomerLine = second
    .replace(/ID\[\d+\]/, 'ID[99913053]')
    .replace(/DT\[[^\]]*\]/, 'DT[2017-09-04/14:23:40/UTC]')
    .replace('P1[xskat]', 'P1[newbie]');

  it('the 8th record seats newbie where xskat sat', () => {
    expect(second).toContain('P0[goskat]P1[xskat]P2[xskat:2]');
    expect(newcomerLine).toContain('P1[newbie]');
  });

  it('R34: the table grows to include the newcomer; the sheet shows their column and running total', async () => {
    const file = write('newcomer.sgf', [...seriesLines, newcomerLine]);
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    try {
      const [summary] = await importInRuns(ledger, [[file]]);
      expect(summary).toMatchObject({ records: 8, imported: 8, rejectedCount: 0 });
      const sheet = await ledger.scoreSheet(TABLE);
      expect(sheet?.players).toEqual(['xskat:2', 'goskat', 'xskat', 'newbie']);
      expect(sheet?.rows).toHaveLength(8);
      const last = sheet!.rows[7];
      expect(last.dealNumber).toBe(8);
      expect(Object.keys(last.totals).sort()).toEqual(['goskat', 'newbie', 'xskat', 'xskat:2']);
      // The newcomer's total is what the deal gave their seat (the declarer's entry if they declared).
      expect(last.declarer).toBe('newbie');
      expect(last.totals.newbie).toBe(last.entry);
      // R35: still three seats, so each stretch of the same three players is scored as a 3-table
      // (40 per opponent's lost game), and the lines add up per player: no R3/D5 problem.
      expect(sheet?.problem).toBeNull();
      const line = (p: string) => sheet!.seegerFabian.find((l) => l.player === p);
      expect(line('newbie')).toMatchObject({ gamePoints: last.entry, won: 1, lost: 0, total: last.entry + 50 });
      const before = (await sheetAfterRuns([[write('seven.sgf', seriesLines)]])).sheet!;
      for (const p of ['xskat:2', 'goskat', 'xskat']) {
        const was = before.seegerFabian.find((l) => l.player === p)!;
        expect(line(p)).toMatchObject({ gamePoints: was.gamePoints, won: was.won, lost: was.lost, total: was.total });
      }
      const table = await ledgerStore(ledger).readStream('table-' + TABLE);
      expect(table.events.map((e) => e.type)).toEqual(['TableOpened', 'TablePlayersJoined']);
      expect(table.events[1].data).toEqual({ tableId: TABLE, players: ['newbie'], source: 'iss:99913053' });
    } finally {
      await ledger.close();
    }
  });

  it('the newcomer joins once: a re-import, or the newcomer arriving in a later run, appends no second join', async () => {
    const first = write('newcomer-1.sgf', seriesLines);
    const later = write('newcomer-2.sgf', [newcomerLine]);
    const all = write('newcomer-all.sgf', [...seriesLines, newcomerLine]);
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    try {
      const summaries = await importInRuns(ledger, [[first], [later], [all]]);
      expect(summaries.map((s) => [s.imported, s.alreadyPresent])).toEqual([
        [7, 0],
        [1, 0],
        [0, 8],
      ]);
      const table = await ledgerStore(ledger).readStream('table-' + TABLE);
      expect(table.events.map((e) => e.type)).toEqual(['TableOpened', 'TablePlayersJoined']);
      const sheet = await ledger.scoreSheet(TABLE);
      expect(sheet?.players).toEqual(['xskat:2', 'goskat', 'xskat', 'newbie']);
      expect(sheet?.rows.map((r) => r.dealNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      // A rebuild from the log gives the same list (the join is in the table's stream).
      const before = JSON.stringify(sheet);
      await ledger.rebuildProjections();
      expect(JSON.stringify(await ledger.scoreSheet(TABLE))).toBe(before);
    } finally {
      await ledger.close();
    }
  });
});
