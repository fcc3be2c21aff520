/**
 * `npm run bench -- recorder-tap`: issue #23's tap budget in Chromium at 390×844 against a server
 * whose store holds 100,000 deals (the as-of bench's cached fill, built by it when missing: run
 * `npm run bench -- as-of` once first, or set STORE to a store url). A deal recorded as seen, its
 * auction sent over the API; then each card is tapped on the 32-card grid and timed in the page:
 * - tap to the recorded move shown (the "Recorded: …" moment in place of the choices, painted: the
 *   next animation frame), target p50 ≤ 50 ms;
 * - tap to the next seat's grid (the server's answer read back), reported beside it.
 * Knobs: STORE (default the cached 100,000-deal fill), CARDS (default 30: one deal's cards).
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../api/harness';
import { buildViewer, launchChromium } from '../viewer/browser-harness';
import { GIVEN_CARDS, newCommandId, openTable, playOn } from '../api/deal-flow';

const CARDS = Math.min(30, Number(process.env.CARDS ?? 30));
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs: number[]) => Math.max(...xs);

/** The 100,000-deal store: STORE, or a copy of the as-of bench's cached fill. */
function store(): { url: string; what: string; remove: () => void } {
  if (process.env.STORE) return { url: process.env.STORE, what: process.env.STORE, remove: () => undefined };
  const dir = join(tmpdir(), 'skat-ledger-bench');
  const cached = existsSync(dir) ? readdirSync(dir).find((f) => /^as-of-v2-.*-100000-3000\.db$/.test(f)) : undefined;
  if (!cached) throw new Error('no 100,000-deal store: run `npm run bench -- as-of` once (it caches its fill), or set STORE');
  const work = mkdtempSync(join(tmpdir(), 'skat-ledger-tap-bench-'));
  copyFileSync(join(dir, cached), join(work, 'store.db'));
  return { url: `sqlite:${join(work, 'store.db')}`, what: `a copy of ${cached}`, remove: () => rmSync(work, { recursive: true, force: true }) };
}

async function main(): Promise<void> {
  buildViewer();
  const s = store();
  const server = await startServer({ storeUrl: s.url });
  await server.ledger.catchUp();
  const base = server.url.replace(/\/graphql$/, '');
  const admin = server.token({ role: 'admin' });
  const counted = await server.gql('query { deals(first: 1) { totalCount } }', {}, admin);
  const total = counted.body.data?.deals?.totalCount ?? '?';
  // The cards of one deal, in an order the rules allow: the same deal played through the API on a twin table.
  await openTable(server, 'tap-twin', ['Anna', 'Ben', 'Cleo'], admin);
  await openTable(server, 'tap-t1', ['Anna', 'Ben', 'Cleo'], admin);
  const start = `mutation($c: ID!, $i: StartTableDealInput!) { startTableDeal(commandId: $c, input: $i) { dealId } }`;
  const twin = (await server.gql(start, { c: newCommandId(), i: { tableId: 'tap-twin', cards: GIVEN_CARDS } }, admin)).body.data.startTableDeal.dealId;
  const moves = await playOn(server, twin, admin);
  const seen = (await server.gql(start, { c: newCommandId(), i: { tableId: 'tap-t1', cards: { shuffle: 'SEEN' } } }, admin)).body.data.startTableDeal.dealId;
  for (const m of moves.filter((x) => x.kind !== 'play' && x.kind !== 'discard')) {
    const r = await server.gql(m.mutation, { ...m.variables, dealId: seen, commandId: newCommandId() }, admin);
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  }
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${base}/?record=tap-t1#token=${encodeURIComponent(server.token({ role: 'recorder', table: 'tap-t1' }))}`);
  await page.waitForSelector('[data-testid="card-grid"]');
  const shown: number[] = [];
  const next: number[] = [];
  const cards = moves.filter((m) => m.kind === 'play').map((m) => String(m.variables.card));
  for (const code of cards.slice(0, CARDS - 1)) {
    await page.waitForFunction(
      (c) =>
        document.querySelector('[data-testid="pending"]')?.textContent === 'Everything is recorded.' &&
        document.querySelector(`[data-testid="card-grid"] [data-code="${c}"][aria-disabled="false"]`) !== null,
      code,
    );
    // Timed in the page: from the tap to the moment painted, and on to the next seat's grid.
    const t = await page.evaluate(
      (c) =>
        new Promise<{ shown: number; next: number }>((resolve) => {
          const button = document.querySelector<HTMLButtonElement>(`[data-testid="card-grid"] [data-code="${c}"]`)!;
          const t0 = performance.now();
          button.click();
          let shownAt = 0;
          const poll = () => {
            if (!shownAt && document.querySelector('[data-testid="recorded-moment"]')) shownAt = performance.now();
            const grid = document.querySelector('[data-testid="card-grid"]');
            const done = document.querySelector('[data-testid="pending"]')?.textContent === 'Everything is recorded.';
            if (shownAt && grid && done) resolve({ shown: shownAt - t0, next: performance.now() - t0 });
            else requestAnimationFrame(poll);
          };
          requestAnimationFrame(poll);
        }),
      code,
    );
    shown.push(t.shown);
    next.push(t.next);
  }
  await browser.close();
  await server.close();
  s.remove();
  const f = (x: number) => x.toFixed(1);
  const load = loadavg()[0].toFixed(1);
  process.stdout.write(
    `store: ${total} deals (${s.what}); load ${load}\n` +
      `tap to the recorded move shown (painted), ${shown.length} cards: p50 ${f(p50(shown))} ms, max ${f(max(shown))} ms (target p50 ≤ 50 ms)\n` +
      `tap to the next seat's grid (server answer read back), ${next.length} cards: p50 ${f(p50(next))} ms, max ${f(max(next))} ms (the moment lasts 350 ms)\n`,
  );
  if (p50(shown) > 50) process.exitCode = 1;
}

void main();
