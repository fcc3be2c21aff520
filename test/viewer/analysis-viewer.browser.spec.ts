/// <reference lib="dom" />
/**
 * The analysis in the bundled viewer, in Chromium (issue 15 item 6): the verdict strip along the
 * steps and the alternatives of a step must be exactly the API's; "play from here" forks a branch
 * and the branch view plays a move in it.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ROOT, buildViewer, launchChromium } from './browser-harness';
import { startServer, type TestServer } from '../api/harness';
import { ledgerStore } from '../../src/ledger/store-port';

const CORPUS = resolve(ROOT, '..', 'shared', 'data', 'iss');
const DEAL = 'iss-8650652'; // a suit game with 75 card points, lost as overbid (R33)

let server: TestServer;
let browser: Browser;
let page: Page;
let base: string;
let analysis: any;

beforeAll(async () => {
  buildViewer();
  server = await startServer();
  base = server.url.replace(/\/graphql$/, '');
  const records = readFileSync(join(CORPUS, 'iss-b0n541-jskat-MessageParserTest.sgf'), 'utf8');
  const imported = await server.gql(
    'mutation($r: String!) { importIss(records: $r) { imported rejectedCount } }',
    { r: records },
    server.token({ role: 'admin' }),
  );
  expect(imported.body.errors).toBeUndefined();
  const res = await server.gql(`query($id: ID!) { deal(id: $id) { analysis { steps { step verdict value move alternatives { move value verdict } } } } }`, {
    id: DEAL,
  });
  expect(res.body.errors).toBeUndefined();
  analysis = res.body.data.deal.analysis;
  expect(analysis.steps.length).toBeGreaterThan(20);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.on('pageerror', (err) => {
    throw err;
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('analysis in the viewer (Chromium)', () => {
  it('the verdict strip and the alternatives of a step match the API', async () => {
    const at = analysis.steps[5];
    await page.goto(`${base}/?deal=${DEAL}#step=${at.step}`);
    await page.click('[data-testid="analyse"]');
    await page.waitForSelector('[data-testid="verdict-strip"] li');
    const strip = await page.$$eval('[data-testid="verdict-strip"] li', (cells) =>
      cells.map((c) => ({ step: Number(c.getAttribute('data-step')), verdict: c.getAttribute('data-verdict'), value: Number(c.getAttribute('data-value')) })),
    );
    expect(strip).toEqual(analysis.steps.map((s: any) => ({ step: s.step, verdict: s.verdict, value: s.value })));
    const shown = await page.$$eval('[data-testid="alternatives"] li[data-card]', (items) =>
      items.map((i) => ({ move: i.getAttribute('data-card'), verdict: i.getAttribute('data-verdict'), value: Number(i.getAttribute('data-value')) })),
    );
    expect(shown).toEqual(at.alternatives);
    expect(await page.$eval('[data-testid="verdict-strip"] li.current', (c) => c.getAttribute('data-step'))).toBe(String(at.step));
    // A click on another cell moves the replay there, and the alternatives follow.
    const other = analysis.steps[12];
    await page.click(`[data-testid="verdict-strip"] li[data-step="${other.step}"] button`);
    await page.waitForFunction((n) => location.hash === `#step=${n}`, other.step);
    const next = await page.$$eval('[data-testid="alternatives"] li[data-card]', (items) => items.map((i) => i.getAttribute('data-card')));
    expect(next).toEqual(other.alternatives.map((a: any) => a.move));
  });

  it('speaks German in the analysis panel when German is chosen', async () => {
    await page.goto(`${base}/?deal=${DEAL}#step=${analysis.steps[5].step}`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.selectOption('#language', 'de');
    await page.waitForFunction(() => document.querySelector('[data-testid="analysis"] h2')?.textContent === 'Analyse');
    await page.click('[data-testid="analyse"]');
    await page.waitForSelector('[data-testid="verdict-strip"] li');
    const panel = (await page.textContent('[data-testid="analysis"]')) ?? '';
    expect(panel).toMatch(/Dieser Schritt/);
    expect(panel).toMatch(/Von hier aus weiterspielen/);
    expect(panel).not.toMatch(/\b(This step|Turning points|Play from here|won|lost|played)\b/);
    await page.selectOption('#language', 'en');
    await page.waitForFunction(() => document.querySelector('[data-testid="analysis"] h2')?.textContent === 'Analysis');
  });

  it('"play from here" forks a branch at the step and plays a move in it, the deal untouched', async () => {
    const at = analysis.steps[3];
    const before = JSON.stringify((await ledgerStore(server.ledger).readStream(`deal-${DEAL}`)).events.map((e) => e.eventId));
    await page.goto(`${base}/?deal=${DEAL}#step=${at.step}`);
    await page.click('[data-testid="analyse"]');
    await page.waitForSelector('[data-testid="verdict-strip"] li');
    await page.click('[data-testid="play-from-here"]');
    await page.waitForFunction(() => new URLSearchParams(location.search).has('branch'));
    await page.waitForSelector('[data-testid="branch-moves"] button');
    const branchId = new URL(page.url()).searchParams.get('branch')!;
    const offered = await page.$$eval('[data-testid="branch-moves"] button[data-kind="play"]', (b) => b.map((x) => x.getAttribute('data-move')));
    expect(offered.sort()).toEqual(at.alternatives.map((a: any) => a.move).sort());
    const other = at.alternatives.find((a: any) => a.move !== at.move).move;
    await page.click(`[data-testid="branch-moves"] button[data-move="${other}"]`);
    await page.waitForFunction((n) => location.hash === `#step=${n}`, at.step + 1);
    const loaded = await server.ledger.branches.load(branchId);
    expect(loaded?.info.moves).toBe(1);
    expect(JSON.stringify((await ledgerStore(server.ledger).readStream(`deal-${DEAL}`)).events.map((e) => e.eventId))).toBe(before);
  });
});
