import { graphql } from './api.js';
import { MOVES } from './move-table.js';
import { clear, el } from './dom.js';
import { subscribe, type LiveSubscription } from './live-updates.js';
import { currentToken } from './session.js';
import { t } from './messages.js';
import { renderReplay, type ViewSettings } from './replay-view.js';
import { renderSheet } from './sheet-view.js';

const TABLE_STATE = `query TableScreen($tableId: ID!) {
  deals(filter: { tableId: $tableId, result: IN_PROGRESS }, first: 1) { nodes { id } }
  scoreSheet(tableId: $tableId) { dealsPlayed }
}`;
// The table's events tell the screen when to look again; only while that subscription is down does it poll.
const TABLE_UPDATES = `subscription TableScreenUpdates($tableId: ID!) { tableUpdates(tableId: $tableId) { eventType dealId } }`;
// The steps of a deal (its dealing, every move's events, a withdrawal): the replay follows them; anything else makes the screen look again.
const DEAL_MOVES = new Set(['CardsDealt', 'HandsReplaced', ...MOVES.flatMap((m) => m.eventTypes), 'MoveWithdrawn']);
const FALLBACK_POLL_MS = 5000;
const RESUBSCRIBE_MS = 10_000;

/**
 * A screen for the tournament hall (`/?table=<tableId>`): the table's current deal in the public
 * view, followed live, and the table's sheet beneath it, both driven by the table's subscription; when a deal ends the sheet is redrawn and
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
      return; // the next event (or the fallback poll) tries again
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
  // One refresh at a time; events that arrive meanwhile are folded into one more refresh after it.
  let running: Promise<void> | null = null;
  let again = false;
  const refreshSoon = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = refresh().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        refreshSoon();
      }
    });
  };

  let subscription: LiveSubscription | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const follow = (): void => {
    if (stopped) return;
    subscription = subscribe(
      TABLE_UPDATES,
      { tableId },
      currentToken(),
      (data) => {
        const u = (data as { tableUpdates?: { eventType: string; dealId: string | null } }).tableUpdates;
        // The replay follows its own deal's moves; the screen looks again when a deal opens or ends or the sheet changes.
        if (u && (!DEAL_MOVES.has(u.eventType) || u.dealId !== shownDeal)) refreshSoon();
      },
      () => {
        subscription = null;
        if (stopped) return;
        poll ??= setInterval(refreshSoon, FALLBACK_POLL_MS);
        retry = setTimeout(() => {
          retry = null;
          follow();
        }, RESUBSCRIBE_MS);
      },
    );
    // Back on the subscription: what happened while it was down is picked up once.
    if (poll) {
      clearInterval(poll);
      poll = null;
      refreshSoon();
    }
  };
  await refresh();
  follow();
  return () => {
    stopped = true;
    subscription?.close();
    if (poll) clearInterval(poll);
    if (retry) clearTimeout(retry);
    stopLive();
  };
}
