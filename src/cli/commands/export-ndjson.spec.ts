/**
 * Issue 29 item 2: `export ndjson` selects the deals from the read models and reads only those
 * streams (it read every deal of the store and filtered afterwards: 109 s for one 36-deal series of
 * a 100,000-deal store).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importIssText } from '../../archive/import/import-iss';
import { SqliteEventStore } from '../../event-store/sqlite/sqlite-event-store';
import { Ledger } from '../../ledger/ledger';
import { ledgerImportTarget } from '../../../test/support/ledger-import-target';
import { runCli } from '../main';
import { capturedIo as io } from '../testing/captured-io';

const CORPUS = resolve(__dirname, '..', '..', '..', '..', 'shared', 'data', 'iss');
const dir = mkdtempSync(join(tmpdir(), 'skat-export-ndjson-'));
const url = `sqlite:${join(dir, 'store.db')}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const ledger = await Ledger.open({ storeUrl: url });
  const text = readdirSync(CORPUS)
    .filter((f) => f.endsWith('.sgf'))
    .map((f) => readFileSync(join(CORPUS, f), 'utf8'))
    .join('\n');
  await importIssText(ledgerImportTarget(ledger), text);
  await ledger.close();
});

async function exported(...filters: string[]): Promise<{ ids: string[]; streamsRead: Set<string> }> {
  const read = jest.spyOn(SqliteEventStore.prototype, 'readStream');
  // Deals are read many at once (readStreams): each name asked for counts as a stream read.
  const readMany = jest.spyOn(SqliteEventStore.prototype, 'readStreams');
  try {
    const t = io();
    expect(await runCli(['export', 'ndjson', '--store', url, ...filters], t.io)).toBe(0);
    const ids = t
      .text()
      .stdout.split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { dealId: string }).dealId);
    const names = [...read.mock.calls.map((c) => c[0]), ...readMany.mock.calls.flatMap((c) => c[0])];
    return { ids, streamsRead: new Set(names.filter((s) => s.startsWith('deal-'))) };
  } finally {
    read.mockRestore();
    readMany.mockRestore();
  }
}

describe('skat-ledger export ndjson selects from the read models (issue 29 item 2)', () => {
  it("reads only the streams of the deals it writes: one series, one player's grand games", async () => {
    const all = await exported();
    expect(all.ids.length).toBe(33);
    const table = 'iss-series-251395';
    const series = await exported('--table', table);
    expect(series.ids.length).toBeGreaterThan(0);
    expect(series.ids.length).toBeLessThan(all.ids.length);
    // Its deals' streams, and at most one more: opening the ledger checks the read models' binding against the store's first stream.
    const readOnly = (e: { ids: string[]; streamsRead: Set<string> }) => {
      for (const id of e.ids) expect(e.streamsRead.has(`deal-${id}`)).toBe(true);
      expect(e.streamsRead.size).toBeLessThanOrEqual(e.ids.length + 1);
    };
    readOnly(series);
    const grands = await exported('--game-type', 'grand');
    expect(grands.ids.length).toBeGreaterThan(0);
    readOnly(grands);
    // Before, every one of the 33 deals was read whatever the filter.
    expect(series.streamsRead.size).toBeLessThan(33);
  });

  it('writes the deals oldest first (start time, then id)', async () => {
    const { ids } = await exported('--result', 'won');
    expect(ids.length).toBeGreaterThan(1);
    const again = await exported('--result', 'won');
    expect(again.ids).toEqual(ids);
  });
});
