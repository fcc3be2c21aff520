/// <reference lib="dom" />
/**
 * Issue #23 acceptance in Chromium at 390×844 (a phone): a whole deal recorded as seen in at most
 * 45 taps (bids, declaration, 30 cards from the 32-card grid, the skat), with a double tap 100 ms
 * apart that records one card; the deal's end withdrawn after it ended and recorded again; a
 * misdeal; a revoke called at the table (R20) and proven by the cards shown; an impossible card
 * refused with its rule and reason, a card that proves a revoke confirmed first; the token checked
 * when the page opens (expired, in German: the page in German with the German deck, its hand games
 * one tap). One server, one browser.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { GIVEN_CARDS, openTable, playOn } from '../api/deal-flow';
import { axeViolations } from './axe-violations';
import { buildViewer, launchChromium, outputFolder } from './browser-harness';
import { startServer, type TestServer } from '../api/harness';

const OUT = outputFolder('recorder-seen');
const TABLE = 'seen-t1';
const PLAYERS = ['Anna', 'Ben', 'Cleo'];
const PHONE = { width: 390, height: 844 };

let server: TestServer;
let browser: Browser;
let base: string;
let admin: string;
let page: Page;
let taps = 0;

const DEALS = `query($t: ID!) { deals(filter: { tableId: $t }, first: 20) { nodes { id status } } }`;
const EVENTS = `query($id: ID!) { deal(id: $id) { status frames(perspective: ALL) { event { type } } } }`;
const SCORE = `query($id: ID!) { deal(id: $id) { status result { score won declarerName } } }`;

async function deals(table: string): Promise<Array<{ id: string; status: string }>> {
  return (await server.gql(DEALS, { t: table }, admin)).body.data.deals.nodes;
}
async function eventTypes(dealId: string): Promise<string[]> {
  return (await server.gql(EVENTS, { id: dealId }, admin)).body.data.deal.frames.map((f: any) => f.event.type);
}
/** One tap of the recorder (Playwright waits until the button is there and not greyed). */
async function tap(selector: string): Promise<void> {
  await page.locator(selector).first().click();
  taps++;
}
const card = (code: string) => `[data-testid="card-grid"] [data-code="${code}"]`;
const pick = (grid: string, code: string) => `[data-testid="${grid}"] [data-code="${code}"]`;
/** Until the page shows everything as recorded and a choice again (not the moment of the last move). */
async function settled(): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="pending"]')?.textContent === 'Everything is recorded.' &&
      !document.querySelector('[data-testid="recorded-moment"]'),
  );
}

beforeAll(async () => {
  buildViewer();
  server = await startServer();
  base = server.url.replace(/\/graphql$/, '');
  admin = server.token({ role: 'admin' });
  await openTable(server, TABLE, PLAYERS, admin);
  await openTable(server, 'seen-twin', PLAYERS, admin);
  browser = await launchChromium();
  const ctx = await browser.newContext({ viewport: PHONE });
  page = await ctx.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  await page.goto(`${base}/?record=${TABLE}#token=${encodeURIComponent(server.token({ role: 'recorder', table: TABLE }))}`);
  await page.waitForSelector('[data-testid="record-seen"]');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

jest.setTimeout(240_000);

describe('recording a deal as seen, on a phone', () => {
  let seenId = '';
  let twinScore: any;

  it('records a whole deal as seen in at most 45 taps, a double tap recording one card, and shows the result and the sheet', async () => {
    // The same deal recorded with its hands dealt, over the API: the moves a simple script takes.
    await server.gql(
      `mutation($c: ID!, $i: StartTableDealInput!) { startTableDeal(commandId: $c, input: $i) { dealId } }`,
      { c: 'twin-start', i: { tableId: 'seen-twin', cards: GIVEN_CARDS } },
      admin,
    );
    const twinId = (await deals('seen-twin'))[0].id;
    const moves = await playOn(server, twinId, admin);
    twinScore = (await server.gql(SCORE, { id: twinId }, admin)).body.data.deal.result;

    taps = 0;
    await tap('[data-testid="record-seen"]');
    await page.waitForSelector('[data-testid="bid-next"]');
    seenId = (await deals(TABLE))[0].id;
    let played = 0;
    for (const m of moves) {
      if (m.kind === 'bid') await tap('[data-testid="bid-next"]');
      else if (m.kind === 'hold') await tap('[data-testid="hold"]');
      else if (m.kind === 'pass') await tap('[data-testid="pass"]');
      else if (m.kind === 'pickUpSkat') await tap('[data-testid="pick-up"]');
      else if (m.kind === 'declare') await tap('[data-testid="declare"]:text-is("grand")');
      else if (m.kind === 'play') {
        const code = String(m.variables.card);
        played++;
        if (played === 5) {
          // A double tap 100 ms apart on the card: the second lands on the recorded move, not on the next seat's choices.
          await page.locator(card(code)).waitFor();
          const box = (await page.locator(card(code)).boundingBox())!;
          const before = (await eventTypes(seenId)).filter((t) => t === 'CardPlayed').length;
          // What the page shows in the grid's place after the tap (caught as it is drawn: it lasts a moment).
          await page.evaluate(() => {
            const w = window as unknown as { shownMoment?: string };
            new MutationObserver((_, o) => {
              const m = document.querySelector('[data-testid="recorded-moment"]');
              if (m) ((w.shownMoment = m.textContent ?? ''), o.disconnect());
            }).observe(document.body, { childList: true, subtree: true });
          });
          await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
          await page.waitForTimeout(100);
          await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
          taps += 2;
          const moment = await page.evaluate(() => (window as unknown as { shownMoment?: string }).shownMoment);
          expect(moment).toMatch(/^Recorded: (Forehand|Middlehand|Rearhand): /);
          await settled();
          expect((await eventTypes(seenId)).filter((t) => t === 'CardPlayed').length).toBe(before + 1);
          continue;
        }
        if (played === 12) {
          await page.screenshot({ path: join(OUT, 'grid-phone.png'), fullPage: true });
          expect(await axeViolations(page)).toEqual([]);
        }
        await tap(card(code));
      }
      // The discard is not seen at the table: it is the two cards nobody played.
    }
    await settled();
    // After the play: the skat as the declarer shows it (two of his twelve), confirmed because it ends the deal.
    for (const c of GIVEN_CARDS.skat) await tap(pick('show-skat-grid', c));
    await tap('[data-testid="skat-shown"]');
    await page.waitForSelector('[data-testid="confirm"]');
    await page.screenshot({ path: join(OUT, 'confirm-phone.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await tap('[data-testid="confirm-yes"]');
    await page.waitForSelector('[data-testid="deal-result"]');
    expect(taps).toBeLessThanOrEqual(45);
    const seen = (await server.gql(SCORE, { id: seenId }, admin)).body.data.deal;
    expect(seen.status).not.toBe('IN_PROGRESS');
    expect(seen.result).toEqual(twinScore);
    // The page says what happened: the result, the sheet's new row and the totals.
    await page.waitForSelector('[data-testid="sheet-row"]');
    expect(await page.textContent('[data-testid="sheet-row"]')).toContain(String(twinScore.score));
    expect(await page.locator('[data-testid="sheet-totals"] li').count()).toBe(3);
    await page.screenshot({ path: join(OUT, 'result-phone.png'), fullPage: true });
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('withdraws the move that ended the deal after it ended (with a reason), then records it again', async () => {
    await tap('[data-testid="undo"]');
    await page.fill('[data-testid="confirm-reason"]', 'the skat was misread');
    await tap('[data-testid="confirm-yes"]');
    await page.waitForSelector('[data-testid="show-skat-grid"]');
    expect((await server.gql(SCORE, { id: seenId }, admin)).body.data.deal.status).toBe('IN_PROGRESS');
    expect(await eventTypes(seenId)).not.toContain('DealScored'); // the replay leaves the withdrawn end out
    for (const c of GIVEN_CARDS.skat) await tap(pick('show-skat-grid', c));
    await tap('[data-testid="skat-shown"]');
    await tap('[data-testid="confirm-yes"]');
    await page.waitForSelector('[data-testid="deal-result"]');
    expect((await server.gql(SCORE, { id: seenId }, admin)).body.data.deal.result).toEqual(twinScore);
    const sheet = await server.gql(`query($t: ID!) { scoreSheet(tableId: $t) { rows { dealId } } }`, { t: TABLE }, admin);
    expect(sheet.body.data.scoreSheet.rows.map((r: any) => r.dealId)).toEqual([seenId]);
  });

  it('abandons a deal as a misdeal, after asking', async () => {
    await tap('[data-testid="record-seen"]');
    await tap('[data-testid="misdeal"]');
    await page.waitForSelector('[data-testid="confirm"]');
    await tap('[data-testid="confirm-yes"]');
    await page.waitForSelector('[data-testid="deal-result"]');
    const d = (await deals(TABLE)).find((x) => x.id !== seenId)!;
    expect(await eventTypes(d.id)).toContain('DealAbandoned');
  });

  it('refuses an impossible card with its rule and reason, and records a revoke called at the table (R20)', async () => {
    const before = new Set((await deals(TABLE)).map((d) => d.id));
    await tap('[data-testid="record-seen"]');
    await tap('[data-testid="bid-next"]'); // middlehand 18
    await tap('[data-testid="hold"]');
    await tap('[data-testid="pass"]');
    await tap('[data-testid="pass"]');
    // A hand game is one tap, as a game after the pick-up: the hand games are offered beside "pick up" (issue #23 item 4).
    expect(await page.locator('[data-testid="declare"]').count()).toBeLessThanOrEqual(7);
    await tap('[data-testid="declare"]:text-is("clubs hand")');
    const id = (await deals(TABLE)).find((d) => !before.has(d.id))!.id;
    await tap(card('SA')); // forehand leads spades
    await settled();
    // The ace is played: tapping it again is refused with the rule and the reason.
    await page.locator(card('SA')).click({ force: true });
    await page.waitForFunction(() => /^Not recorded: [LR]\d+: /.test(document.querySelector('[data-testid="recorder-message"]')?.textContent ?? ''));
    expect(await page.textContent('[data-testid="recorder-message"]')).toMatch(/SA|played/);
    await tap(card('HA')); // middlehand does not follow (he holds spades)
    await tap(card('H9'));
    await settled();
    await tap(card('ST')); // forehand won the trick and leads spades again
    await settled();
    // Middlehand's spade now proves he could have followed: it ends the play (R20), so the page asks first and says why.
    await tap(card('SK'));
    await page.waitForSelector('[data-testid="confirm"]');
    expect(await page.textContent('[data-testid="confirm"]')).toMatch(/This ends the game: .*R20: Middlehand did not follow this before/);
    await tap('[data-testid="confirm-no"]');
    expect((await eventTypes(id)).filter((t) => t === 'CardPlayed')).toHaveLength(4);
    // The table stops the game instead, calling the revoke.
    await tap('[data-testid="revoke"]');
    await tap('[data-testid="revoke-middlehand"]');
    await tap('[data-testid="confirm-yes"]');
    await page.waitForSelector('[data-testid="show-hand-grid"]');
    // The hands turned over: forehand's, middlehand's (spades: the proof), rearhand's; the skat is the rest.
    const shown = [
      ['CA', 'CT', 'CK', 'CQ', 'CJ', 'C9', 'C8', 'C7'],
      ['SK', 'SQ', 'SJ', 'S9', 'S8', 'S7', 'HT', 'HK', 'HQ'],
      ['HJ', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'DJ', 'D9'],
    ];
    for (const [i, hand] of shown.entries()) {
      for (const c of hand) await tap(pick('show-hand-grid', c));
      await tap('[data-testid="hand-shown"]');
      if (i === 2) await tap('[data-testid="confirm-yes"]');
      else await settled();
    }
    await page.waitForSelector('[data-testid="deal-result"]');
    // The stream holds what the table saw (the replay reads the complete deal as its dealt twin).
    const audit = await server.gql(`query($id: ID!) { audit(dealId: $id) { events { type } } }`, { id }, admin);
    expect(audit.body.data.audit.events.map((e: any) => e.type)).toEqual(expect.arrayContaining(['RevokeCalled', 'HandShown', 'HandsRevealed', 'DealScored']));
    const r = (await server.gql(SCORE, { id }, admin)).body.data.deal.result;
    expect(r.won).toBe(true); // R20: the defenders' revoke loses them the game
  });

  it("explains a conflict in the table's words and shows the deal as recorded now", async () => {
    const before = new Set((await deals(TABLE)).map((d) => d.id));
    await tap('[data-testid="record-seen"]');
    await page.waitForSelector('[data-testid="bid-next"]');
    const id = (await deals(TABLE)).find((d) => !before.has(d.id))!.id;
    // Another device records middlehand's 18 meanwhile; this page still offers it.
    const other = await server.gql(
      `mutation($c: ID!, $i: CallBidInput!) { callBid(commandId: $c, input: $i) { revision } }`,
      { c: 'elsewhere-18', i: { dealId: id, seat: 'MIDDLEHAND', value: 18 } },
      admin,
    );
    expect(other.body.errors).toBeUndefined();
    await tap('[data-testid="bid-next"]');
    await page.waitForFunction(() => (document.querySelector('[data-testid="recorder-message"]')?.textContent ?? '').startsWith('Meanwhile another move'));
    const text = (await page.textContent('[data-testid="recorder-message"]')) ?? '';
    expect(text).not.toMatch(/revision|Stream/);
    await page.waitForSelector('[data-testid="hold"]'); // forehand answers the 18 now
    expect(await page.textContent('[data-testid="recorder-to-act"]')).toContain('Forehand');
  });

  it('checks the token when the page opens: wrong table, garbage, an unknown table, expired (in German, as the German page reads)', async () => {
    const check = async (table: string, token: string, want: RegExp) => {
      const p = await browser.newPage({ viewport: PHONE });
      await p.goto(`${base}/?record=${table}#token=${encodeURIComponent(token)}`);
      await p.waitForSelector('[data-testid="token-problem"]');
      expect(await p.textContent('[data-testid="token-problem"]')).toMatch(want);
      await p.click('[data-testid="token-other"]');
      await p.waitForSelector('[data-testid="token-input"]');
      await p.close();
    };
    await check(TABLE, server.token({ role: 'recorder', table: 'other-table' }), /records table other-table, not table seen-t1/);
    await check(TABLE, 'not-a-token', /not a token of this server/);
    await check('no-such-table', server.token({ role: 'admin' }), /no table no-such-table here/);
    // In German with the German deck: an expired token, then the page itself (the deal the conflict left open).
    const de = await browser.newContext({ viewport: PHONE });
    await de.addInitScript(() => (localStorage.setItem('skat-ledger.language', 'de'), localStorage.setItem('skat-ledger.deck', 'german')));
    page = await de.newPage();
    const expired = server.token({ role: 'recorder', table: TABLE, exp: Math.floor(Date.now() / 1000) - 60 });
    await page.goto(`${base}/?record=${TABLE}#token=${encodeURIComponent(expired)}`);
    await page.waitForSelector('[data-testid="token-problem"]');
    expect(await page.textContent('[data-testid="token-problem"]')).toBe('Dieses Token ist abgelaufen.');
    expect(await page.textContent('[data-testid="token-other"]')).toBe('Anderes Token eingeben');
    await tap('[data-testid="token-other"]');
    await page.fill('[data-testid="token-input"]', server.token({ role: 'recorder', table: TABLE }));
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="hold"]');
    expect(await page.textContent('h2')).toBe('Tisch seen-t1 aufzeichnen');
    expect(await page.textContent('[data-testid="recorder-to-act"]')).toContain('Am Zug: Vorhand');
    expect(await page.textContent('[data-testid="misdeal"]')).toBe('Vergeben');
    await tap('[data-testid="hold"]');
    await tap('[data-testid="pass"]');
    await tap('[data-testid="pass"]');
    // The hand games in the German deck's words, the announcement one choice above them (R12).
    await page.waitForSelector('[data-testid="pick-up"]');
    const games = async () => page.locator('[data-testid="declare"]').allTextContents();
    expect(await games()).toEqual(expect.arrayContaining(['Eichel Hand', 'Grün Hand', 'Rot Hand', 'Schellen Hand', 'Grand Hand', 'Null Hand']));
    await tap('[data-testid="announce-1"]');
    expect(await games()).toContain('Eichel Hand Schneider angesagt');
    expect((await games()).some((g) => g.startsWith('Null'))).toBe(false);
    await page.screenshot({ path: join(OUT, 'hand-games-de-phone.png'), fullPage: true });
    await tap('[data-testid="misdeal"]');
    expect(await page.textContent('[data-testid="confirm"]')).toMatch(/^Damit endet das Spiel: /);
    await tap('[data-testid="confirm-no"]');
    await de.close();
  });
});
