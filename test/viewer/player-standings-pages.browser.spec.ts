/// <reference lib="dom" />
/**
 * Issue 22 item 3 in Chromium: an open dispute marks the standings lines of every player at its
 * table (the standings page and the hall screen), and the dealer who sits out at a 4-table finds
 * his table's deal on his player page and confirms it there (R35: a lost game there moves his
 * total too); a player's page shows his ratings (issue 28 item 3); the arbiter's page announces a
 * ruling made elsewhere. One browser.
 */
import type { Browser } from 'playwright-core';
import { newCommandId } from '../api/deal-flow';
import { buildViewer, launchChromium, openTab } from './browser-harness';
import { startServer, type TestServer } from '../api/harness';

let server: TestServer;
let browser: Browser;
let base: string;
let admin: string;

async function gql(query: string, variables: Record<string, unknown>, token = admin): Promise<any> {
  const r = await server.gql(query, variables, token);
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data;
}

const FOUR = ['Anna', 'Ben', 'Cleo', 'Dora'];

beforeAll(async () => {
  buildViewer();
  server = await startServer();
  base = server.url.replace(/\/graphql$/, '');
  admin = server.token({ role: 'admin' });
  await gql(`mutation($c: ID!) { createTournament(commandId: $c, input: { tournamentId: "four", name: "Four Cup" }) { revision } }`, { c: newCommandId() });
  await gql(`mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`, {
    c: newCommandId(),
    i: { tableId: 'four-1', players: FOUR, firstDealer: 'Anna', tournamentId: 'four', round: 1, seriesLength: 48 },
  });
  // Deal 1: Anna deals and sits out (D5); Ben, forehand, loses a Clubs game.
  const enter = `mutation($c: ID!, $i: EnterResultInput!) { enterResult(commandId: $c, input: $i) { dealId } }`;
  await gql(enter, { c: newCommandId(), i: { tableId: 'four-1', result: { declarer: 'Ben', game: 'CLUBS', matadors: 1, bid: 18, declarerPoints: 50 } } });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('standings and player pages (issue 22 item 3)', () => {
  it('marks every line of the disputed table as provisional, and lets the sitting dealer confirm the deal from his page', async () => {
    const ben = server.token({ role: 'player', player: 'Ben', tournament: 'four' });
    await gql(`mutation($c: ID!) { contestDeal(commandId: $c, input: { dealId: "four-1-1", reason: "I had 61" }) { revision } }`, { c: newCommandId() }, ben);
    const lines = (await gql(`{ standings(tournamentId: "four") { lines { player openDisputes } } }`, {})).standings.lines;
    expect(lines.map((l: any) => [l.player, l.openDisputes]).sort()).toEqual(FOUR.map((p) => [p, 1]));

    const ctx = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    await page.goto(`${base}/?standings=four`);
    await page.waitForSelector('[data-testid="standings"] [data-testid="standing-dispute"]');
    expect(await page.$$eval('[data-testid="standings"] [data-testid="standing-dispute"]', (x) => x.length)).toBe(4);

    // Anna dealt deal 1 and sat out: her page lists it (marked) and her confirmation is recorded.
    const anna = server.token({ role: 'player', player: 'Anna', tournament: 'four' });
    await page.goto(`${base}/?player=four#token=${encodeURIComponent(anna)}`);
    await page.waitForSelector('[data-testid="my-deal"] [data-testid="sat-out"]');
    await page.click('[data-testid="confirm-four-1-1"]');
    await page.waitForSelector('[data-testid="my-deal"] [data-testid="reviewed"]');
    const deal = (await gql(`{ deal(id: "four-1-1") { confirmedBy } }`, {})).deal;
    expect(deal.confirmedBy).toContain('Anna');

    // Her ratings under every model (issue 28 item 3): she sat out the only deal, so none yet; Ben declared it and has one game under each.
    await page.waitForSelector('[data-testid="my-ratings"] [data-testid="no-ratings"]');
    // Only the fragment differs from Anna's address: a reload opens the page with Ben's token.
    await page.goto(`${base}/?player=four#token=${encodeURIComponent(ben)}`);
    await page.reload();
    await page.waitForSelector('[data-testid="my-rating"]');
    const rated = await page.$$eval('[data-testid="my-rating"]', (rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent)));
    expect(rated.map((r) => [r[0], r[2]])).toEqual([
      ['Elo', '1'],
      ['Elo, by game value', '1'],
      ['Glicko-2', '1'],
      ['Team model (TrueSkill-style)', '1'],
      ['DSkV performance per series (Seeger-Fabian)', '1'],
    ]);

    // The arbiter rejects the contest (from another device): the arbiter's page open meanwhile says the
    // list changed, without wiping what is typed there, and shows the new list on a tap.
    const arbiter = server.token({ role: 'arbiter' });
    const desk = await openTab(browser, { width: 1024, height: 768 });
    await desk.goto(`${base}/?arbiter=four#token=${encodeURIComponent(arbiter)}`);
    await desk.waitForSelector('[data-testid="dispute-four-1-1"]');
    await desk.waitForSelector('[data-following="push"]');
    await desk.fill('[data-testid="dispute-four-1-1"] [data-testid="ruling-reason"]', 'half typed');
    expect(await desk.isHidden('[data-testid="disputes-changed"]')).toBe(true);
    await gql(
      `mutation($c: ID!) { ruleDispute(commandId: $c, input: { dealId: "four-1-1", upheld: false, reason: "the list is right" }) { revision } }`,
      { c: newCommandId() },
      arbiter,
    );
    await desk.waitForSelector('[data-testid="disputes-changed"]', { state: 'visible' });
    expect(await desk.inputValue('[data-testid="dispute-four-1-1"] [data-testid="ruling-reason"]')).toBe('half typed');
    await desk.click('[data-testid="show-new-disputes"]');
    await desk.waitForSelector('[data-testid="no-disputes"]');
    await desk.close();
    await page.goto(`${base}/?standings=four`);
    await page.waitForSelector('[data-testid="standings"] [data-testid="standing-total"]');
    expect(await page.$$('[data-testid="standings"] [data-testid="standing-dispute"]')).toHaveLength(0);
    await ctx.close();
  });
});
