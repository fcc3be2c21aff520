import { graphql } from './api.js';
import { clear, el } from './dom.js';
import { t } from './messages.js';
import { renderReplay, type ViewSettings } from './replayView.js';
import { renderSheet } from './sheetView.js';

const TABLE_STATE = `query TableScreen($tableId: ID!) {
  deals(filter: { tableId: $tableId, result: IN_PROGRESS }, first: 1) { nodes { id } }
  scoreSheet(tableId: $tableId) { dealsPlayed }
}`;
const POLL_MS = 3000;

/**
 * A screen for the tournament hall (`/?table=<tableId>`): the table's current deal in the public
 * view, followed live, and the table's sheet beneath it; when a deal ends the sheet is redrawn and
 * the next deal is picked up as soon as it starts. Nothing is shown that an anonymous caller may
 * not see: the page asks the API as whoever opened it.
 */
export async function renderTableScreen(root: HTMLElement, tableId: string, s: ViewSettings): Promise<() => void> {
  clear(root);
  const live = el('section', { 'aria-label': t('currentDeal'), 'data-testid': 'table-live' });
  const sheet = el('section', { 'aria-label': t('listOfGames'), 'data-testid': 'table-sheet' });
  root.append(el('h2', { text: t('tableScreen', { id: tableId }) }), live, sheet);
  let shownDeal: string | null | undefined;
  let shownPlayed = -1;
  let stopLive: () => void = () => undefined;
  let stopped = false;

  const refresh = async () => {
    let state: { deals: { nodes: Array<{ id: string }> }; scoreSheet: { dealsPlayed: number } | null };
    try {
      state = await graphql(TABLE_STATE, { tableId });
    } catch {
      return; // the next poll tries again
    }
    if (stopped) return;
    // A finished deal stays on the screen with its result until the next one starts.
    const open = state.deals.nodes[0]?.id ?? null;
    if (open && open !== shownDeal) {
      shownDeal = open;
      stopLive();
      stopLive = await renderReplay(live, open, { ...s, embedded: true });
    } else if (!open && shownDeal === undefined) {
      shownDeal = null;
      clear(live);
      live.append(el('p', { class: 'muted', 'data-testid': 'no-open-deal', text: t('waitingForNextDeal') }));
    }
    const played = state.scoreSheet?.dealsPlayed ?? 0;
    if (played !== shownPlayed) {
      shownPlayed = played;
      await renderSheet(sheet, tableId);
    }
  };
  await refresh();
  const timer = setInterval(() => void refresh(), POLL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
    stopLive();
  };
}
