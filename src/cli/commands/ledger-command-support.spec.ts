import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEAL_SUMMARY_TABLE } from '../../projections/deal-summary/deal-summary-projection';
import { withLedger } from './ledger-command-support';

function tables(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((r) => r.name);
  } finally {
    db.close();
  }
}

describe('withLedger', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'skl-rm-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the read models in the SQLite store itself by default', async () => {
    const store = join(dir, 'store.db');
    await withLedger(`sqlite:${store}`, (ledger) => ledger.rebuildProjections());
    expect(tables(store)).toEqual(expect.arrayContaining(['events', DEAL_SUMMARY_TABLE]));
  });

  it('keeps them in the file SKAT_LEDGER_READ_MODELS names (as EventStoreDB users do)', async () => {
    const store = join(dir, 'store.db');
    const readModels = join(dir, 'read-models.db');
    await withLedger(`sqlite:${store}`, (ledger) => ledger.rebuildProjections(), { SKAT_LEDGER_READ_MODELS: `sqlite:${readModels}` });
    expect(tables(readModels)).toContain(DEAL_SUMMARY_TABLE);
    expect(tables(store)).not.toContain(DEAL_SUMMARY_TABLE);
  });
});
