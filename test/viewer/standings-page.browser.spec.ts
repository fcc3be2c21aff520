/// <reference lib="dom" />
/**
 * The standings page in Chromium: ranks as the API gives them, then every table's list; printed to
 * PDF (Chromium's page.pdf, A4) the standings take the first page and each table's list, a full
 * 36-deal series included, exactly one page of its own. The standings page and a sheet's own page
 * follow the tournament by push: a deal scored meanwhile shows without a reload.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { GIVEN_CARDS, newCommandId, playOn } from '../api/deal-flow';
import { buildViewer, launchChromium, openTab, outputFolder } from './browser-harness';
import { startServer, type TestServer } from '../api/harness';

const OUT = outputFolder('standings');

let server: TestServer;
let browser: Browser;
let base: string;
let admin: string;

async function gql(query: string, variables: Record<string, unknown>): Promise<any> {
  const r = await server.gql(query, variables, admin);
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data;
}

const START = `mutation($c: ID!, $i: StartTableDealInput!) { startTableDeal(commandId: $c, input: $i) { dealId } }`;
const PASS = `mutation($c: ID!, $d: ID!, $s: Seat!) { passBid(commandId: $c, input: { dealId: $d, seat: $s }) { revision } }`;

/** `deals` deals at a table: every `played`-th one is played out by the script, the others all pass (R8). */
async function series(tableId: string, deals: number, playedEvery: number): Promise<void> {
  for (let n = 0; n < deals; n++) {
    const { startTableDeal } = await gql(START, { c: newCommandId(), i: { tableId, cards: GIVEN_CARDS } });
    if (n % playedEvery === 0) await playOn(server, startTableDeal.dealId, admin);
    else for (const seat of ['MIDDLEHAND', 'REARHAND', 'FOREHAND']) await gql(PASS, { c: newCommandId(), d: startTableDeal.dealId, s: seat });
  }
}

beforeAll(async () => {
  buildViewer();
  server = await startServer();
  base = server.url.replace(/\/graphql$/, '');
  admin = server.token({ role: 'admin' });
  await gql(`mutation($c: ID!) { createTournament(commandId: $c, input: { tournamentId: "cup", name: "Club Cup" }) { revision } }`, { c: newCommandId() });
  const open = `mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`;
  await gql(open, { c: newCommandId(), i: { tableId: 'cup-1', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna', tournamentId: 'cup', round: 1 } });
  await gql(open, {
    c: newCommandId(),
    i: { tableId: 'cup-2', players: ['Dora', 'Emil', 'Fritz', 'Gerd'], firstDealer: 'Dora', tournamentId: 'cup', round: 1, seriesLength: 48 },
  });
  await series('cup-1', 36, 9);
  await series('cup-2', 6, 2);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('standings page in Chromium', () => {
  it('shows the ranks the API gives and every table list, and prints one A4 page per list', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/?standings=cup`);
    await page.waitForSelector('[data-testid="standings"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="table-list"] [data-testid="seeger-fabian"]').length === 2);
    const api = (await gql(`{ standings(tournamentId: "cup") { lines { rank player total lossFeeCents } } }`, {})).standings.lines;
    const shown = await page.$$eval('[data-testid="standings"] tbody tr', (trs) =>
      trs.map((tr) => ({
        rank: Number(tr.querySelector('[data-testid="standing-rank"]')?.textContent),
        player: tr.querySelector('th')?.textContent,
        total: Number(tr.querySelector('[data-testid="standing-total"]')?.textContent),
        fee: tr.querySelector('[data-testid="loss-fee-owed"]')?.textContent,
      })),
    );
    expect(shown).toEqual(api.map((l: any) => ({ rank: l.rank, player: l.player, total: l.total, fee: `${(l.lossFeeCents / 100).toFixed(2)} €` })));
    expect(
      await page.$$eval('[data-testid="table-list"]', (lists) => lists.map((l) => l.querySelectorAll('[data-testid="sheet-rows"] tbody tr').length)),
    ).toEqual([36, 6]);
    await page.screenshot({ path: join(OUT, 'standings.png'), fullPage: true });

    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    writeFileSync(join(OUT, 'standings.pdf'), pdf);
    // Page objects in the PDF: "/Type /Page" (not "/Pages").
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
    expect(pages).toBe(1 + 2);
    await page.close();
  });

  it('draws the standings and the lists again as deals are scored, with no reload and no polling', async () => {
    const standings = await openTab(browser, { width: 1280, height: 900 });
    const sheet = await openTab(browser, { width: 390, height: 844 });
    await standings.goto(`${base}/?standings=cup`);
    await sheet.goto(`${base}/?sheet=cup-2`);
    // "push": every subscription is followed, so the page does not poll.
    await standings.waitForSelector('[data-following="push"]');
    await sheet.waitForSelector('[data-following="push"]');
    const rowsOf = (page: typeof sheet, selector: string) => page.$$eval(`${selector} [data-testid="sheet-rows"] tbody tr`, (trs) => trs.length);
    expect(await rowsOf(sheet, '#main')).toBe(6);
    // A deal played out (scored) at cup-2 and one passed in: both pages show the new rows and totals.
    await series('cup-2', 2, 1);
    await sheet.waitForFunction(() => document.querySelectorAll('[data-testid="sheet-rows"] tbody tr').length === 8);
    await standings.waitForFunction(
      () => document.querySelectorAll('[data-testid="table-list"]')[1]?.querySelectorAll('[data-testid="sheet-rows"] tbody tr').length === 8,
    );
    const api = (await gql(`{ standings(tournamentId: "cup") { lines { player total } } }`, {})).standings.lines;
    await standings.waitForFunction(
      (want) =>
        JSON.stringify(
          Array.from(document.querySelectorAll('[data-testid="standings"] tbody tr')).map((tr) => [
            tr.querySelector('th')?.firstChild?.textContent,
            Number(tr.querySelector('[data-testid="standing-total"]')?.textContent),
          ]),
        ) === want,
      JSON.stringify(api.map((l: any) => [l.player, l.total])),
    );
    await standings.close();
    await sheet.close();
  });
});
