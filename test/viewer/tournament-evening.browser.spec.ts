/// <reference lib="dom" />
/**
 * Issue 22's acceptance in Chromium, through the pages only (the test sends no GraphQL; the only
 * token it makes is the organiser's admin token, every other one comes from the organiser's page):
 * a tournament of 9 players, round 1 drawn at three 3-player tables, result-only entries from each
 * table's page, players confirming and contesting from their page, one contest upheld and one
 * rejected on the arbiter's page and a correction there, the guard refusing a premature draw, the
 * series and round 1 closed, round 2 drawn by standings without a repeated trio, one deal of
 * round 2 that the hall screen shows as it comes; the final standings equal the values computed
 * here from the facts entered (R34/R35). One browser, each page in a tab of its own (openTab); the organiser's tab stays open throughout.
 */
import type { Browser, Page } from 'playwright-core';
import { buildViewer, launchChromium, openTab } from './browser-harness';
import { startServer, type TestServer } from '../api/harness';

interface Line {
  declarer: string;
  game: 'CLUBS' | 'SPADES' | 'HEARTS' | 'DIAMONDS' | 'GRAND';
  matadors: number;
  points: number;
}
interface Known {
  tableId: string;
  dealNumber: number;
  line: Line;
}

const BASE: Record<string, number> = { DIAMONDS: 9, HEARTS: 10, SPADES: 11, CLUBS: 12, GRAND: 24 };
/** R26-R31 for a game after picking up the skat, bid 18, no schneider (points 31-89): the declarer's entry. */
const scoreOf = (l: Line): number => (l.points >= 61 ? 1 : -2) * BASE[l.game] * (Math.abs(l.matadors) + 1);
/** R3/R37 at a 3-table: deal n is dealt by player (n-1), forehand is the dealer's left. */
const seated = (players: string[], n: number): string[] => [1, 2, 0].map((k) => players[(n - 1 + k) % 3]);

/** R35 per player of one 3-table: game points, +50 per won, -50 per lost, +40 for each game another lost. */
function totals(players: string[], lines: Line[]): Map<string, number> {
  const out = new Map(players.map((p) => [p, 0]));
  for (const l of lines) {
    const s = scoreOf(l);
    out.set(l.declarer, out.get(l.declarer)! + s + (s > 0 ? 50 : -50));
    if (s < 0) for (const p of players) if (p !== l.declarer) out.set(p, out.get(p)! + 40);
  }
  return out;
}

const NINE = ['Anna', 'Ben', 'Cleo', 'Dora', 'Emil', 'Fritz', 'Gerd', 'Hanna', 'Ida'];
const T = '[data-testid="tournament-eve9"]';

let server: TestServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  buildViewer();
  server = await startServer();
  base = server.url.replace(/\/graphql$/, '');
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The link of the token the organiser's page just issued (it replaces the one shown before). */
async function issuedLink(page: Page, click: string, expect: string): Promise<string> {
  // Read without waiting: before the first token there is no link, and getAttribute would wait for one (30 s).
  const before = (await (await page.$('[data-testid="token-link"]'))?.getAttribute('href')) ?? '';
  await page.click(click);
  await page.waitForFunction(
    ([b, want]) => {
      const href = document.querySelector('[data-testid="token-link"]')?.getAttribute('href') ?? '';
      return href !== b && href.includes(want);
    },
    [before, expect] as const,
  );
  return (await page.getAttribute('[data-testid="token-link"]', 'href'))!;
}

/** One result-only line sent from the table's page; waits until the page took it (the form is replaced or the series is done). */
async function enterLine(tablet: Page, line: Line): Promise<void> {
  await tablet.waitForSelector('[data-testid="result-form"]:not([data-sent])');
  await tablet.selectOption('[data-testid="result-declarer"]', line.declarer);
  await tablet.selectOption('[data-testid="result-game"]', line.game);
  await tablet.selectOption('[data-testid="result-bid"]', '18');
  await tablet.selectOption('[data-testid="result-matadors"]', String(line.matadors));
  await tablet.fill('[data-testid="result-points"]', String(line.points));
  await tablet.$eval('[data-testid="result-form"]', (f) => f.setAttribute('data-sent', 'yes'));
  await tablet.click('[data-testid="result-send"]');
  await tablet.waitForFunction(() => !document.querySelector('[data-testid="result-form"][data-sent]'));
}

/** The tables the organiser's list shows: id and players clockwise (the first deals first). */
async function tablesShown(page: Page): Promise<Array<{ tableId: string; round: number; players: string[] }>> {
  return page.$$eval(`${T} [data-testid="table-row"]`, (rows) =>
    rows.map((r) => ({
      tableId: r.querySelector('th')!.textContent!.trim(),
      round: Number(r.children[1].textContent),
      players: r.children[2].textContent!.split(', '),
    })),
  );
}

describe('a tournament evening from the pages alone (issue 22 acceptance)', () => {
  it('runs two rounds of 9 players with contests, rulings, a correction, the draw guard and the hall screen; the standings equal the facts', async () => {
    const errors: Error[] = [];
    let answer = '';
    const organiser = await openTab(browser, { width: 1280, height: 1000 });
    const watch = (p: Page): Page => {
      p.context().setDefaultTimeout(30_000);
      p.on('pageerror', (e) => errors.push(e));
      p.on('dialog', (d) => void d.accept(answer));
      return p;
    };
    watch(organiser);
    const tab = async (): Promise<Page> => watch(await openTab(browser, { width: 1280, height: 1000 }));
    const admin = server.token({ role: 'admin' });
    await organiser.goto(`${base}/?organise#token=${encodeURIComponent(admin)}`);

    // ---- the tournament: 2 rounds, 3 deals a series at a 3-table (each player deals once), its roster of 9.
    await organiser.fill('[data-testid="new-id"]', 'eve9');
    await organiser.fill('[data-testid="new-name"]', 'Nine');
    await organiser.fill('[data-testid="new-rounds"]', '2');
    await organiser.fill('[data-testid="new-len3"]', '3');
    await organiser.click('[data-testid="create-tournament"]');
    await organiser.waitForSelector(T);
    await organiser.click(`${T} [data-testid="roster-eve9"] summary`);
    await organiser.fill(`${T} [data-testid="roster-paste"]`, NINE.join('\n'));
    await organiser.click(`${T} [data-testid="roster-paste-add"]`);
    await organiser.waitForFunction((t) => document.querySelectorAll(`${t} [data-testid="roster-player"]`).length === 9, T);

    // ---- round 1: a random draw, shown first, then confirmed: three tables of three.
    await organiser.click(`${T} [data-testid="draw-seats"]`);
    await organiser.waitForFunction((t) => document.querySelectorAll(`${t} [data-testid="drawn-table"]`).length === 3, T);
    await organiser.click(`${T} [data-testid="draw-confirm"]`);
    await organiser.waitForFunction((t) => document.querySelectorAll(`${t} [data-testid="table-row"]`).length === 3, T);
    const round1 = await tablesShown(organiser);
    expect(round1.flatMap((t) => t.players).sort()).toEqual([...NINE].sort());

    // ---- result-only entries from each table's page (its recorder link from the organiser's page).
    const known: Known[] = [];
    const tablet = await tab();
    const results: Array<[number, string, number][]> = [
      // [deal, game, points]: the declarer is the forehand of each deal.
      [
        [1, 'CLUBS', 75],
        [2, 'SPADES', 40],
        [3, 'HEARTS', 62],
      ],
      [
        [1, 'DIAMONDS', 50],
        [2, 'GRAND', 70],
        [3, 'CLUBS', 88],
      ],
      [
        [1, 'HEARTS', 80],
        [2, 'CLUBS', 33],
        [3, 'SPADES', 61],
      ],
    ];
    for (const [i, table] of round1.entries()) {
      const link = await issuedLink(organiser, `[data-testid="recorder-link-${table.tableId}"]`, `record=${table.tableId}`);
      await tablet.goto(link);
      await tablet.click('[data-testid="result-only"]');
      for (const [n, game, points] of results[i]) {
        const line: Line = { declarer: seated(table.players, n)[0], game: game as Line['game'], matadors: 1, points };
        await enterLine(tablet, line);
        known.push({ tableId: table.tableId, dealNumber: n, line });
      }
    }
    const lineOf = (tableId: string, n: number) => known.find((k) => k.tableId === tableId && k.dealNumber === n)!;

    // ---- players from their own page (links from the roster): one confirms, two contest.
    const playerPage = async (name: string): Promise<Page> => {
      const link = await issuedLink(organiser, `${T} [data-testid="player-link-${name}"]`, 'player=eve9');
      const p = await tab();
      await p.goto(link);
      await p.waitForSelector('[data-testid="my-deal"]');
      return p;
    };
    const [t1, t2] = round1;
    const confirmer = await playerPage(t1.players[0]);
    await confirmer.click(`[data-testid="confirm-${t1.tableId}-1"]`);
    await confirmer.waitForSelector('[data-testid="reviewed"]');
    await confirmer.close();
    // Table 1's deal 2 (lost with 40) is contested and upheld as 65; table 2's deal 1 contested and rejected.
    const contester1 = await playerPage(seated(t1.players, 2)[1]);
    answer = 'the declarer had 65';
    await contester1.click(`[data-testid="contest-${t1.tableId}-2"]`);
    await contester1.waitForSelector(`[data-testid="my-deal"] [data-testid="reviewed"]`);
    await contester1.close();
    const contester2 = await playerPage(seated(t2.players, 1)[2]);
    answer = 'we counted 62';
    await contester2.click(`[data-testid="contest-${t2.tableId}-1"]`);
    await contester2.waitForSelector(`[data-testid="my-deal"] [data-testid="reviewed"]`);
    await contester2.close();

    // ---- the guard: round 2 is not drawn while round 1's series are open (L19).
    await organiser.fill(`${T} [data-testid="draw-round"]`, '2');
    await organiser.selectOption(`${T} [data-testid="draw-method"]`, 'BY_STANDINGS');
    await organiser.click(`${T} [data-testid="draw-seats"]`);
    await organiser.waitForFunction(() => /open series/.test(document.querySelector('[data-testid="organiser-message"]')?.textContent ?? ''));

    // ---- the arbiter's page (an arbiter token from the organiser's page): uphold, reject, correct.
    await organiser.selectOption('[data-testid="issue-role"]', 'ARBITER');
    const arbiterLink = await issuedLink(organiser, '[data-testid="issue"]', '#token=');
    const arbiter = await tab();
    await arbiter.goto(arbiterLink.replace('/#token=', `/?arbiter=eve9#token=`));
    const d1 = `[data-testid="dispute-${t1.tableId}-2"]`;
    await arbiter.waitForSelector(d1);
    await arbiter.fill(`${d1} [data-testid="facts-points"]`, '65');
    await arbiter.fill(`${d1} [data-testid="ruling-reason"]`, 'recounted: 65');
    await arbiter.click(`${d1} [data-testid="uphold"]`);
    await arbiter.waitForSelector(d1, { state: 'detached' });
    lineOf(t1.tableId, 2).line.points = 65;
    const d2 = `[data-testid="dispute-${t2.tableId}-1"]`;
    await arbiter.fill(`${d2} [data-testid="ruling-reason"]`, 'the list is right');
    await arbiter.click(`${d2} [data-testid="reject"]`);
    await arbiter.waitForSelector(d2, { state: 'detached' });
    await arbiter.waitForSelector('[data-testid="no-disputes"]');
    // A correction of table 3's deal 2 (33 points, lost): it was 58, still lost, but schneider no longer.
    const t3 = round1[2];
    await arbiter.selectOption('[data-testid="correct-deal"]', `${t3.tableId}-2`);
    await arbiter.fill('[data-testid="facts-points"] >> nth=-1', '58');
    await arbiter.fill('[data-testid="correct-reason"]', 'counted again');
    const before = (await arbiter.textContent('[data-testid="arbiter-message"]')) ?? '';
    await arbiter.click('[data-testid="correct"]');
    await arbiter.waitForFunction((b) => (document.querySelector('[data-testid="arbiter-message"]')?.textContent ?? '') !== b, before);
    lineOf(t3.tableId, 2).line.points = 58;
    await arbiter.close();

    // ---- the series closed (complete: no reason asked), then round 1 closed.
    answer = '';
    for (const t of round1) {
      await organiser.click(`[data-testid="close-${t.tableId}"]`);
      await organiser.waitForFunction((id) => !document.querySelector(`[data-testid="close-${id}"]`), t.tableId);
    }
    await organiser.click(`${T} [data-testid="close-round"]`);
    await organiser.waitForFunction((t) => document.querySelector(`${t} [data-testid="rounds-closed"]`)?.textContent?.includes('1'), T);

    // ---- round 2 by standings: shown first, no trio of round 1 together again, confirmed.
    await organiser.fill(`${T} [data-testid="draw-round"]`, '2');
    await organiser.selectOption(`${T} [data-testid="draw-method"]`, 'BY_STANDINGS');
    await organiser.click(`${T} [data-testid="draw-seats"]`);
    await organiser.waitForFunction((t) => document.querySelectorAll(`${t} [data-testid="drawn-table"]`).length === 3, T);
    expect(await organiser.textContent(`${T} [data-testid="draw-trios"]`)).toContain('No three players');
    await organiser.click(`${T} [data-testid="draw-confirm"]`);
    await organiser.waitForFunction((t) => document.querySelectorAll(`${t} [data-testid="table-row"]`).length === 6, T);
    const round2 = (await tablesShown(organiser)).filter((t) => t.round === 2);
    expect(round2).toHaveLength(3);
    for (const t of round2) for (const r of round1) expect(t.players.filter((p) => r.players.includes(p)).length).toBeLessThan(3);

    // ---- the hall screen shows every table of round 2 and follows the deal entered next.
    const hall = await tab();
    await hall.setViewportSize({ width: 1920, height: 1080 });
    await hall.goto(`${base}/?hall=eve9`);
    await hall.waitForFunction(() => document.querySelectorAll('[data-testid="hall-table"]').length === 3);
    const r2 = round2[0];
    const link = await issuedLink(organiser, `[data-testid="recorder-link-${r2.tableId}"]`, `record=${r2.tableId}`);
    await tablet.goto(link);
    await tablet.click('[data-testid="result-only"]');
    const line2: Line = { declarer: seated(r2.players, 1)[0], game: 'GRAND', matadors: 2, points: 85 };
    await enterLine(tablet, line2);
    known.push({ tableId: r2.tableId, dealNumber: 1, line: line2 });
    await hall.waitForFunction(
      (id) => document.querySelector(`[data-testid="hall-table"][aria-label="${id}"] [data-testid="hall-played"]`)?.textContent?.includes('1'),
      r2.tableId,
    );

    // ---- the final standings equal R35 computed here from the facts in force.
    const expected = new Map<string, number>();
    for (const t of [...round1, ...round2]) {
      const lines = known.filter((k) => k.tableId === t.tableId).map((k) => k.line);
      for (const [p, v] of totals(t.players, lines)) expected.set(p, (expected.get(p) ?? 0) + v);
    }
    await tablet.goto(`${base}/?standings=eve9`);
    await tablet.waitForSelector('[data-testid="standings"] [data-testid="standing-total"]');
    const shown = await tablet.$$eval('[data-testid="standings"] tbody tr', (trs) =>
      trs.map(
        (tr) => [tr.querySelector('th')!.firstChild!.textContent!.trim(), Number(tr.querySelector('[data-testid="standing-total"]')!.textContent)] as const,
      ),
    );
    expect(new Map(shown)).toEqual(expected);
    expect(shown.map(([, v]) => v)).toEqual([...shown.map(([, v]) => v)].sort((a, b) => b - a));
    expect(errors).toEqual([]);
  }, 240_000);
});
