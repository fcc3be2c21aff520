import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bulkImportTarget } from '../../archive/import/bulk-import-target';
import { importIssText } from '../../archive/import/import-iss';
import { analyzeDeal } from '../deals/analyze-deal';
import { auditClaims, hasClaims } from '../../projections/audit/claim-audit';
import { Ledger } from '../../ledger/ledger';
import { ledgerStore } from '../../ledger/store-port';
import { threadCpuMs } from './thread-cpu';

const ISS = join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'iss');

/** The real worker threads (analysisWorker) answer exactly what the pure functions answer in-process. */
describe('DealAnalyses on solver worker threads (issue 13 item 2, issue 15)', () => {
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:', analysis: { limits: { workers: 1 } } });
    for (const file of ['iss-b0n541-jskat-MessageParserTest.sgf', 'iss-unidentified-skatai-tests.sgf'])
      await importIssText(bulkImportTarget(ledger), readFileSync(join(ISS, file), 'utf8'));
  });
  afterAll(() => ledger.close());

  it('judges the claims and resignations of the audit in a worker, as the audit did in-process (R21, D3)', async () => {
    let judged = 0;
    const dealIds = new Set<string>();
    for await (const e of ledgerStore(ledger).readAll())
      if (e.streamName.startsWith('deal-') && (e.type === 'GameResigned' || e.type === 'CardsShown')) dealIds.add(e.streamName.slice(5));
    let withClaims = 0;
    for (const dealId of dealIds) {
      const events = (await ledgerStore(ledger).readStream(`deal-${dealId}`)).events;
      if (!hasClaims(events)) continue;
      withClaims++;
      const started = ledger.analyses.pool.stats.started;
      const audit = await ledger.audit(dealId);
      expect(ledger.analyses.pool.stats.started).toBe(started + 1);
      expect(audit!.claims).toEqual(auditClaims(events));
      judged += audit!.claims.length;
    }
    expect(withClaims).toBeGreaterThanOrEqual(2);
    expect(judged).toBeGreaterThan(0);
  });

  it('computes the per-step verdicts in a worker, equal to analyzeDeal, once per deal and revision', async () => {
    const dealId = 'iss-1390253';
    const events = (await ledgerStore(ledger).readStream(`deal-${dealId}`)).events;
    const before = ledger.analyses.computed;
    const [a, b] = await Promise.all([ledger.analyses.analysis(dealId), ledger.analyses.analysis(dealId)]);
    const { nodes: _n, ...inProcess } = await analyzeDeal(dealId, events);
    const { nodes: _m, ...fromWorker } = a;
    expect(fromWorker).toEqual(inProcess);
    expect(b).toBe(a);
    expect(ledger.analyses.computed).toBe(before + 1);
  });
});

/** The CPU budget of a solver job is the worker thread's own CPU time, checked during the search. */
describe('a solver job bounded in CPU on its worker thread (issue 26 item 4)', () => {
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:', analysis: { limits: { workers: 1, jobCpuMs: 1 } } });
    await importIssText(bulkImportTarget(ledger), readFileSync(join(ISS, 'iss-b0n541-jskat-MessageParserTest.sgf'), 'utf8'));
  });
  afterAll(() => ledger.close());

  it('stops a search past its budget with TIMEOUT, and the same worker answers the next job', async () => {
    // A job of several budget checks (one per 65,536 positions): iss-727's best game, about 390,000.
    const err = await ledger.analyses.bestGame('iss-727').catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('TIMEOUT');
    expect((err as Error).message).toMatch(/more than 1 ms of CPU/);
    expect(ledger.analyses.pool.stats.replaced).toBe(0);
    expect(await ledger.analyses.progress('iss-727', 'game')).toEqual({ state: 'notStarted' });
  });
});

describe('a small solver job counts against its CPU budget too', () => {
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:', analysis: { limits: { workers: 1, jobCpuMs: 1 } } });
    await importIssText(bulkImportTarget(ledger), readFileSync(join(ISS, 'iss-b0n541-jskat-MessageParserTest.sgf'), 'utf8'));
  });
  afterAll(() => ledger.close());

  it('answers a job of fewer positions than one budget check over its budget with TIMEOUT, keeping the worker', async () => {
    // iss-1390253's best game: about 33,000 positions on a fresh worker, so the search's check never runs; 40-100 ms of CPU cold.
    const err = await ledger.analyses.bestGame('iss-1390253').catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('TIMEOUT');
    expect((err as Error).message).toMatch(/more than 1 ms of CPU/);
    expect(ledger.analyses.pool.stats.replaced).toBe(0);
  });
});

describe('threadCpuMs', () => {
  it("counts this thread's work, not its waiting", async () => {
    const t0 = threadCpuMs();
    await new Promise((r) => setTimeout(r, 60));
    const slept = threadCpuMs() - t0;
    const t1 = threadCpuMs();
    let x = 0;
    // Work of about 100 ms of CPU (ten ticks of /proc's 10 ms clock), whatever the machine's load does to the wall time.
    for (let i = 0; i < 1e8; i++) x = (x + i) | 0;
    expect(x).not.toBe(1);
    const worked = threadCpuMs() - t1;
    expect(worked).toBeGreaterThan(slept + 20);
    expect(slept).toBeLessThan(40);
  });
});
