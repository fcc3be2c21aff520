/// <reference lib="dom" />
/**
 * The bundled viewer in a real browser (Debian's Chromium through playwright-core): an imported
 * deal stepped with keys and buttons must show, at every step, exactly the hands and trick that
 * the API's frames hold; a #step= link opens that step; the score sheet opens from the replay.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ROOT, buildViewer, launchChromium, outputFolder } from './browser-harness';
import { startServer, type TestServer } from '../api/harness';

const CORPUS = resolve(ROOT, '..', 'shared', 'data', 'iss');
const OUT = outputFolder('viewer');
const DEAL = 'iss-4947663'; // clubs, picked up, played to the last trick (iss-dranidis-go-skat-history.sgf)

type Hands = { forehand: string[]; middlehand: string[]; rearhand: string[] };
interface ApiFrame {
  step: number;
  hands: Hands;
  trick: string[];
}

let server: TestServer;
let browser: Browser;
let page: Page;
let base: string;
let frames: ApiFrame[];
let declarations: boolean[];
let deal: any;
let tableId: string;

async function shownFrame(): Promise<ApiFrame> {
  return page.evaluate(() => {
    const codes = (testId: string) =>
      Array.from(document.querySelectorAll(`[data-testid="${testId}"] [data-code]`)).map((e) => e.getAttribute('data-code') ?? '');
    const stepText = document.querySelector('[data-testid="step"]')?.textContent ?? '';
    return {
      step: Number(/step (\d+)/.exec(stepText)?.[1] ?? -1),
      hands: { forehand: codes('hand-forehand'), middlehand: codes('hand-middlehand'), rearhand: codes('hand-rearhand') },
      trick: codes('current-trick'),
    };
  });
}

/** The same cards, whatever order a page shows them in (the page sorts hands for reading). */
const bySet = (f: ApiFrame): ApiFrame => ({
  step: f.step,
  hands: { forehand: [...f.hands.forehand].sort(), middlehand: [...f.hands.middlehand].sort(), rearhand: [...f.hands.rearhand].sort() },
  trick: f.trick,
});

async function expectStep(n: number): Promise<void> {
  await page.waitForFunction((want) => document.querySelector('[data-testid="step"]')?.textContent?.startsWith(`step ${want} `), n);
  expect(bySet(await shownFrame())).toEqual(bySet(frames[n]));
  expect(new URL(page.url()).hash).toBe(`#step=${n}`);
}

/**
 * How a player holds a clubs game (written out here, independently of the page): jacks in suit
 * order, then clubs, then spades, hearts, diamonds, each A 10 K Q 9 8 7; before the declaration
 * by suit, A 10 K Q J 9 8 7.
 */
// Issue #23: the jacks first before the declaration too (as players sort for a suit or grand game), then the suits.
function heldOrder(cards: string[]): string[] {
  const suits = 'CSHD';
  const key = (c: string) => {
    if (c[1] === 'J') return suits.indexOf(c[0]);
    return 10 + suits.indexOf(c[0]) * 10 + 'ATKQ987'.indexOf(c[1]);
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}

beforeAll(async () => {
  buildViewer();
  server = await startServer();
  base = server.url.replace(/\/graphql$/, '');
  const records = readdirSync(CORPUS)
    .filter((f) => f.endsWith('.sgf'))
    .map((f) => readFileSync(join(CORPUS, f), 'utf8'))
    .join('\n');
  const imported = await server.gql(
    'mutation($r: String!) { importIss(records: $r) { imported rejectedCount } }',
    { r: records },
    server.token({ role: 'admin' }),
  );
  expect(imported.body.errors).toBeUndefined();
  expect(imported.body.data.importIss.rejectedCount).toBe(0);

  const cards = '{ code }';
  const res = await server.gql(
    `query($id: ID!) { deal(id: $id) { tableId result { declarerPoints game } frames(perspective: ALL) { step declaration { game } hands { forehand ${cards} middlehand ${cards} rearhand ${cards} } currentTrick { cards { card ${cards} } } } } }`,
    { id: DEAL },
  );
  expect(res.body.errors).toBeUndefined();
  deal = res.body.data.deal;
  expect(deal.result.game).toBe('CLUBS');
  tableId = deal.tableId;
  declarations = deal.frames.map((f: any) => f.declaration !== null);
  frames = res.body.data.deal.frames.map((f: any) => ({
    step: f.step,
    hands: {
      forehand: f.hands.forehand.map((c: any) => c.code),
      middlehand: f.hands.middlehand.map((c: any) => c.code),
      rearhand: f.hands.rearhand.map((c: any) => c.code),
    },
    trick: (f.currentTrick?.cards ?? []).map((p: any) => p.card.code),
  }));
  expect(frames.length).toBeGreaterThan(30);

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

describe('replay viewer in Chromium', () => {
  it('lists the imported deals and opens one', async () => {
    await page.goto(`${base}/`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.click(`a[href="/?deal=${DEAL}#step=0"]`);
    await page.waitForSelector('[data-testid="step"]');
    await expectStep(0);
  });

  it('steps forward and back with the arrow keys, showing the API frame at every step', async () => {
    for (let n = 1; n < frames.length; n++) {
      await page.keyboard.press('ArrowRight');
      await expectStep(n);
    }
    await page.keyboard.press('ArrowRight'); // stays on the last step
    await expectStep(frames.length - 1);
    for (let n = frames.length - 2; n >= frames.length - 5; n--) {
      await page.keyboard.press('ArrowLeft');
      await expectStep(n);
    }
    await page.keyboard.press('Home');
    await expectStep(0);
    await page.keyboard.press('End');
    await expectStep(frames.length - 1);
  });

  it('shows hands in the order a player holds them: jacks first, then by suit, before the declaration and (trumps first) after', async () => {
    await page.click('[data-testid="first"]');
    const declared = frames.findIndex((_, i) => i > 0 && declarations[i]);
    expect(declared).toBeGreaterThan(0);
    for (const n of [1, declared]) {
      await page.evaluate((want) => (location.hash = `#step=${want}`), n);
      await expectStep(n);
      const shown = await shownFrame();
      for (const seat of ['forehand', 'middlehand', 'rearhand'] as const) {
        expect(shown.hands[seat]).toEqual(heldOrder(frames[n].hands[seat]));
      }
    }
  });

  it('says every step in words, with the seat that played each trick card, and keeps the result for the last step', async () => {
    for (let n = 0; n < frames.length; n++) {
      await page.evaluate((want) => (location.hash = `#step=${want}`), n);
      await expectStep(n);
      const sentence = await page.textContent('[data-testid="step-sentence"]');
      // No event type (CardPlayed), field name (showCards) or negative matador count on the page.
      expect(sentence).not.toMatch(/[a-z][A-Z]/);
      const main = (await page.textContent('main')) ?? '';
      expect(main).not.toMatch(/\b(CardPlayed|BidCalled|SkatDiscarded|GameDeclared|showCards|pickUpSkat|matadors -)/);
      if (n < frames.length - 1) expect(await page.$('[data-testid="result"]')).toBeNull();
      if (frames[n].trick.length > 0) {
        const captions = await page.$$eval('[data-testid="current-trick"] .played-by', (els) => els.map((e) => e.textContent));
        expect(captions).toHaveLength(frames[n].trick.length);
        for (const c of captions) expect(c).toMatch(/^(Forehand|Middlehand|Rearhand)$/);
      }
    }
    // The last step shows the result, and its card points count the skat as the result does.
    const result = await page.textContent('[data-testid="result"]');
    expect(result).toContain(`${deal.result.declarerPoints} card points`);
    expect(await page.textContent('[data-testid="card-points"]')).toContain(`declarer ${deal.result.declarerPoints} `);
    // Before the end the result opens only on request.
    await page.evaluate(() => (location.hash = '#step=3'));
    await expectStep(3);
    await page.click('[data-testid="show-result"]');
    expect(await page.textContent('[data-testid="result"]')).toContain(`${deal.result.declarerPoints} card points`);
  });

  it('speaks German when German is chosen, and remembers it', async () => {
    await page.selectOption('#language', 'de');
    await page.waitForFunction(() => document.querySelector('[data-testid="step"]')?.textContent?.startsWith('Schritt '));
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    const main = (await page.textContent('main')) ?? '';
    expect(main).toMatch(/Vorhand/);
    expect(main).not.toMatch(/\b(Forehand|Middlehand|Rearhand|Card points|won by)\b/);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await page.selectOption('#language', 'en');
    await page.waitForFunction(() => document.querySelector('[data-testid="step"]')?.textContent?.startsWith('step '));
  });

  it('steps with the buttons', async () => {
    await page.click('[data-testid="first"]');
    await expectStep(0);
    for (let n = 1; n <= 6; n++) {
      await page.click('[data-testid="forward"]');
      await expectStep(n);
    }
    await page.click('[data-testid="back"]');
    await expectStep(5);
    await page.click('[data-testid="last"]');
    await expectStep(frames.length - 1);
  });

  it('follows a #step= link to that exact step, with a trick on the table', async () => {
    const target = frames.findIndex((f, i) => i > 10 && f.trick.length === 2);
    expect(target).toBeGreaterThan(0);
    await page.goto(`${base}/?deal=${DEAL}#step=${target}`);
    await page.waitForSelector('body[data-ready="true"]');
    await expectStep(target);
    expect((await shownFrame()).trick).toHaveLength(2);
    await page.screenshot({ path: join(OUT, 'replay.png'), fullPage: true });
  });

  it('remembers the chosen deck', async () => {
    await page.selectOption('#deck-style', 'german');
    await page.waitForSelector('[data-testid="hand-forehand"] svg[aria-label^="Eichel"], [data-testid="hand-forehand"] svg[aria-label*=" "]');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.inputValue('#deck-style')).toBe('german');
    const label = await page.getAttribute('[data-testid="hand-forehand"] svg', 'aria-label');
    expect(label).toMatch(/^(Eichel|Grün|Rot|Schellen) /);
    await page.selectOption('#deck-style', 'french');
  });

  it('fits a phone-width screen without sideways scrolling, every control labelled', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await phone.goto(`${base}/?deal=${DEAL}#step=12`);
      await phone.waitForSelector('body[data-ready="true"]');
      const widths = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
      const unlabelled = await phone.$$eval(
        'button, select, input',
        (els) => els.filter((e) => !(e.getAttribute('aria-label') || e.textContent?.trim() || e.closest('label'))).length,
      );
      expect(unlabelled).toBe(0);
      await phone.screenshot({ path: join(OUT, 'replay-phone.png'), fullPage: true });
    } finally {
      await phone.close();
    }
  });

  it("opens the deal's score sheet with the Seeger-Fabian block", async () => {
    await page.click(`a[href="/?sheet=${tableId}"]`);
    await page.waitForSelector('[data-testid="seeger-fabian"]');
    const rows = await page.$$eval('[data-testid="sheet-rows"] tbody tr', (trs) => trs.length);
    const sheet = await server.gql('query($t: ID!) { scoreSheet(tableId: $t) { rows { dealId } totals { player seegerFabian lossFeeCents } } }', {
      t: tableId,
    });
    expect(rows).toBe(sheet.body.data.scoreSheet.rows.length);
    const shown = await page.$$eval('[data-testid="seeger-fabian"] tbody tr', (trs) =>
      trs.map((tr) => ({
        rank: Number(tr.querySelector('[data-testid="rank"]')?.textContent),
        player: tr.querySelector('th')?.textContent ?? '',
        total: Number(tr.querySelector('[data-testid="sheet-total"]')?.textContent),
        fee: tr.querySelector('[data-testid="sheet-loss-fee"]')?.textContent,
      })),
    );
    // R35: ranked by the Seeger-Fabian total, best first; equal totals share a rank.
    const expected = [...sheet.body.data.scoreSheet.totals]
      .sort((a: any, b: any) => b.seegerFabian - a.seegerFabian)
      .map((t: any) => ({ player: t.player, total: t.seegerFabian, fee: `${(t.lossFeeCents / 100).toFixed(2)} €` }))
      .map((t: any, _i: number, all: any[]) => ({ rank: 1 + all.filter((o) => o.total > t.total).length, ...t }));
    expect(shown).toEqual(expected);
    await page.screenshot({ path: join(OUT, 'sheet.png'), fullPage: true });
    // With the German deck the suit games are named as its cards are.
    const frenchNames = /\b(clubs|spades|hearts|diamonds)\b/i;
    const gameCells = () => page.$$eval('[data-testid="sheet-rows"] tbody td.game', (tds) => tds.map((td) => td.textContent ?? ''));
    const suitRows = (await gameCells()).filter((g) => frenchNames.test(g)).length;
    expect(suitRows).toBeGreaterThan(0);
    await page.selectOption('#deck-style', 'german');
    await page.waitForFunction(() => /Eichel|Grün|Rot|Schellen/.test(document.querySelector('[data-testid="sheet-rows"] tbody')?.textContent ?? ''));
    const german = await gameCells();
    expect(german.filter((g) => frenchNames.test(g))).toEqual([]);
    expect(german.filter((g) => /\b(Eichel|Grün|Rot|Schellen)\b/.test(g))).toHaveLength(suitRows);
    await page.selectOption('#deck-style', 'french');
  });

  it('shows the score sheet on a phone without sideways scrolling', async () => {
    const phone = await browser.newPage({ viewport: { width: 360, height: 780 } });
    try {
      await phone.goto(`${base}/?sheet=${encodeURIComponent(tableId)}`);
      await phone.waitForSelector('[data-testid="seeger-fabian"]');
      const widths = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
      await phone.screenshot({ path: join(OUT, 'sheet-phone.png'), fullPage: true });
    } finally {
      await phone.close();
    }
  });
});
