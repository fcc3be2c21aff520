/// <reference lib="dom" />
/**
 * The organiser's page in Chromium with an admin token: tournaments and tables with their status,
 * a recorder link with a QR code drawn by the page (its link signs a tablet in), the loss fee set,
 * the list following its tournament by push, a token issued and revoked (refused afterwards), the seat draw for round 2 creating its tables, and round 1 closed.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { newCommandId, openTableAndDeal, playOn } from '../api/deal-flow';
import { buildViewer, launchChromium, openTab, outputFolder } from './browser-harness';
import { startServer, type TestServer } from '../api/harness';

const OUT = outputFolder('organiser');

let server: TestServer;
let browser: Browser;
let base: string;
let admin: string;

beforeAll(async () => {
  buildViewer();
  server = await startServer();
  base = server.url.replace(/\/graphql$/, '');
  admin = server.token({ role: 'admin' });
  await server.gql(
    `mutation($c: ID!) { createTournament(commandId: $c, input: { tournamentId: "open", name: "Open Cup" }) { revision } }`,
    { c: newCommandId() },
    admin,
  );
  for (const [id, players] of [
    ['open-1', ['Anna', 'Ben', 'Cleo']],
    ['open-2', ['Dora', 'Emil', 'Fritz']],
  ] as const) {
    await server.gql(
      `mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`,
      { c: newCommandId(), i: { tableId: id, players, firstDealer: players[0], tournamentId: 'open', round: 1 } },
      admin,
    );
  }
  const deal = await openTableAndDeal(server, 'open-1', ['Anna', 'Ben', 'Cleo'], admin, admin);
  await playOn(server, deal, admin);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('organiser page in Chromium', () => {
  it('runs the evening: table status, recorder link and QR, loss fee, tokens, seat draw', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    // Anyone may open the page; without a token it asks for one, and a wrong one gets a clear answer.
    await page.goto(`${base}/?organise`);
    await page.fill('[data-testid="token-input"]', admin);
    await page.click('form.sign-in button');
    await page.waitForSelector('[data-testid="tournament-open"]');
    const rows = await page.$$eval('[data-testid="tournament-open"] [data-testid="table-row"]', (trs) =>
      trs.map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('[data-testid="played"]')?.textContent]),
    );
    expect(rows).toEqual([
      ['open-1', '1 / 36'],
      ['open-2', '0 / 36'],
    ]);

    // A recorder link for table open-2 with a QR code; the link signs a tablet in.
    await page.click('[data-testid="recorder-link-open-2"]');
    await page.waitForSelector('[data-testid="token-qr"] svg');
    const link = (await page.getAttribute('[data-testid="token-link"]', 'href'))!;
    expect(link).toMatch(/\/\?record=open-2#token=/);
    await page.screenshot({ path: join(OUT, 'organiser-desktop.png'), fullPage: true });
    const tablet = await openTab(browser, { width: 1280, height: 1000 });
    await tablet.goto(link);
    await tablet.waitForSelector('[data-testid="enter-cards"]');
    await tablet.click('[data-testid="server-shuffle"]');
    await tablet.waitForSelector('[data-testid="recorder-to-act"]');
    // The list follows the tournament by push (it polls only while a subscription is down): the deal
    // the tablet just started shows in open-2's row without a reload.
    await page.waitForSelector('[data-following="push"]');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid="tournament-open"] [data-testid="table-row"]')).some(
        (tr) => tr.querySelector('th')?.textContent === 'open-2' && tr.textContent?.includes('open-2-1'),
      ),
    );
    await tablet.close();

    // The loss fee: 50 cents, 1 euro from the 4th lost game.
    await page.fill('[data-testid="tournament-open"] [data-testid="fee"]', '50');
    await page.fill('[data-testid="tournament-open"] [data-testid="fee4"]', '100');
    await page.click('[data-testid="tournament-open"] [data-testid="set-fee"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="loss-fee"]')?.textContent?.includes('0.50'));
    const tours = await server.gql('{ tournaments { tournamentId lossFeeCents lossFeeFromFourthCents } }', {}, admin);
    expect(tours.body.data.tournaments.find((x: any) => x.tournamentId === 'open')).toMatchObject({ lossFeeCents: 50, lossFeeFromFourthCents: 100 });

    // A player token issued, then revoked: the API refuses it from then on.
    await page.selectOption('[data-testid="issue-role"]', 'PLAYER');
    await page.fill('[data-testid="issue-player"]', 'Ben');
    await page.fill('[data-testid="issue-tournament"]', 'open');
    await page.click('[data-testid="issue"]');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="token-link"]')?.getAttribute('href')?.endsWith('') &&
        document.querySelector('h3')?.textContent?.includes('player'),
    );
    const playerLink = (await page.getAttribute('[data-testid="token-link"]', 'href'))!;
    const playerToken = decodeURIComponent(playerLink.split('#token=')[1]);
    const tokenId = (await page.textContent('[data-testid="token-id"]'))!;
    expect((await server.gql('{ deals(first: 1) { totalCount } }', {}, playerToken)).status).toBe(200);
    await page.fill('[data-testid="revoke-id"]', tokenId);
    await page.fill('[data-testid="revoke-reason"]', 'lost phone');
    await page.click('[data-testid="revoke"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="organiser-message"]')?.textContent?.includes('revoked'));
    expect((await server.gql('{ deals(first: 1) { totalCount } }', {}, playerToken)).status).toBe(401);

    // The roster, kept in the ledger (L23): a pasted list, a name corrected before its player sits at a table (a seated
    // player's name is refused), a player removed and one joining late; the draw seats exactly the roster.
    const T = '[data-testid="tournament-open"]';
    await page.click(`${T} [data-testid="roster-open"] summary`);
    await page.fill(`${T} [data-testid="roster-paste"]`, 'name\nAnna\nBen\nCleo\nDora\nEmil\nFritz\nGerd\nHanna\nIda\nBen');
    await page.click(`${T} [data-testid="roster-paste-add"]`);
    await page.waitForFunction((t) => document.querySelectorAll(`${t} [data-testid="roster-player"]`).length === 9, T);
    page.once('dialog', (d) => void d.accept('Hannah'));
    await page.click(`${T} [aria-label="${'Rename'} Hanna"]`);
    await page.waitForFunction((t) => document.querySelector(`${t} [data-testid="roster"]`)?.textContent?.includes('Hannah'), T);
    page.once('dialog', (d) => void d.accept('Anne'));
    await page.click(`${T} [aria-label="Rename Anna"]`);
    await page.waitForFunction(() => /L23|sits at a table/.test(document.querySelector('[data-testid="organiser-message"]')?.textContent ?? ''));
    await page.click(`${T} [aria-label="Remove Ida"]`);
    await page.waitForFunction((t) => document.querySelectorAll(`${t} [data-testid="roster-removed"]`).length === 1, T);
    await page.fill(`${T} [data-testid="roster-add-name"]`, 'Ilse');
    await page.click(`${T} [data-testid="roster-add"]`);
    await page.waitForFunction((t) => document.querySelector(`${t} [data-testid="roster-count"]`)?.textContent?.startsWith('9'), T);
    const roster = (await server.gql('{ roster(tournamentId: "open") { player fromRound removedAfterRound } }', {}, admin)).body.data.roster;
    expect(roster.filter((r: any) => r.removedAfterRound === null).map((r: any) => r.player)).toEqual([
      'Anna',
      'Ben',
      'Cleo',
      'Dora',
      'Emil',
      'Fritz',
      'Gerd',
      'Hannah',
      'Ilse',
    ]);
    // Entered while round 1 is played: drawn from round 2 on.
    expect(roster.every((r: any) => r.fromRound === 2)).toBe(true);
    expect(roster.find((r: any) => r.player === 'Ida')).toEqual({ player: 'Ida', fromRound: 2, removedAfterRound: 1 });

    // The seat draw for round 2 (by standings): refused while round 1's series are open (L19), shown
    // before it is recorded once they are closed, then confirmed; the draw opens the round's tables.
    await page.selectOption('[data-testid="tournament-open"] [data-testid="draw-method"]', 'BY_STANDINGS');
    await page.click('[data-testid="tournament-open"] [data-testid="draw-seats"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="organiser-message"]')?.textContent?.includes('open series'));
    page.on('dialog', (d) => void d.accept('short evening'));
    // The tablet's deal at open-2 is abandoned first (a series closes between deals, L13).
    await server.gql(
      `mutation($c: ID!) { abandonDeal(commandId: $c, input: { dealId: "open-2-1", reason: MISDEAL }) { revision } }`,
      { c: newCommandId() },
      admin,
    );
    for (const id of ['open-1', 'open-2']) {
      await page.click(`[data-testid="close-${id}"]`);
      await page.waitForFunction((t) => !document.querySelector(`[data-testid="close-${t}"]`), id);
    }
    await page.click('[data-testid="tournament-open"] [data-testid="draw-seats"]');
    await page.waitForSelector('[data-testid="tournament-open"] [data-testid="drawn-table"]');
    const drawn = await page.$$eval('[data-testid="tournament-open"] [data-testid="drawn-table"]', (li) => li.map((x) => x.textContent ?? ''));
    expect(drawn).toHaveLength(3);
    for (const name of ['Gerd', 'Hannah', 'Ilse']) expect(drawn.join(' ')).toContain(name);
    expect(drawn.join(' ')).not.toContain('Ida');
    expect(await server.gql('{ standings(tournamentId: "open") { tables { round } } }', {}, admin).then((r) => r.body.data.standings.tables.length)).toBe(2);
    await page.click('[data-testid="tournament-open"] [data-testid="draw-confirm"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tournament-open"] [data-testid="table-row"]').length > 2);
    const st = await server.gql('{ standings(tournamentId: "open") { tables { tableId round } } }', {}, admin);
    expect(st.body.data.standings.tables.filter((x: any) => x.round === 2).length).toBeGreaterThan(0);
    // Round 1 closes from the page (every series of it is closed); round 2 is refused while its series are open (L21).
    await page.click('[data-testid="tournament-open"] [data-testid="close-round"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="tournament-open"] [data-testid="rounds-closed"]')?.textContent?.includes('1'));
    const closed = await server.gql('{ tournaments { tournamentId closedRounds closedAfterRound } }', {}, admin);
    expect(closed.body.data.tournaments.find((x: any) => x.tournamentId === 'open')).toMatchObject({ closedRounds: [1], closedAfterRound: null });
    await page.waitForFunction(() => document.querySelector('[data-testid="tournament-open"] [data-testid="close-round"]')?.textContent?.includes('2'));
    expect(await page.$('[data-testid="tournament-open"] [data-testid="close-tournament"]')).toBeNull();
    await page.click('[data-testid="tournament-open"] [data-testid="close-round"]');
    await page.waitForFunction(() => /L21|open series/.test(document.querySelector('[data-testid="organiser-message"]')?.textContent ?? ''));
    const phone = await openTab(browser, { width: 390, height: 844 });
    await phone.goto(`${base}/?organise#token=${encodeURIComponent(admin)}`); // a new tab keeps no token: this one signs in by link
    await phone.waitForSelector('[data-testid="tournament-open"]');
    const widths = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    await phone.screenshot({ path: join(OUT, 'organiser-phone.png'), fullPage: true });
    await tablet.close();
    await phone.close();
    await ctx.close();
  });
});
