// The hall screen (`/?hall=<tournamentId>`, optionally `&round=N`): every table of a round at
// once (players, deals played of the series, the last result, who deals next, an open deal's trick
// in progress in the public view: no hidden card) and the standings beside them, for a 1920×1080
// display read from a few metres. Live by push: the tournament's standings subscription and one
// subscription for all its tables' events (deals starting and ending, every move of an open deal
// with the public position, sheets changing); a move redraws only its table's trick, anything else
// the screen. Only while a subscription is down does the screen poll, slowly.
import { graphql } from './api.js';
import { allDealPages } from './deal-pages.js';
import { clear, el } from './dom.js';
import { te } from './evening-words.js';
import { keepSubscribed } from './live-updates.js';
import { DEAL_MOVES } from './live-redraw.js';
import { currentToken } from './session.js';
import { t } from './messages.js';

const HALL = `query Hall($id: ID!) {
  tables(tournamentId: $id, first: 500) { tableId round players dealsPlayed seriesLength openDealId openDisputes closed nextDeal { dealNumber dealer sittingOut } }
  standings(tournamentId: $id) { name lines { rank player total openDisputes } }
}`;
// The tournament's deals for each table's last result, read page by page (the API gives 100 a page).
const HALL_DEALS = `query HallDeals($id: ID!, $after: String) {
  deals(filter: { tournamentId: $id }, first: 100, after: $after) {
    pageInfo { endCursor hasNextPage }
    nodes { id tableId dealNumber status result { score declarerName game passedIn } }
  }
}`;
const TRICK = `query Trick($id: ID!, $from: Int!) { deal(id: $id) { frames(from: $from) { step currentTrick { cards { seat card { code } } } } } }`;
const UPDATES = `subscription Hall($id: ID!) { tournamentUpdates(tournamentId: $id) { eventType } }`;
const TABLE_UPDATES = `subscription HallTables($id: ID!) {
  tournamentTableUpdates(tournamentId: $id) { tableId eventType dealId frame { currentTrick { cards { card { code } } } } }
}`;
/** While a subscription is down: how often the screen looks again on its own. */
const FALLBACK_POLL_MS = 10_000;
/** How long a redraw waits for the other events of the same entry. */
const COALESCE_MS = 15;

interface Table {
  tableId: string;
  round: number | null;
  players: string[];
  dealsPlayed: number;
  seriesLength: number;
  openDealId: string | null;
  openDisputes: number;
  closed: boolean;
  nextDeal: { dealNumber: number; dealer: string; sittingOut: string[] } | null;
}
interface HallDeal {
  id: string;
  tableId: string | null;
  dealNumber: number;
  status: string;
  result: { score: number | null; declarerName: string | null; game: string | null; passedIn: boolean } | null;
}
interface TableUpdate {
  tableId: string;
  eventType: string;
  dealId: string | null;
  frame: { currentTrick: { cards: Array<{ card: { code: string } }> } | null } | null;
}
interface Hall {
  tables: Table[];
  standings: { name: string; lines: Array<{ rank: number; player: string; total: number; openDisputes: number }> } | null;
  deals: { nodes: HallDeal[] };
}

const SUIT: Record<string, string> = { C: '♣', S: '♠', H: '♥', D: '♦' };
const cardText = (code: string) => `${SUIT[code[0]] ?? code[0]}${code[1] === 'T' ? '10' : code[1]}`;

export async function renderHall(root: HTMLElement, tournamentId: string, round: number | null, tableOnly: string | null = null): Promise<() => void> {
  clear(root);
  document.body.classList.add('hall-mode');
  const title = el('h2', { class: 'hall-title' });
  const grid = el('div', { class: 'hall-tables', 'data-testid': 'hall-tables' });
  const side = el('aside', { class: 'hall-standings', 'aria-label': te('standings'), 'data-testid': 'hall-standings' });
  root.append(el('div', { class: 'hall' }, el('div', {}, title, grid), side));
  let stopped = false;
  let frames = new Map<string, string>();
  /** The open deal each shown table was drawn with, and where its trick is written (a move updates only that). */
  let shownOpen = new Map<string, { dealId: string; trick: HTMLElement }>();

  const trickOf = async (dealId: string): Promise<string> => {
    try {
      const r = await graphql<{ deal: { frames: Array<{ step: number; currentTrick: { cards: Array<{ card: { code: string } }> } | null }> } | null }>(TRICK, {
        id: dealId,
        from: 0,
      });
      const last = r.deal?.frames.at(-1);
      return last?.currentTrick?.cards.map((c) => cardText(c.card.code)).join(' ') ?? '';
    } catch {
      return '';
    }
  };

  const trickLine = (tableId: string, dealId: string, cards = frames.get(tableId) || '—'): HTMLElement => {
    const trick = el('span', { 'data-testid': 'hall-trick-cards', text: cards });
    shownOpen.set(tableId, { dealId, trick });
    return el('p', { class: 'hall-trick', 'data-testid': 'hall-trick' }, `${te('trickNow')}: `, trick);
  };

  const draw = async () => {
    let h: Hall;
    try {
      const [head, deals] = await Promise.all([
        graphql<Omit<Hall, 'deals'>>(HALL, { id: tournamentId }),
        allDealPages<HallDeal>(HALL_DEALS, { id: tournamentId }),
      ]);
      h = { ...head, deals: { nodes: deals } };
    } catch {
      return;
    }
    if (stopped) return;
    const rounds = h.tables.map((x) => x.round ?? 0);
    const shownRound = round ?? Math.max(0, ...rounds);
    title.textContent = `${te('hall', { name: h.standings?.name ?? tournamentId })} · ${te('hallRound', { round: shownRound })}`;
    const tables = h.tables.filter((x) => (tableOnly ? x.tableId === tableOnly : (x.round ?? 0) === shownRound));
    const next = new Map<string, string>();
    for (const x of tables) if (x.openDealId) next.set(x.tableId, await trickOf(x.openDealId));
    frames = next;
    clear(grid);
    shownOpen = new Map();
    for (const x of tables) {
      const last = h.deals.nodes.filter((d) => d.tableId === x.tableId && d.result).sort((a, b) => b.dealNumber - a.dealNumber)[0];
      const lastText = last?.result
        ? last.result.passedIn
          ? t('rPassedIn')
          : `${last.result.declarerName ?? ''} ${(last.result.game ?? '').toLowerCase()} ${last.result.score !== null && last.result.score > 0 ? '+' : ''}${last.result.score ?? ''}`
        : '—';
      grid.append(
        el(
          'section',
          { class: 'hall-table', 'data-testid': 'hall-table', 'aria-label': x.tableId },
          el('h3', {}, el('a', { href: `/?hall=${encodeURIComponent(tournamentId)}&table=${encodeURIComponent(x.tableId)}`, text: x.tableId })),
          el('p', { class: 'hall-players', text: x.players.join(' · ') }),
          el('p', {
            'data-testid': 'hall-played',
            text: te('dealsOf', { played: x.dealsPlayed, length: x.seriesLength }) + (x.closed ? ` (${t('closed')})` : ''),
          }),
          el('p', { 'data-testid': 'hall-last', text: te('lastResult', { text: lastText }) }),
          x.nextDeal
            ? el('p', {
                text:
                  te('nextDealIs', { n: x.nextDeal.dealNumber, dealer: x.nextDeal.dealer }) +
                  (x.nextDeal.sittingOut.length ? te('sitsOut', { who: x.nextDeal.sittingOut.join(', ') }) : ''),
              })
            : null,
          x.openDealId ? trickLine(x.tableId, x.openDealId) : null,
          x.openDisputes ? el('p', { class: 'bad', text: `${x.openDisputes} × ${te('openDisputeMark')}` }) : null,
        ),
      );
    }
    clear(side);
    side.append(
      el('h3', { text: te('standings') }),
      el(
        'table',
        { 'aria-label': te('standings') },
        el('thead', {}, el('tr', {}, ...[t('colRank'), t('player'), t('colTotal')].map((c) => el('th', { scope: 'col', text: c })))),
        el(
          'tbody',
          {},
          ...(h.standings?.lines ?? []).map((l) =>
            el(
              'tr',
              { 'data-testid': 'hall-standing' },
              el('td', { class: 'num', text: String(l.rank) }),
              el('th', { scope: 'row', text: l.player }),
              el(
                'td',
                { class: 'num' },
                String(l.total),
                l.openDisputes ? el('span', { class: 'dispute-mark', title: te('provisionalLine', { n: l.openDisputes }), text: ' ⚑' }) : null,
              ),
            ),
          ),
        ),
      ),
    );
    root.dataset.drawnAt = String(Date.now());
  };

  // One redraw at a time; events during one fold into a single further redraw. A redraw starts a
  // moment after the first event, so that one entry's events (the deal opened and scored, the
  // standings changed: on two sockets, within a few ms) make one redraw, not two.
  let running: Promise<void> | null = null;
  let again = false;
  const soon = () => {
    if (running) {
      again = true;
      return;
    }
    running = new Promise((r) => setTimeout(r, COALESCE_MS)).then(draw).finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        soon();
      }
    });
  };
  await draw();
  // A move of a shown open deal: its trick from the event's public position, nothing asked again.
  const onTable = (data: unknown) => {
    const u = (data as { tournamentTableUpdates?: TableUpdate }).tournamentTableUpdates;
    if (!u) return;
    const shown = shownOpen.get(u.tableId);
    // The steps of a deal in play change only its table's trick in progress, not the rest of the screen.
    if (DEAL_MOVES.has(u.eventType) && shown && u.dealId === shown.dealId) {
      if (u.frame) {
        const cards = u.frame.currentTrick?.cards.map((c) => cardText(c.card.code)).join(' ') ?? '';
        frames.set(u.tableId, cards);
        shown.trick.textContent = cards || '—';
        root.dataset.drawnAt = String(Date.now());
      }
      // A redraw under way may have read the trick before this move: it is drawn once more after it.
      if (running) soon();
      return;
    }
    soon();
  };
  // The slow poll runs only while a subscription is down; once one is followed (again), the screen
  // looks once for what was recorded before it was.
  const down = new Set<string>();
  let poll: ReturnType<typeof setInterval> | null = null;
  const state = (which: string) => (up: boolean) => {
    if (up) down.delete(which);
    else down.add(which);
    if (down.size > 0) poll ??= setInterval(soon, FALLBACK_POLL_MS);
    else if (poll) {
      clearInterval(poll);
      poll = null;
    }
    if (up) soon();
  };
  const subs = [
    keepSubscribed(UPDATES, { id: tournamentId }, currentToken, () => soon(), state('standings')),
    keepSubscribed(TABLE_UPDATES, { id: tournamentId }, currentToken, onTable, state('tables')),
  ];
  return () => {
    stopped = true;
    document.body.classList.remove('hall-mode');
    for (const sub of subs) sub.close();
    if (poll) clearInterval(poll);
  };
}
