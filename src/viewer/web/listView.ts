import { graphql } from './api.js';
import { clear, el } from './dom.js';
import { DEALS_QUERY } from './queries.js';

interface DealRow {
  id: string; dealNumber: number; startedAt: string; players: string[]; tableId: string | null; status: string; game: string | null;
  result: { declarerName: string | null; game: string | null; hand: boolean; ouvert: boolean; won: boolean | null; score: number | null; passedIn: boolean; notScoreable: boolean } | null;
}
interface DealsData { deals: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: DealRow[] } }

const GAMES = ['', 'CLUBS', 'SPADES', 'HEARTS', 'DIAMONDS', 'GRAND', 'NULL'];
const RESULTS = ['', 'WON', 'LOST', 'PASSED_IN', 'NOT_SCOREABLE', 'IN_PROGRESS'];

function outcome(d: DealRow): string {
  const r = d.result;
  if (!r) return 'in progress';
  if (r.passedIn) return 'passed in';
  if (r.notScoreable) return 'not scoreable';
  return `${r.won ? 'won' : 'lost'} ${r.score ?? ''}`;
}

function select(name: string, label: string, options: string[], value: string): HTMLLabelElement {
  const s = el('select', { name });
  for (const o of options) s.append(el('option', { value: o, text: o === '' ? 'any' : o.toLowerCase().replace('_', ' '), selected: o === value }));
  return el('label', {}, label, s);
}

export async function renderList(root: HTMLElement, params: URLSearchParams): Promise<void> {
  clear(root);
  const form = el('form', { class: 'filters', role: 'search', 'aria-label': 'Filter deals' },
    el('label', {}, 'Player', el('input', { name: 'player', value: params.get('player') ?? '' })),
    el('label', {}, 'Table', el('input', { name: 'table', value: params.get('table') ?? '' })),
    select('game', 'Game type', GAMES, params.get('game') ?? ''),
    select('result', 'Result', RESULTS, params.get('result') ?? ''),
    el('button', { type: 'submit', text: 'Filter' }),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const data = new FormData(form);
    const q = new URLSearchParams();
    for (const [k, v] of data.entries()) if (String(v).trim() !== '') q.set(k, String(v).trim());
    history.pushState(null, '', `/?${q.toString()}`);
    void renderList(root, q);
  });
  const status = el('p', { role: 'status', text: 'Loading deals…' });
  const body = el('tbody');
  const tableEl = el('table', { 'aria-label': 'Deals' },
    el('thead', {}, el('tr', {}, ...['Deal', 'Date', 'Players', 'Declarer', 'Game', 'Result', 'Table'].map((h) => el('th', { scope: 'col', text: h })))),
    body);
  const more = el('button', { type: 'button', text: 'More deals', hidden: true });
  root.append(el('h2', { text: 'Deals' }), form, status, el('div', { class: 'scroll-x' }, tableEl), more);

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
      const game = r?.game ? `${r.game.toLowerCase()}${r.hand ? ' hand' : ''}${r.ouvert ? ' ouvert' : ''}` : '';
      body.append(el('tr', {},
        el('td', {}, el('a', { href: `/?deal=${encodeURIComponent(d.id)}#step=0`, text: d.id })),
        el('td', { text: d.startedAt.slice(0, 10) }),
        el('td', { text: d.players.join(', ') }),
        el('td', { text: r?.declarerName ?? '' }),
        el('td', { text: game }),
        el('td', { text: outcome(d) }),
        el('td', {}, d.tableId ? el('a', { href: `/?sheet=${encodeURIComponent(d.tableId)}`, text: d.tableId }) : ''),
      ));
    }
    status.textContent = `${data.deals.totalCount} deals`;
    after = data.deals.pageInfo.endCursor;
    more.hidden = !data.deals.pageInfo.hasNextPage;
  };
  more.addEventListener('click', () => void load());
  try {
    await load();
  } catch (e) {
    status.textContent = `Could not load deals: ${(e as Error).message}`;
  }
}
