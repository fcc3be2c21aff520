/// <reference lib="dom" />
/**
 * The viewer follows a live deal in Chromium: an anonymous page sees the public view (no hidden
 * card in its DOM), a player's page sees that player's hand only, and both move on by themselves
 * (graphql-ws, no reload) as the recorder records moves through the API, ending in the replay; a
 * follower who opens the deal late starts at its newest step.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openTableAndDeal, playOn, position } from '../api/deal-flow';
import { buildViewer, launchChromium, openTab, outputFolder } from './browser-harness';
import { startServer, type TestServer } from '../api/harness';

const OUT = outputFolder('viewer');
const PLAYERS = ['Anna', 'Ben', 'Cleo'];

let server: TestServer;
let browser: Browser;
let base: string;
let admin: string;
let recorder: string;
let dealId: string;

/** The card codes a page's DOM holds anywhere (hands, skat, trick, tricks), hidden backs as '??'. */
async function shownCodes(page: Page, testId: string): Promise<string[]> {
  return page.$$eval(`[data-testid="${testId}"] [data-code]`, (els) => els.map((e) => e.getAttribute('data-code') ?? ''));
}

async function stepShown(page: Page): Promise<number> {
  const text = (await page.textContent('[data-testid="step"]')) ?? '';
  return Number(/step (\d+)/.exec(text)?.[1] ?? -1);
}

beforeAll(async () => {
  buildViewer();
  server = await startServer();
  base = server.url.replace(/\/graphql$/, '');
  admin = server.token({ role: 'admin' });
  recorder = server.token({ role: 'recorder', table: 'live-t1' });
  dealId = await openTableAndDeal(server, 'live-t1', PLAYERS, admin, recorder);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('live viewer in Chromium', () => {
  it('follows a live deal as anonymous (public view) and as a player (own hand), to the finished replay', async () => {
    const anonymous = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const ben = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const answers: string[] = [];
    anonymous.on('response', async (r) => {
      if (r.url().endsWith('/graphql') && r.request().method() === 'POST') answers.push(await r.text().catch(() => ''));
    });
    const benToken = server.token({ role: 'player', player: 'Ben' });
    await anonymous.goto(`${base}/?deal=${encodeURIComponent(dealId)}`);
    // A link with the token in its fragment signs the page in; the token leaves the address bar.
    await ben.goto(`${base}/?deal=${encodeURIComponent(dealId)}#token=${encodeURIComponent(benToken)}`);
    for (const p of [anonymous, ben]) {
      await p.waitForSelector('body[data-ready="true"]');
      const status = await p.textContent('main');
      expect(status).not.toMatch(/Could not load|No deal/);
      await p.waitForSelector('[data-testid="step"]');
    }
    expect(new URL(ben.url()).hash).not.toContain('token');
    await anonymous.waitForSelector('[data-testid="live"]:not(:empty)');

    const { deal: all } = await position(server, dealId, admin);
    const dealt = all.frames[all.frames.length - 1].hands;
    // Anonymous: ten backs per seat, nothing else.
    for (const seat of ['forehand', 'middlehand', 'rearhand']) expect(await shownCodes(anonymous, `hand-${seat}`)).toEqual(Array(10).fill('??'));
    // Ben sees his own ten cards (his seat follows from the table's dealer) and backs elsewhere.
    const seats = ['forehand', 'middlehand', 'rearhand'];
    const benSeat = seats[all.players.indexOf('Ben')];
    for (const seat of seats) {
      const shown = await shownCodes(ben, `hand-${seat}`);
      if (seat === benSeat) expect([...shown].sort()).toEqual(dealt[seat].map((c: any) => c.code).sort());
      else expect(shown).toEqual(Array(10).fill('??'));
    }

    // The recorder plays six moves; both pages move on by themselves.
    await playOn(server, dealId, recorder, 6);
    const steps = (await position(server, dealId, admin)).deal.frames.length - 1;
    for (const p of [anonymous, ben])
      await p.waitForFunction((want) => document.querySelector('[data-testid="step"]')?.textContent?.startsWith(`step ${want} `), steps);
    // A follower who opens the deal now starts at its newest step (not step 0) and follows from there.
    const latecomer = await openTab(browser, { width: 1200, height: 900 });
    await latecomer.goto(`${base}/?deal=${encodeURIComponent(dealId)}`);
    await latecomer.waitForSelector('[data-testid="live"]:not(:empty)');
    expect(await stepShown(latecomer)).toBe(steps);
    await anonymous.screenshot({ path: join(OUT, 'live-anonymous.png'), fullPage: true });
    await ben.screenshot({ path: join(OUT, 'live-player.png'), fullPage: true });

    // Play to the end: the pages end at the last step with the result, and stop following.
    await playOn(server, dealId, recorder);
    const final = (await position(server, dealId, admin)).deal;
    expect(final.status).not.toBe('IN_PROGRESS');
    for (const p of [anonymous, ben, latecomer]) {
      await p.waitForFunction((want) => document.querySelector('[data-testid="step"]')?.textContent?.startsWith(`step ${want} `), final.frames.length - 1);
      await p.waitForSelector('[data-testid="result"]');
      await p.waitForSelector('[data-testid="live"]:empty', { state: 'attached' });
      expect(await stepShown(p)).toBe(final.frames.length - 1);
    }

    // While the deal was live, no answer to the anonymous page named a card of a hand or the skat.
    const liveAnswers = answers.slice(0, -1);
    const hidden = [...dealt.forehand, ...dealt.middlehand, ...dealt.rearhand].map((c: any) => c.code);
    for (const body of liveAnswers) {
      const json = JSON.parse(body);
      const frames = json.data?.deal?.frames ?? [];
      if (json.data?.deal?.status !== 'IN_PROGRESS') continue;
      for (const f of frames) {
        const inHands = [...f.hands.forehand, ...f.hands.middlehand, ...f.hands.rearhand, ...f.skat].map((c: any) => c.code);
        expect(inHands).toEqual([]);
        expect(hidden.length).toBe(30);
      }
    }
    expect(liveAnswers.length).toBeGreaterThan(1);
    await anonymous.close();
    await ben.close();
    await latecomer.close();
  });

  it('a hall screen follows a table: each deal live as it starts, the sheet redrawn as deals end', async () => {
    const screen = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const table = 'live-t2';
    const rec2 = server.token({ role: 'recorder', table });
    const first = await openTableAndDeal(server, table, PLAYERS, admin, rec2);
    const screenQueries: string[] = [];
    screen.on('request', (r) => {
      if (r.url().endsWith('/graphql') && r.method() === 'POST' && (r.postData() ?? '').includes('TableScreen')) screenQueries.push(r.postData() ?? '');
    });
    const tableSocket = new Promise<void>((ok) => {
      screen.on('websocket', (ws) =>
        ws.on('framesent', (f) => {
          if (String(f.payload).includes('tableUpdates')) ok();
        }),
      );
    });
    await screen.goto(`${base}/?table=${table}`);
    await screen.waitForSelector('[data-testid="table-live"] [data-testid="step"]');
    expect(await screen.textContent('[data-testid="table-live"] h2')).toContain(first);
    // The screen follows the table's subscription: with nothing happening it does not ask again
    // (the old page polled every 3 s).
    await tableSocket;
    const asked = screenQueries.length;
    await new Promise((r) => setTimeout(r, 4000));
    expect(screenQueries.length).toBe(asked);
    await playOn(server, first, rec2);
    // The sheet gains the finished deal; the finished replay stays with its result.
    await screen.waitForFunction(() => document.querySelectorAll('[data-testid="table-sheet"] [data-testid="sheet-rows"] tbody tr').length === 1, undefined, {
      timeout: 15_000,
    });
    await screen.waitForSelector('[data-testid="table-live"] [data-testid="result"]');
    // The next deal appears by itself, in the public view.
    const start = await server.gql(
      `mutation($c: ID!, $i: StartTableDealInput!) { startTableDeal(commandId: $c, input: $i) { dealId } }`,
      { c: `screen-${Date.now()}`, i: { tableId: table, cards: { shuffle: 'CRYPTO' } } },
      rec2,
    );
    const second: string = start.body.data.startTableDeal.dealId;
    await screen.waitForFunction((id) => document.querySelector('[data-testid="table-live"] h2')?.textContent?.includes(id), second, { timeout: 15_000 });
    for (const seat of ['forehand', 'middlehand', 'rearhand']) expect(await shownCodes(screen, `hand-${seat}`)).toEqual(Array(10).fill('??'));
    await screen.screenshot({ path: join(OUT, 'table-screen.png'), fullPage: true });
    await screen.close();
  });
});
