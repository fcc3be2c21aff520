import { graphql } from './api.js';
import { clear, el } from './dom.js';
import { SHEET_QUERY } from './queries.js';

interface Sheet {
  tableId: string; players: string[]; seriesLength: number; dealsPlayed: number; complete: boolean; profileId: string;
  rows: Array<{ dealNumber: number; dealId: string; dealer: string; declarer: string | null; game: string; won: boolean | null; entry: number;
    passedIn: boolean; notScoreable: boolean; corrected: boolean; correctionReason: string | null; originalEntry: number | null;
    totals: Array<{ player: string; total: number }> }>;
  totals: Array<{ player: string; gamePoints: number; won: number; lost: number; wonLostPoints: number; opponentsLost: number;
    opponentsLostPoints: number; seegerFabian: number; computer: boolean }>;
}

// The list as organisers keep it (R34), then the Seeger-Fabian block (R35).
export async function renderSheet(root: HTMLElement, tableId: string): Promise<void> {
  clear(root);
  const status = el('p', { role: 'status', text: `Loading ${tableId}…` });
  root.append(status);
  let sheet: Sheet | null;
  try {
    sheet = (await graphql<{ scoreSheet: Sheet | null }>(SHEET_QUERY, { tableId })).scoreSheet;
  } catch (e) {
    status.textContent = `Could not load ${tableId}: ${(e as Error).message}`;
    return;
  }
  if (!sheet) {
    status.textContent = `No table ${tableId}.`;
    return;
  }
  const s = sheet;
  clear(root);
  const print = el('button', { type: 'button', class: 'no-print', text: 'Print' });
  print.addEventListener('click', () => window.print());
  root.append(
    el('h2', { text: `Score sheet ${s.tableId}` }),
    el('p', { class: 'muted', text: `${s.dealsPlayed} of ${s.seriesLength} games · rules ${s.profileId}${s.complete ? ' · series complete' : ''}` }),
    print,
  );
  const head = el('tr', {}, ...['No.', 'Dealer', 'Declarer', 'Game', ...s.players].map((h, i) => el('th', { scope: 'col', class: i >= 4 ? 'num' : undefined, text: h })));
  const body = el('tbody');
  for (const r of s.rows) {
    const game = r.passedIn ? 'passed in' : r.notScoreable ? 'not scoreable' : `${r.game} ${r.won ? 'won' : 'lost'} ${r.entry > 0 ? '+' : ''}${r.entry}`;
    const tr = el('tr', {},
      el('td', {}, el('a', { href: `/?deal=${encodeURIComponent(r.dealId)}#step=0`, text: String(r.dealNumber) })),
      el('td', { text: r.dealer }),
      el('td', { text: r.declarer ?? '' }),
      el('td', { text: game + (r.corrected ? ` (corrected from ${r.originalEntry ?? '?'}: ${r.correctionReason ?? ''})` : '') }));
    for (const p of s.players) {
      const t = r.totals.find((x) => x.player === p);
      const changed = r.declarer === p && !r.passedIn && !r.notScoreable;
      tr.append(el('td', { class: 'num', text: t ? String(t.total) : '', style: changed ? 'font-weight:700' : undefined }));
    }
    body.append(tr);
  }
  root.append(el('div', { class: 'scroll-x' }, el('table', { 'aria-label': 'List of games', 'data-testid': 'sheet-rows' }, el('thead', {}, head), body)));

  const sf = el('tbody');
  for (const t of s.totals) {
    sf.append(el('tr', {},
      el('th', { scope: 'row', text: t.player + (t.computer ? ' (computer)' : '') }),
      ...[t.gamePoints, t.won, t.lost, t.wonLostPoints, t.opponentsLost, t.opponentsLostPoints, t.seegerFabian].map((v) => el('td', { class: 'num', text: String(v) }))));
  }
  root.append(el('h2', { text: 'Seeger-Fabian' }),
    el('div', { class: 'scroll-x' }, el('table', { 'aria-label': 'Seeger-Fabian totals', 'data-testid': 'seeger-fabian' },
      el('thead', {}, el('tr', {}, ...['Player', 'Game points', 'Won', 'Lost', '±50 × (won − lost)', "Opponents' lost games", 'Bonus', 'Total'].map((h) => el('th', { scope: 'col', text: h })))),
      sf)));
}
