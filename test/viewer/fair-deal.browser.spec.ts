/// <reference lib="dom" />
/**
 * Issue 28: the replay page's "Verify the shuffle" button, tapped in Chromium. A server-shuffled
 * deal with client seeds, played to its end, verifies in the browser (the page's own SHA-256 and
 * HMAC); the same deal served with one client seed changed (a server lying about the seeds) does
 * not; a deal of given cards says there is nothing to verify.
 */
import type { Browser, Page } from 'playwright-core';
import { buildViewer, launchChromium } from './browser-harness';
import { startServer, type TestServer } from '../api/harness';
import { ctx, playOut } from '../projections/helpers';
import { checkInBrowser, dealtBySeeds, hmacSha256, sha256, toHex } from '../../src/viewer/web/fair-deal-check';
import { createHash, createHmac } from 'node:crypto';
import { fairDeck } from '../../src/rules/fair-shuffle';

let server: TestServer;
let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  buildViewer();
  server = await startServer();
  base = server.url.replace(/\/graphql$/, '');
  const start = (dealId: string, cards: unknown) =>
    server.ledger.execute({ type: 'StartDeal', dealId, dealer: 'Cleo', players: ['Anna', 'Ben', 'Cleo'], cards } as never, ctx());
  await start('fair-b', { kind: 'crypto', awaitClientSeeds: true });
  await server.ledger.execute({ type: 'AddClientSeed', dealId: 'fair-b', seat: 0, seed: 'Anna 🂡' }, ctx('Anna'));
  await server.ledger.execute({ type: 'DealCards', dealId: 'fair-b' }, ctx());
  await playOut(server.ledger, 'fair-b', 'browser');
  await start('seeded-b', { kind: 'seeded', seed: 'b' });
  await playOut(server.ledger, 'seeded-b', 'browser-2');
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

async function tapVerify(dealId: string): Promise<{ text: string; ok: boolean }> {
  await page.goto(`${base}/?deal=${dealId}#step=0`);
  await page.waitForSelector('[data-testid="verify-shuffle"]');
  await page.click('[data-testid="verify-shuffle"]');
  await page.waitForFunction(() => {
    const t = document.querySelector('[data-testid="fair-verdict"]')?.textContent ?? '';
    return t !== '' && !t.endsWith('…');
  });
  return page.evaluate(() => {
    const out = document.querySelector('[data-testid="fair-verdict"]') as HTMLElement;
    return { text: out.textContent ?? '', ok: out.classList.contains('ok') };
  });
}

describe('the replay page verifies a fair deal in the browser', () => {
  it("the page's own SHA-256 and HMAC agree with node's, and its shuffle with the server's", () => {
    for (const text of ['', 'abc', 'x'.repeat(55), 'y'.repeat(64), 'z'.repeat(200)]) {
      const bytes = new TextEncoder().encode(text);
      expect(toHex(sha256(bytes))).toBe(createHash('sha256').update(text).digest('hex'));
      expect(toHex(hmacSha256(new Uint8Array(32).fill(7), bytes))).toBe(createHmac('sha256', Buffer.alloc(32, 7)).update(text).digest('hex'));
    }
    const seed = 'ab'.repeat(32);
    const deck = fairDeck(seed, 'd', ['x', null, 'ü']);
    expect(dealtBySeeds(seed, 'd', ['x', null, 'ü']).skat).toEqual(deck.slice(9, 11));
  });

  it('a tap on "Verify the shuffle" says verified for an honest deal', async () => {
    const shown = await tapVerify('fair-b');
    expect(shown.ok).toBe(true);
    expect(shown.text).toMatch(/Verified in this browser/);
  });

  it('a changed client seed is caught by the page', async () => {
    const check = await server.ledger.fairDeal('fair-b');
    const events = await server.ledger.dealEvents('fair-b');
    const dealt = events.find((e) => e.type === 'CardsDealt')?.data as { hands: string[][]; skat: string[] };
    const honest = { commitment: check!.commitment!, serverSeed: check!.serverSeed!, clientSeeds: [...check!.clientSeeds] };
    expect(checkInBrowser(honest, 'fair-b', dealt)).toEqual({ commitmentHolds: true, cardsAgree: true });
    expect(checkInBrowser({ ...honest, clientSeeds: ['Anna 🂠', null, null] }, 'fair-b', dealt).cardsAgree).toBe(false);
    expect(checkInBrowser({ ...honest, serverSeed: '0'.repeat(64) }, 'fair-b', dealt).commitmentHolds).toBe(false);
  });

  it('a deal of seeded cards has nothing to verify', async () => {
    const shown = await tapVerify('seeded-b');
    expect(shown.ok).toBe(false);
    expect(shown.text).toMatch(/nothing to verify/);
  });
});
