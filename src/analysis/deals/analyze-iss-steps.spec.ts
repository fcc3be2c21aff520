import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bulkImportTarget } from '../../archive/import/bulk-import-target';
import { importIssText } from '../../archive/import/import-iss';
import { Ledger } from '../../ledger/ledger';
import { ledgerStore } from '../../ledger/store-port';
import { Solver } from '../solver';
import { analyzeDeal } from './analyze-deal';
import { analyzeIssSteps } from './analyze-iss-steps';

const FILE = join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'iss', 'iss-dranidis-go-skat-history.sgf');

/** `analyze iss --steps` (issue 26 item 3): an ISS record judged step by step as `analyze deal` judges the imported deal. */
describe('analyzeIssSteps', () => {
  const lines = readFileSync(FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await importIssText(bulkImportTarget(ledger), lines.slice(0, 2).join('\n'));
  });
  afterAll(() => ledger.close());

  it("gives every position of a record's card play the verdicts, values and alternatives of the imported deal's analysis", async () => {
    for (const line of lines.slice(0, 2)) {
      const got = await analyzeIssSteps(line, new Solver({ ttBits: 16 }));
      if ('error' in got) throw new Error(got.error);
      const id = `iss-${got.id}`;
      const stored = await analyzeDeal(id, (await ledgerStore(ledger).readStream(`deal-${id}`)).events);
      const strip = (a: typeof stored) => a.steps.map(({ step: _s, ...rest }) => rest);
      expect(got.analysis.dealId).toBe(id);
      expect(got.analysis.steps.length).toBeGreaterThan(0);
      expect(strip(got.analysis)).toEqual(strip(stored));
      expect(got.analysis.turningPoints.map((t) => t.text)).toEqual(stored.turningPoints.map((t) => t.text));
    }
  });

  it('answers a record that never reached the card play with a reason, and an unreadable line with an error', async () => {
    const passed = lines.find((l) => / PA PA PA/.test(l) || /R\[passed\]/.test(l));
    expect(passed).toBeDefined();
    const p = await analyzeIssSteps(passed as string, new Solver({ ttBits: 12 }));
    expect('analysis' in p && p.analysis.steps.length === 0 && p.analysis.note).toMatch(/passed in/);
    expect(await analyzeIssSteps('(;GM[Skat]ID[77]MV[nonsense])', new Solver({ ttBits: 12 }))).toMatchObject({ error: expect.stringMatching(/malformed/) });
  });
});
