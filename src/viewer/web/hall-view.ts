// The hall screen (`/?hall=<tournamentId>`, optionally `&round=N`): every table of a round at
// once (players, deals played of the series, the last result, who deals next, an open deal's trick
// in progress in the public view: no hidden card) and the standings beside them, for a 1920×1080
// display read from a few metres. Live: the tournament's subscription (standings changes) and each
// open deal's moves bring a redraw; a slow poll covers a dropped socket.
import { graphql } from './api.js';
import { allDealPages } from './deal-pages.js';
import { clear, el } from './dom.js';
import { te } from './evening-words.js';
import { subscribe, type LiveSubscription } from './live-updates.js';
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
const POLL_MS = 2000;

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

  const draw = async () => {
    let h: Hall;
    try {
      const head = await graphql<Omit<Hall, 'deals'>>(HALL, { id: tournamentId });
      h = { ...head, deals: { nodes: await allDealPages<HallDeal>(HALL_DEALS, { id: tournamentId }) } };
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
          x.openDealId ? el('p', { class: 'hall-trick', 'data-testid': 'hall-trick' }, `${te('trickNow')}: `, frames.get(x.tableId) || '—') : null,
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

  // One redraw at a time; events during one fold into a single further redraw.
  let running: Promise<void> | null = null;
  let again = false;
  const soon = () => {
    if (running) {
      again = true;
      return;
    }
    running = draw().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        soon();
      }
    });
  };
  await draw();
  let sub: LiveSubscription | null = subscribe(
    UPDATES,
    { id: tournamentId },
    currentToken(),
    () => soon(),
    () => (sub = null),
  );
  // Card plays of open deals are not standings changes: the poll brings the trick in progress.
  const timer = setInterval(soon, POLL_MS);
  return () => {
    stopped = true;
    document.body.classList.remove('hall-mode');
    sub?.close();
    clearInterval(timer);
  };
}
