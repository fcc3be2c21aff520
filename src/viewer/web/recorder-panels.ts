// The recorder page's panels besides the moves: the confirmation before a deal-ending move, the
// token check when the page opens, and what a finished deal did to the sheet.
import { ApiError, graphql } from './api.js';
import type { DeckStyle } from './cards.js';
import { el } from './dom.js';
import { sheetGameWords } from './sheet-words.js';
import { t } from './messages.js';

/**
 * A question in place of the choices: Yes records, No goes back. Used before every move that ends
 * the deal, and before withdrawing one that did (with a reason to give).
 */
export function confirmPanel(question: string, yes: string, onYes: (reason: string) => void, onNo: () => void, reason?: string): HTMLElement {
  const panel = el('div', { class: 'confirm-panel', role: 'alertdialog', 'aria-label': question, 'data-testid': 'confirm' });
  const why =
    reason === undefined ? null : (el('input', { type: 'text', value: reason, 'data-testid': 'confirm-reason', maxlength: '1000' }) as HTMLInputElement);
  const ok = el('button', { type: 'button', class: 'action primary', 'data-testid': 'confirm-yes', text: yes }) as HTMLButtonElement;
  const back = el('button', { type: 'button', class: 'action', 'data-testid': 'confirm-no', text: t('confirmNo') }) as HTMLButtonElement;
  ok.addEventListener('click', () => onYes(why ? why.value.trim() || reason || '' : ''));
  back.addEventListener('click', onNo);
  panel.append(el('p', { text: question }));
  if (why) panel.append(el('label', {}, `${t('undoReason')} `, why), ' ');
  panel.append(ok, ' ', back);
  queueMicrotask(() => ok.focus());
  return panel;
}

/** The claims of a token as its payload states them (`skl1.<payload>.<signature>`); null when it is no such token. */
function claimsOf(token: string): { role?: string; table?: string; exp?: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'skl1') return null;
  try {
    const json = atob(parts[1].replace(/-/g, '+').replace(/_/g, '/'));
    const c = JSON.parse(json) as unknown;
    return c && typeof c === 'object' ? (c as { role?: string; table?: string; exp?: number }) : null;
  } catch {
    return null;
  }
}

const SHEET = `query RecorderSheet($tableId: ID!) {
  scoreSheet(tableId: $tableId) { tableId players dealsPlayed seriesLength
    rows { dealNumber dealId declarer game won entry passedIn notScoreable totals { player total } }
    totals { player gamePoints seegerFabian } }
}`;

export interface RecorderSheet {
  tableId: string;
  players: string[];
  dealsPlayed: number;
  seriesLength: number;
  rows: Array<{
    dealNumber: number;
    dealId: string;
    declarer: string | null;
    game: string;
    won: boolean | null;
    entry: number;
    passedIn: boolean;
    notScoreable: boolean;
  }>;
  totals: Array<{ player: string; gamePoints: number; seegerFabian: number }>;
}

export async function readSheet(tableId: string): Promise<RecorderSheet | null> {
  return (await graphql<{ scoreSheet: RecorderSheet | null }>(SHEET, { tableId })).scoreSheet;
}

/**
 * Before the page offers anything: is this a recorder token of this table (or an admin's), not
 * expired, accepted by the server, and is there such a table? The answer in the table's words,
 * or null when all is well (with the sheet).
 */
export async function tokenProblem(token: string, tableId: string): Promise<{ problem: string } | { sheet: RecorderSheet }> {
  const claims = claimsOf(token);
  if (!claims) return { problem: t('tokenGarbage', { reason: 'skl1.…' }) };
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now()) return { problem: t('tokenExpired') };
  if (claims.role === 'recorder' && claims.table !== tableId) return { problem: t('tokenWrongTable', { other: claims.table ?? '?', id: tableId }) };
  if (claims.role !== 'recorder' && claims.role !== 'admin') return { problem: t('tokenNotRecorder', { role: claims.role ?? '?', id: tableId }) };
  try {
    const sheet = await readSheet(tableId);
    return sheet ? { sheet } : { problem: t('unknownTable', { id: tableId }) };
  } catch (e) {
    if (e instanceof ApiError && e.code === 'UNAUTHENTICATED')
      return { problem: /expired/.test(e.message) ? t('tokenExpired') : t('tokenGarbage', { reason: e.message }) };
    throw e;
  }
}

/** A finished deal's row of the sheet and the totals after it. */
export function sheetSummary(sheet: RecorderSheet, dealId: string, style: DeckStyle): HTMLElement {
  const box = el('section', { 'data-testid': 'deal-summary', 'aria-label': t('onTheSheet') });
  const row = sheet.rows.find((r) => r.dealId === dealId);
  if (row) {
    box.append(
      el('h3', { text: t('onTheSheet') }),
      el('p', {
        'data-testid': 'sheet-row',
        text: t('sheetRowWords', { n: row.dealNumber, game: `${row.declarer ? `${row.declarer} ` : ''}${sheetGameWords(row.game, style)}`, entry: row.entry }),
      }),
    );
  }
  const list = el('ul', { 'data-testid': 'sheet-totals' });
  for (const tot of sheet.totals) list.append(el('li', { text: `${tot.player}: ${tot.gamePoints} (${tot.seegerFabian})` }));
  box.append(el('h3', { text: t('sheetTotals') }), list);
  return box;
}
