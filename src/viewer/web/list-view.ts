import { graphql } from './api.js';
import { clear, el } from './dom.js';
import { t, type MessageKey } from './messages.js';
import { DEALS_QUERY } from './queries.js';
import { gameWords } from './step-words.js';

interface DealRow {
  id: string;
  dealNumber: number;
  startedAt: string;
  players: string[];
  tableId: string | null;
  status: string;
  game: string | null;
  result: {
    declarerName: string | null;
    game: string | null;
    hand: boolean;
    ouvert: boolean;
    won: boolean | null;
    score: number | null;
    passedIn: boolean;
    notScoreable: boolean;
  } | null;
}
interface DealsData {
  deals: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: DealRow[] };
}

const GAMES: ReadonlyArray<readonly [string, MessageKey]> = [
  ['', 'any'],
  ['CLUBS', 'clubs'],
  ['SPADES', 'spades'],
  ['HEARTS', 'hearts'],
  ['DIAMONDS', 'diamonds'],
  ['GRAND', 'grand'],
  ['NULL', 'null'],
];
const RESULTS: ReadonlyArray<readonly [string, MessageKey]> = [
  ['', 'any'],
  ['WON', 'rWon'],
  ['LOST', 'rLost'],
  ['PASSED_IN', 'rPassedIn'],
  ['NOT_SCOREABLE', 'rNotScoreable'],
  ['IN_PROGRESS', 'rInProgress'],
];

function outcome(d: DealRow): string {
  const r = d.result;
  if (!r) return t('rInProgress');
  if (r.passedIn) return t('rPassedIn');
  if (r.notScoreable) return t('rNotScoreable');
  return `${r.won ? t('rWon') : t('rLost')} ${r.score ?? ''}`;
}

function select(name: string, label: string, options: ReadonlyArray<readonly [string, MessageKey]>, value: string): HTMLLabelElement {
  const s = el('select', { name });
  for (const [o, k] of options) s.append(el('option', { value: o, text: t(k), selected: o === value }));
  return el('label', {}, label, s);
}

export async function renderList(root: HTMLElement, params: URLSearchParams): Promise<void> {
  clear(root);
  const form = el(
    'form',
    { class: 'filters', role: 'search', 'aria-label': t('filterDeals') },
    el('label', {}, t('player'), el('input', { name: 'player', value: params.get('player') ?? '' })),
    el('label', {}, t('table'), el('input', { name: 'table', value: params.get('table') ?? '' })),
    select('game', t('gameType'), GAMES, params.get('game') ?? ''),
    select('result', t('result'), RESULTS, params.get('result') ?? ''),
    el('button', { type: 'submit', text: t('filter') }),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const data = new FormData(form);
    const q = new URLSearchParams();
    for (const [k, v] of data.entries()) if (String(v).trim() !== '') q.set(k, String(v).trim());
    history.pushState(null, '', `/?${q.toString()}`);
    void renderList(root, q);
  });
  const status = el('p', { role: 'status', text: t('loadingDeals') });
  const body = el('tbody');
  const heads: MessageKey[] = ['colDeal', 'colDate', 'colPlayers', 'colDeclarer', 'colGame', 'colResult', 'colTable'];
  const tableEl = el('table', { 'aria-label': t('deals') }, el('thead', {}, el('tr', {}, ...heads.map((h) => el('th', { scope: 'col', text: t(h) })))), body);
  const more = el('button', { type: 'button', text: t('moreDeals'), hidden: true });
  root.append(el('h2', { text: t('deals') }), form, status, el('div', { class: 'scroll-x' }, tableEl), more);

  const filter: Record<string, string> = {};
  if (params.get('player')) filter.player = params.get('player')!;
  if (params.get('table')) filter.tableId = params.get('table')!;
  if (params.get('game')) filter.game = params.get('game')!;
  if (params.get('result')) filter.result = params.get('result')!;

  let after: string | null = null;
  const load = async () => {
    const data: DealsData = await graphql<DealsData>(DEALS_QUERY, { filter, first: 50, after });
    for (const d of data.deals.nodes) {
      const r = d.result;
      const game = r?.game ? gameWords({ game: r.game, hand: r.hand, ouvert: r.ouvert, schneiderAnnounced: false, schwarzAnnounced: false }) : '';
      body.append(
        el(
          'tr',
          {},
          el('td', {}, el('a', { href: `/?deal=${encodeURIComponent(d.id)}#step=0`, text: d.id })),
          el('td', { text: d.startedAt.slice(0, 10) }),
          el('td', { text: d.players.join(', ') }),
          el('td', { text: r?.declarerName ?? '' }),
          el('td', { text: game }),
          el('td', { text: outcome(d) }),
          el('td', {}, d.tableId ? el('a', { href: `/?sheet=${encodeURIComponent(d.tableId)}`, text: d.tableId }) : ''),
        ),
      );
    }
    status.textContent = t('nDeals', { n: data.deals.totalCount });
    after = data.deals.pageInfo.endCursor;
    more.hidden = !data.deals.pageInfo.hasNextPage;
  };
  more.addEventListener('click', () => void load());
  try {
    await load();
  } catch (e) {
    status.textContent = t('couldNotLoadDeals', { reason: (e as Error).message });
  }
}
