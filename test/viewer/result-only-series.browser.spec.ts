/// <reference lib="dom" />
/**
 * A 36-deal series entered on the recorder page in result-only mode: for every line the value the
 * page shows before sending is the score the server then records (R26-R32, D1, D2), and the page's
 * score sheet at the end equals the API's, row by row and in the Seeger-Fabian block.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openTable } from '../api/deal-flow';
import { buildViewer, launchChromium, outputFolder } from './browser-harness';
import { startServer, type TestServer } from '../api/harness';

const OUT = outputFolder('recorder');
const TABLE = 'paper-t1';
const PLAYERS = ['Anna', 'Ben', 'Cleo'];

interface Line {
  passedIn?: boolean;
  declarer?: string;
  game?: string;
  hand?: boolean;
  ouvert?: boolean;
  schneiderAnnounced?: boolean;
  matadors?: number;
  bid?: number;
  points?: number;
  schwarz?: boolean;
  nullWon?: boolean;
}

// The list as a paper sheet would carry it: wins and losses, schneider, hand, null, grand, overbid, passed in.
const LINES: Line[] = [];
const GAMES = ['CLUBS', 'SPADES', 'HEARTS', 'DIAMONDS', 'GRAND'];
for (let i = 0; i < 36; i++) {
  const declarer = PLAYERS[i % 3];
  if (i % 9 === 4) LINES.push({ passedIn: true });
  else if (i % 7 === 3) LINES.push({ declarer, game: 'NULL', hand: i % 2 === 0, nullWon: i % 3 !== 0, bid: 23 });
  else if (i === 10)
    LINES.push({ declarer, game: 'DIAMONDS', matadors: 1, bid: 36, points: 70 }); // overbid: 18 < 36
  else if (i === 20)
    LINES.push({ declarer, game: 'CLUBS', hand: true, schneiderAnnounced: true, matadors: 1, bid: 18, points: 89 }); // announced, missed
  else if (i === 25) LINES.push({ declarer, game: 'GRAND', matadors: 2, bid: 24, points: 120, schwarz: true });
  else {
    const game = GAMES[i % 5];
    const matadors = game === 'GRAND' ? (i % 2 ? 1 : -2) : ((i % 4) + 1) * (i % 3 ? 1 : -1);
    LINES.push({ declarer, game, hand: i % 8 === 1, matadors, bid: 18, points: [75, 45, 95, 61, 60, 28][i % 6] });
  }
}

let server: TestServer;
let browser: Browser;
let base: string;
let admin: string;

/** The table's sheet rows once the server holds `count` of them (the page sent the line). */
async function rowsOnceRecorded(count: number, page: Page): Promise<any[]> {
  for (let i = 0; i < 200; i++) {
    const sheet = await server.gql('query($t: ID!) { scoreSheet(tableId: $t) { rows { entry passedIn } } }', { t: TABLE }, admin);
    const rows = sheet.body.data.scoreSheet.rows;
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`line ${count} was not recorded: ${await page.textContent('[data-testid="recorder-message"]')}`);
}

async function fill(page: Page, line: Line): Promise<void> {
  await page.waitForSelector('[data-testid="result-form"]');
  const box = async (name: string, on: boolean | undefined) =>
    on ? page.check(`[data-testid="result-${name}"]`) : page.uncheck(`[data-testid="result-${name}"]`);
  await box('passedIn', line.passedIn);
  if (line.passedIn) return;
  await page.selectOption('[data-testid="result-declarer"]', line.declarer!);
  await page.selectOption('[data-testid="result-game"]', line.game!);
  await box('hand', line.hand);
  await box('ouvert', line.ouvert);
  await box('schneiderAnnounced', line.schneiderAnnounced);
  await page.selectOption('[data-testid="result-bid"]', String(line.bid));
  if (line.game === 'NULL') await page.selectOption('[data-testid="result-nullWon"]', line.nullWon ? 'won' : 'lost');
  else {
    await page.selectOption('[data-testid="result-matadors"]', String(line.matadors));
    await page.fill('[data-testid="result-points"]', String(line.points));
    await box('schwarz', line.schwarz);
  }
}

beforeAll(async () => {
  buildViewer();
  server = await startServer();
  base = server.url.replace(/\/graphql$/, '');
  admin = server.token({ role: 'admin' });
  await openTable(server, TABLE, PLAYERS, admin);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('result-only entry on the recorder page', () => {
  it('enters a 36-deal series; each shown value is the recorded score; the sheet equals the API', async () => {
    const page = await browser.newPage({ viewport: { width: 820, height: 1180 } });
    page.on('pageerror', (e) => {
      throw e;
    });
    await page.goto(`${base}/?record=${TABLE}#token=${encodeURIComponent(server.token({ role: 'recorder', table: TABLE }))}`);
    await page.click('[data-testid="result-only"]');
    for (let i = 0; i < LINES.length; i++) {
      await fill(page, LINES[i]);
      const preview = (await page.textContent('[data-testid="result-preview"]')) ?? '';
      if (i === 0) await page.screenshot({ path: join(OUT, 'result-only.png'), fullPage: true });
      await page.$eval('[data-testid="result-form"]', (f) => f.setAttribute('data-sent', 'yes'));
      await page.click('[data-testid="result-send"]');
      const rows = await rowsOnceRecorded(i + 1, page);
      await page.waitForSelector('[data-testid="result-form"]:not([data-sent])'); // the next line's form
      const entry = rows[i].entry;
      if (LINES[i].passedIn) expect(rows[i].passedIn).toBe(true);
      else expect({ line: i + 1, preview }).toEqual({ line: i + 1, preview: expect.stringContaining(entry > 0 ? `+${entry}` : String(entry)) });
    }
    // The page's sheet equals the API's.
    await page.goto(`${base}/?sheet=${TABLE}`);
    await page.waitForSelector('[data-testid="seeger-fabian"]');
    const api = (
      await server.gql(
        'query($t: ID!) { scoreSheet(tableId: $t) { players rows { dealNumber totals { player total } } totals { player seegerFabian } } }',
        { t: TABLE },
        admin,
      )
    ).body.data.scoreSheet;
    const shownRows = await page.$$eval('[data-testid="sheet-rows"] tbody tr', (trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td.num')).map((td) => Number(td.textContent))),
    );
    expect(shownRows).toEqual(api.rows.map((r: any) => api.players.map((p: string) => r.totals.find((x: any) => x.player === p).total)));
    const shownTotals = await page.$$eval('[data-testid="seeger-fabian"] tbody tr', (trs) =>
      trs.map((tr) => [tr.querySelector('th')?.textContent, Number(tr.querySelector('[data-testid="sheet-total"]')?.textContent)]),
    );
    expect(shownTotals.sort()).toEqual(api.totals.map((t: any) => [t.player, t.seegerFabian]).sort());
    expect(api.rows).toHaveLength(36);
    await page.close();
  });
});
