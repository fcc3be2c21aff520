// The player's page (`/?player=<tournamentId>`, the player token from the organiser's link or QR
// code): the player's own deals of the evening with their rows, confirm or contest each, and a
// link to the standings, and his ratings under every model (docs/ratings.md). The sitting dealer of
// a 4-table sees and reviews his table's deals too.
import { graphql } from './api.js';
import { allDealPages } from './deal-pages.js';
import { clear, el } from './dom.js';
import { te } from './evening-words.js';
import { newCommandId } from './command-id.js';
import { currentToken, setToken } from './session.js';
import { renderSignIn } from './sign-in.js';
import { t } from './messages.js';

const MINE = `query Mine($id: ID!, $player: String!, $after: String) {
  deals(filter: { tournamentId: $id, player: $player }, first: 100, after: $after) {
    pageInfo { endCursor hasNextPage }
    nodes { id tableId dealNumber dealer players sittingOut status confirmedBy disputes { player ruling } result { score won declarerName game passedIn } }
  }
}`;
// The deals a player sat out as dealer (4- and 5-tables) are not his in the deal list's player index: asked per such table.
const MY_TABLES = `query MyTables($id: ID!) { tables(tournamentId: $id, first: 500) { tableId players } }`;
const AT_TABLE = `query AtTable($table: ID!, $after: String) {
  deals(filter: { tableId: $table }, first: 100, after: $after) {
    pageInfo { endCursor hasNextPage }
    nodes { id tableId dealNumber dealer players sittingOut status confirmedBy disputes { player ruling } result { score won declarerName game passedIn } }
  }
}`;
const RATINGS = `query MyRatings($player: String!) { playerStats(player: $player) { ratings { model rating games } } }`;
const MODELS = ['ELO', 'ELO_WEIGHTED', 'GLICKO2', 'TEAM_SKILL', 'DSKV'] as const;
const CONFIRM = `mutation($commandId: ID!, $input: ConfirmDealInput!) { confirmDeal(commandId: $commandId, input: $input) { revision } }`;
const CONTEST = `mutation($commandId: ID!, $input: ContestDealInput!) { contestDeal(commandId: $commandId, input: $input) { revision } }`;

interface Deal {
  id: string;
  tableId: string | null;
  dealNumber: number;
  dealer: string;
  players: string[];
  sittingOut: string[];
  status: string;
  confirmedBy: string[];
  disputes: Array<{ player: string; ruling: string | null }>;
  result: { score: number | null; won: boolean | null; declarerName: string | null; game: string | null; passedIn: boolean } | null;
}

/** The player this tab's own token names (its claims are readable by their holder; the server checks the signature). */
function tokenPlayer(token: string): string | null {
  try {
    const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { role?: string; player?: string };
    return claims.role === 'player' && typeof claims.player === 'string' ? decodeURIComponent(escape(claims.player)) : null;
  } catch {
    return null;
  }
}

export async function renderPlayer(root: HTMLElement, tournamentId: string): Promise<() => void> {
  clear(root);
  if (!currentToken()) {
    renderSignIn(root, te('playerSignIn'), (token) => {
      setToken(token);
      void renderPlayer(root, tournamentId);
    });
    return () => undefined;
  }
  const message = el('p', { role: 'alert', 'data-testid': 'player-message' });
  const player = tokenPlayer(currentToken() ?? '');
  if (!player) {
    root.append(message, el('p', { text: te('playerSignIn') }));
    return () => undefined;
  }
  const me = player;
  const body = el('tbody');
  root.append(
    el('h2', { text: te('playerPage', { player: me }) }),
    message,
    el('p', {}, el('a', { href: `/?standings=${encodeURIComponent(tournamentId)}`, 'data-testid': 'player-standings', text: te('standings') })),
    el(
      'table',
      { class: 'stack-on-phone', 'aria-label': te('myDeals'), 'data-testid': 'my-deals' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ...[t('table'), t('colNo'), t('colDeclarer'), t('colGame'), t('colResult'), te('colReview')].map((h) => el('th', { scope: 'col', text: h })),
        ),
      ),
      body,
    ),
  );
  const draw = async () => {
    let deals: Deal[];
    try {
      deals = await allDealPages<Deal>(MINE, { id: tournamentId, player: me });
      const tables = (await graphql<{ tables: Array<{ tableId: string; players: string[] }> }>(MY_TABLES, { id: tournamentId })).tables;
      for (const tb of tables.filter((x) => x.players.length >= 4 && x.players.includes(me))) {
        const at = await allDealPages<Deal>(AT_TABLE, { table: tb.tableId });
        deals.push(...at.filter((d) => d.sittingOut.includes(me) && !deals.some((x) => x.id === d.id)));
      }
    } catch (e) {
      message.textContent = (e as Error).message;
      return;
    }
    clear(body);
    for (const d of [...deals].sort((a, b) => (a.tableId ?? '').localeCompare(b.tableId ?? '') || a.dealNumber - b.dealNumber)) {
      if (!d.result) continue;
      const mine = d.confirmedBy.includes(me) ? te('confirmedMark') : d.disputes.some((x) => x.player === me) ? te('contestedMark') : null;
      const actions = el('td', { 'data-label': '' });
      if (mine) actions.append(el('span', { 'data-testid': 'reviewed', text: mine }));
      else {
        const confirm = el('button', { type: 'button', class: 'action', 'data-testid': `confirm-${d.id}`, text: te('confirm') });
        const contest = el('button', { type: 'button', class: 'action', 'data-testid': `contest-${d.id}`, text: te('contest') });
        confirm.addEventListener('click', async () => {
          try {
            await graphql(CONFIRM, { commandId: newCommandId('player'), input: { dealId: d.id } });
            await draw();
          } catch (e) {
            message.textContent = (e as Error).message;
          }
        });
        contest.addEventListener('click', async () => {
          const reason = window.prompt(te('contestReason'), '') ?? '';
          if (!reason.trim()) return;
          try {
            await graphql(CONTEST, { commandId: newCommandId('player'), input: { dealId: d.id, reason: reason.trim() } });
            await draw();
          } catch (e) {
            message.textContent = (e as Error).message;
          }
        });
        actions.append(confirm, ' ', contest);
      }
      const r = d.result;
      body.append(
        el(
          'tr',
          { 'data-testid': 'my-deal' },
          el('td', { 'data-label': t('table'), text: d.tableId ?? '' }),
          el('td', { 'data-label': t('colNo'), class: 'num' }, el('a', { href: `/?deal=${encodeURIComponent(d.id)}#step=0`, text: String(d.dealNumber) })),
          el(
            'td',
            { 'data-label': t('colDeclarer') },
            r.declarerName ?? '',
            d.sittingOut.includes(me) ? el('span', { class: 'muted', 'data-testid': 'sat-out', text: ` ${te('youSatOut')}` }) : null,
          ),
          el('td', { 'data-label': t('colGame'), text: r.passedIn ? t('rPassedIn') : (r.game ?? '').toLowerCase() }),
          el('td', { 'data-label': t('colResult'), class: 'num', text: r.score === null ? '' : `${r.score > 0 ? '+' : ''}${r.score}` }),
          actions,
        ),
      );
    }
  };
  await draw();
  await drawRatings(root, me);
  return () => undefined;
}

/** His rating under every model (a row each, the rating rounded), or a line saying he has none yet. */
async function drawRatings(root: HTMLElement, me: string): Promise<void> {
  let ratings: Array<{ model: string; rating: number; games: number }>;
  try {
    ratings = (await graphql<{ playerStats: { ratings: typeof ratings } | null }>(RATINGS, { player: me })).playerStats?.ratings ?? [];
  } catch {
    return; // The deals above are the page's business; ratings are extra.
  }
  const section = el('section', { 'aria-label': te('myRatings'), 'data-testid': 'my-ratings' }, el('h3', { text: te('myRatings') }));
  if (ratings.length === 0) section.append(el('p', { 'data-testid': 'no-ratings', text: te('noRatings') }));
  else {
    const head = el('tr', {}, ...[te('colModel'), te('colRating'), te('colGames')].map((h) => el('th', { scope: 'col', text: h })));
    const rows = ratings.map((r) =>
      el(
        'tr',
        { 'data-testid': 'my-rating' },
        el('td', {
          'data-label': te('colModel'),
          text: MODELS.includes(r.model as (typeof MODELS)[number]) ? te(`model${r.model as (typeof MODELS)[number]}`) : r.model,
        }),
        el('td', { 'data-label': te('colRating'), class: 'num', text: String(Math.round(r.rating)) }),
        el('td', { 'data-label': te('colGames'), class: 'num', text: String(r.games) }),
      ),
    );
    section.append(
      el('table', { class: 'stack-on-phone' }, el('thead', {}, head), el('tbody', {}, ...rows)),
      el('p', { class: 'muted', text: te('ratingsNote') }),
    );
  }
  root.append(section);
}
