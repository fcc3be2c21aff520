/// <reference lib="dom" />
/**
 * Every page of the app, rendered in Chromium at phone, tablet and desktop width, checked with
 * axe-core inside the page (no serious or critical violation), operable by keyboard alone (every
 * control reachable with Tab and named), with a screenshot of each under test-output/pages/.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
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
  let ctx: BrowserContext;
  beforeAll(async () => {
    // One context for every page: they share its cache (the viewer's files are revalidated, not fetched again).
    ctx = await browser.newContext({ viewport: WIDTHS.phone });
  });
  afterAll(() => ctx?.close());

  const names = ['list', 'replay', 'live', 'sheet', 'recorder', 'organiser', 'standings', 'hall-screen'];
  for (const name of names) {
    it(`${name}: no serious accessibility violation at phone, tablet and desktop width; every control reached with Tab, each with a name`, async () => {
      const p = pages.find((x) => x.name === name)!;
      const page = await ctx.newPage();
      // Loaded once at phone width, then resized: the pages lay out by CSS alone (no script reads
      // the window's size), so a resized page is laid out as one loaded at that width.
      await page.goto(base + p.path);
      await page.waitForSelector(p.ready);
      for (const [widthName, viewport] of Object.entries(WIDTHS)) {
        await page.setViewportSize(viewport);
        const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect({ page: p.name, widthName, bad }).toEqual({ page: p.name, widthName, bad: [] });
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect({ page: p.name, widthName, overflow: widths.scroll > widths.inner }).toEqual({ page: p.name, widthName, overflow: false });
        await page.screenshot({ path: join(OUT, `${p.name}-${widthName}.png`), fullPage: true });
      }
      // The keyboard pass, at desktop width, from the top of the page.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
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
    });
  }
});
