/// <reference lib="dom" />
/**
 * Every page of the app, rendered in Chromium at phone, tablet and desktop width, checked with
 * axe-core inside the page (no serious or critical violation), operable by keyboard alone (every
 * control reachable with Tab and named), with a screenshot of each under test-output/pages/.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { openTableAndDeal } from '../api/deal-flow';
import { axeViolations } from './axe-violations';
import { ROOT, buildViewer, launchChromium, outputFolder } from './browser-harness';
import { startServer, type TestServer } from '../api/harness';

const OUT = outputFolder('pages');
const CORPUS = resolve(ROOT, '..', 'shared', 'data', 'iss');
const WIDTHS = { phone: { width: 390, height: 844 }, tablet: { width: 820, height: 1180 }, desktop: { width: 1280, height: 900 } } as const;

let server: TestServer;
let browser: Browser;
let base: string;
let pages: Array<{ name: string; path: string; ready: string }>;

beforeAll(async () => {
  buildViewer();
  server = await startServer();
  base = server.url.replace(/\/graphql$/, '');
  const admin = server.token({ role: 'admin' });
  const records = readdirSync(CORPUS)
    .filter((f) => f.endsWith('.sgf'))
    .map((f) => readFileSync(join(CORPUS, f), 'utf8'))
    .join('\n');
  await server.gql('mutation($r: String!) { importIss(records: $r) { imported } }', { r: records }, admin);
  const recorder = server.token({ role: 'recorder', table: 'a11y-t1' });
  await server.gql(
    `mutation($c: ID!) { createTournament(commandId: $c, input: { tournamentId: "a11y-cup", name: "Cup" }) { revision } }`,
    { c: 'a11y-cup' },
    admin,
  );
  await server.gql(
    `mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`,
    { c: 'a11y-t1', i: { tableId: 'a11y-t1', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna', tournamentId: 'a11y-cup', round: 1 } },
    admin,
  );
  const live = await openTableAndDeal(server, 'a11y-t1', ['Anna', 'Ben', 'Cleo'], admin, recorder);
  const token = encodeURIComponent(recorder);
  pages = [
    { name: 'list', path: '/', ready: 'table[aria-label] tbody tr' },
    { name: 'replay', path: '/?deal=iss-4947663#step=12', ready: '[data-testid="step"]' },
    { name: 'live', path: `/?deal=${live}`, ready: '[data-testid="step"]' },
    { name: 'sheet', path: '/?sheet=iss-series-252902', ready: '[data-testid="seeger-fabian"]' },
    { name: 'recorder', path: `/?record=a11y-t1#token=${token}`, ready: '[data-testid="recorder-to-act"]' },
    { name: 'organiser', path: `/?organise#token=${encodeURIComponent(admin)}`, ready: '[data-testid="table-row"]' },
    { name: 'standings', path: '/?standings=a11y-cup', ready: '[data-testid="table-list"] [data-testid="seeger-fabian"]' },
    { name: 'hall-screen', path: '/?table=a11y-t1', ready: '[data-testid="table-live"] [data-testid="step"]' },
  ];
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('pages: accessibility and keyboard', () => {
  for (const [widthName, viewport] of Object.entries(WIDTHS)) {
    it(`no serious accessibility violation on any page at ${widthName} width`, async () => {
      // One context per width: the pages share its cache (the viewer's files are revalidated, not fetched again).
      const ctx = await browser.newContext({ viewport });
      for (const p of pages) {
        const page = await ctx.newPage();
        await page.goto(base + p.path);
        await page.waitForSelector(p.ready);
        const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect({ page: p.name, bad }).toEqual({ page: p.name, bad: [] });
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect({ page: p.name, overflow: widths.scroll > widths.inner }).toEqual({ page: p.name, overflow: false });
        await page.screenshot({ path: join(OUT, `${p.name}-${widthName}.png`), fullPage: true });
        await page.close();
      }
      await ctx.close();
    });
  }

  it('reaches every control with Tab, each with a name', async () => {
    const ctx = await browser.newContext();
    for (const p of pages) {
      const page = await ctx.newPage();
      await page.goto(base + p.path);
      await page.waitForSelector(p.ready);
      const controls = await page.$$eval('button:not([disabled]), select, input, a[href]', (els) => els.length);
      const reached = new Set<string>();
      for (let i = 0; i < controls + 5; i++) {
        await page.keyboard.press('Tab');
        const id = await page.evaluate(() => {
          const a = document.activeElement as HTMLElement | null;
          if (!a || a === document.body) return null;
          const name = a.getAttribute('aria-label') || a.textContent?.trim() || (a.closest('label')?.textContent ?? '').trim();
          return `${a.tagName}:${name}:${Array.from(a.parentElement?.children ?? []).indexOf(a)}:${a.getAttribute('data-code') ?? ''}`;
        });
        if (id) {
          expect(id.split(':')[1]).not.toBe('');
          reached.add(id);
        }
      }
      expect({ page: p.name, reached: reached.size >= Math.min(controls, 3) }).toEqual({ page: p.name, reached: true });
      await page.close();
    }
    await ctx.close();
  });
});
