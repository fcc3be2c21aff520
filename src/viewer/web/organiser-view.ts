import { graphql } from './api.js';
import { clear, el } from './dom.js';
import { t, type MessageKey } from './messages.js';
import { qrSvg } from './qr-code.js';
import { newCommandId } from './command-id.js';
import { currentToken, setToken } from './session.js';
import type { LiveSubscription } from './live-updates.js';
import { DEAL_MOVES, eventTypeOf, followAndRedraw } from './live-redraw.js';
import { renderSignIn } from './sign-in.js';
import { te } from './evening-words.js';
import { closeSeriesButton, closingPanel, createTournamentForm, drawPanel, openByHandForm, rosterPanel, type EveningTournament } from './organiser-evening.js';

const TOURNAMENTS = `query Organiser {
  tournaments(first: 100) {
    tournamentId name lossFeeCents lossFeeFromFourthCents rounds profileId date seriesLength3 seriesLength4 houseOptions closedRounds closedAfterRound
    tables { tableId round players dealsPlayed seriesLength openDealId openDisputes problems closed nextDeal { dealNumber dealer sittingOut } }
  }
}`;
const ISSUE = `mutation($commandId: ID!, $input: IssueTokenInput!) { issueToken(commandId: $commandId, input: $input) { token tokenId expiresAt } }`;
const REVOKE = `mutation($commandId: ID!, $input: RevokeTokenInput!) { revokeToken(commandId: $commandId, input: $input) { revision } }`;
const LOSS_FEE = `mutation($commandId: ID!, $input: SetLossFeeInput!) { setLossFee(commandId: $commandId, input: $input) { revision } }`;

interface TableStatus {
  tableId: string;
  round: number | null;
  players: string[];
  dealsPlayed: number;
  seriesLength: number;
  openDealId: string | null;
  openDisputes: number;
  problems: number;
  closed: boolean;
  nextDeal: { dealNumber: number; dealer: string; sittingOut: string[] } | null;
}
interface Tournament extends EveningTournament {
  lossFeeCents: number | null;
  lossFeeFromFourthCents: number | null;
  tables: TableStatus[];
}
/** How many open tournaments the page follows by push (two graphql-ws subscriptions each; the caller's share is bounded by the server). */
const FOLLOWED_TOURNAMENTS = 8;
const TOURNAMENT_UPDATES = `subscription OrganiserStandings($id: ID!) { tournamentUpdates(tournamentId: $id) { eventType } }`;
const TABLE_UPDATES = `subscription OrganiserTables($id: ID!) { tournamentTableUpdates(tournamentId: $id) { tableId eventType } }`;

/** The drawing now on screen, ended before the page is drawn again. */
let shownTeardown: (() => void) | null = null;

/** A link that signs a page in: the token rides in the fragment, which never reaches a server. */
export function signedLink(path: string, token: string): string {
  return `${location.origin}${path}#token=${encodeURIComponent(token)}`;
}

/**
 * The organiser's page (`/?organise`, admin token): tournaments and their tables with status, the
 * recorder link of each table (with a QR code for the tablet), tokens issued and revoked, the loss
 * fee, and the seat draw for the next round. Everything goes through the same GraphQL API.
 */
export async function renderOrganiser(root: HTMLElement): Promise<() => void> {
  // Drawn again after a tournament is created or a fee set: the previous drawing's subscriptions end first.
  shownTeardown?.();
  shownTeardown = null;
  clear(root);
  if (!currentToken()) {
    renderSignIn(root, t('organiserSignIn'), (token) => {
      setToken(token);
      void renderOrganiser(root);
    });
    return () => undefined;
  }
  const message = el('p', { role: 'alert', 'data-testid': 'organiser-message' });
  const issued = el('section', { 'aria-label': t('issuedToken'), 'data-testid': 'issued', class: 'panel', hidden: true });
  root.append(el('h2', { text: t('organiser') }), message, issued);
  let tournaments: Tournament[];
  try {
    tournaments = (await graphql<{ tournaments: Tournament[] }>(TOURNAMENTS)).tournaments;
  } catch (e) {
    message.textContent = (e as Error).message;
    return () => undefined;
  }

  const run = async (query: string, input: Record<string, unknown>): Promise<unknown> => {
    try {
      const data = await graphql(query, { commandId: newCommandId('org'), input });
      message.textContent = '';
      return data;
    } catch (e) {
      message.textContent = (e as Error).message;
      return null;
    }
  };
  const ask = async (query: string, variables: Record<string, unknown>): Promise<unknown> => {
    try {
      const data = await graphql(query, variables);
      message.textContent = '';
      return data;
    } catch (e) {
      message.textContent = (e as Error).message;
      return null;
    }
  };
  const again = () => void renderOrganiser(root);
  let stopped = false;
  /** The tables of every tournament shown, asked again and redrawn in place (forms keep what was typed). */
  const refreshLists = async () => {
    if (stopped) return;
    let now: Tournament[];
    try {
      now = (await graphql<{ tournaments: Tournament[] }>(TOURNAMENTS)).tournaments;
    } catch {
      return;
    }
    // Redrawn only when it changed: a button under the organiser's finger is not replaced every few seconds.
    for (const tour of now) {
      const seen = JSON.stringify(tour);
      if (shownLists.get(tour.tournamentId) === seen) continue;
      shownLists.set(tour.tournamentId, seen);
      tableLists.get(tour.tournamentId)?.(tour);
    }
  };
  const shownLists = new Map<string, string>();
  /** A player's own page link (player token bound to the tournament), shown once with its QR code. */
  const playerLink = (tournamentId: string) => async (player: string) => {
    const r = (await run(ISSUE, { role: 'PLAYER', player, tournamentId, ttlSeconds: 86_400 })) as {
      issueToken: { token: string; tokenId: string; expiresAt: string | null };
    } | null;
    if (r) await showToken(t('tokenFor', { role: 'player', who: player }), r.issueToken, `/?player=${encodeURIComponent(tournamentId)}`);
  };
  root.append(createTournamentForm(run, again));
  // Each tournament's list of tables, redrawn in place as it changes.
  const tableLists = new Map<string, (tour: Tournament) => void>();

  /** Shows a token just issued: once, with its signed link and a QR code drawn here. */
  const showToken = async (label: string, token: { token: string; tokenId: string; expiresAt: string | null }, path: string) => {
    clear(issued);
    issued.hidden = false;
    const link = signedLink(path, token.token);
    const qr = el('div', { class: 'qr', 'data-testid': 'token-qr' });
    qr.innerHTML = await qrSvg(link, label); // the SVG is drawn by the QR module from our own text
    issued.append(
      el('h3', { text: label }),
      el(
        'p',
        {},
        el('strong', { text: `${t('tokenId')}: ` }),
        el('code', { 'data-testid': 'token-id', text: token.tokenId }),
        token.expiresAt ? ` · ${t('expires', { at: token.expiresAt })}` : '',
      ),
      el('p', {}, el('a', { href: link, 'data-testid': 'token-link', text: t('openLink') })),
      el('p', { class: 'muted', text: t('tokenShownOnce') }),
      qr,
    );
    issued.scrollIntoView();
  };

  /** One table's row: status, next deal, open disputes (linked to the arbiter's page), links and actions. */
  const tableRow = (tb: TableStatus, tournamentId: string): HTMLElement => {
    const recorderBtn = el('button', { type: 'button', class: 'action', 'data-testid': `recorder-link-${tb.tableId}`, text: t('recorderLink') });
    recorderBtn.addEventListener('click', async () => {
      const r = (await run(ISSUE, { role: 'RECORDER', tableId: tb.tableId, ttlSeconds: 86_400 })) as {
        issueToken: { token: string; tokenId: string; expiresAt: string | null };
      } | null;
      if (r) await showToken(t('recorderOf', { id: tb.tableId }), r.issueToken, `/?record=${encodeURIComponent(tb.tableId)}`);
    });
    return el(
      'tr',
      { 'data-testid': 'table-row' },
      el('th', { scope: 'row', 'data-label': t('table') }, el('a', { href: `/?sheet=${encodeURIComponent(tb.tableId)}`, text: tb.tableId })),
      el('td', { 'data-label': t('colRound'), class: 'num', text: tb.round === null ? '' : String(tb.round) }),
      el('td', { 'data-label': t('colPlayers'), text: tb.players.join(', ') }),
      el('td', {
        'data-label': t('colPlayed'),
        class: 'num',
        'data-testid': 'played',
        text: `${tb.dealsPlayed} / ${tb.seriesLength}${tb.closed ? ` (${t('closed')})` : ''}`,
      }),
      el('td', {
        'data-label': te('colNextDeal'),
        'data-testid': 'next-deal',
        text: tb.nextDeal
          ? te('nextDealIs', { n: tb.nextDeal.dealNumber, dealer: tb.nextDeal.dealer }) +
            (tb.nextDeal.sittingOut.length ? te('sitsOut', { who: tb.nextDeal.sittingOut.join(', ') }) : '')
          : '—',
      }),
      el('td', { 'data-label': t('colOpenDeal') }, tb.openDealId ? el('a', { href: `/?deal=${encodeURIComponent(tb.openDealId)}`, text: tb.openDealId }) : '—'),
      el(
        'td',
        { 'data-label': t('colDisputes'), class: tb.openDisputes ? 'num bad' : 'num', 'data-testid': 'disputes' },
        tb.openDisputes
          ? el('a', {
              href: `/?arbiter=${encodeURIComponent(tournamentId)}`,
              'aria-label': `${tb.openDisputes} ${te('disputesLink')}`,
              text: String(tb.openDisputes),
            })
          : '0',
      ),
      el('td', { 'data-label': t('colProblems'), class: tb.problems ? 'num bad' : 'num', text: String(tb.problems) }),
      el(
        'td',
        { 'data-label': t('colLinks') },
        el('a', { href: `/?table=${encodeURIComponent(tb.tableId)}`, text: t('hallScreen') }),
        ' ',
        recorderBtn,
        ' ',
        tb.closed ? null : closeSeriesButton(tb.tableId, run, refreshLists),
      ),
    );
  };

  for (const tour of tournaments) {
    const section = el('section', { class: 'panel', 'aria-label': tour.name, 'data-testid': `tournament-${tour.tournamentId}` });
    section.append(el('h3', {}, `${tour.name} `, el('a', { href: `/?standings=${encodeURIComponent(tour.tournamentId)}`, text: t('standingsLink') })));
    const fee =
      tour.lossFeeCents === null
        ? t('noLossFee')
        : t('lossFeeIs', {
            fee: euros(tour.lossFeeCents),
            from4: tour.lossFeeFromFourthCents === null ? '' : t('from4th', { fee: euros(tour.lossFeeFromFourthCents) }),
          });
    section.append(el('p', { 'data-testid': 'loss-fee' }, fee));
    const cols: MessageKey[] = ['table', 'colRound', 'colPlayers', 'colPlayed', 'colOpenDeal', 'colDisputes', 'colProblems', 'colLinks'];
    const listHolder = el('div', { 'data-testid': 'tables-of' });
    const closingHolder = el('div');
    const drawTables = (now: Tournament) => {
      clear(listHolder);
      clear(closingHolder);
      closingHolder.append(closingPanel(now, run, refreshLists));
      const body = el('tbody');
      for (const tb of now.tables) body.append(tableRow(tb, now.tournamentId));
      listHolder.style.setProperty('--rows', String(now.tables.length)); // its height while it is not drawn yet (evening.css)
      listHolder.append(
        el(
          'table',
          { class: 'stack-on-phone', 'aria-label': t('tablesOf', { name: now.name }) },
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              ...[...cols.slice(0, 4), 'colNextDeal' as const, ...cols.slice(4)].map((c) =>
                el('th', { scope: 'col', text: c === 'colNextDeal' ? te(c) : t(c) }),
              ),
            ),
          ),
          body,
        ),
      );
    };
    drawTables(tour);
    shownLists.set(tour.tournamentId, JSON.stringify(tour));
    tableLists.set(tour.tournamentId, drawTables);
    section.append(listHolder, closingHolder);
    // The roster, a table by hand, the seat draw of the next round (shown before it is recorded).
    const nextRound = Math.max(0, ...tour.tables.map((tb) => tb.round ?? 0)) + 1;
    section.append(
      rosterPanel(tour.tournamentId, ask, run, playerLink(tour.tournamentId)),
      openByHandForm(tour, nextRound, run, refreshLists),
      el(
        'p',
        {},
        el('a', { href: `/?hall=${encodeURIComponent(tour.tournamentId)}`, 'data-testid': 'hall-link', text: te('hall', { name: tour.name }) }),
        ' · ',
        el('a', { href: `/?arbiter=${encodeURIComponent(tour.tournamentId)}`, 'data-testid': 'arbiter-link', text: te('arbiter') }),
      ),
    );
    // The loss fee (cents), and the higher fee from the 4th lost game in one list.
    const feeIn = el('input', { type: 'number', min: 0, name: 'fee', value: tour.lossFeeCents ?? 50, 'data-testid': 'fee' }) as HTMLInputElement;
    const fee4 = el('input', { type: 'number', min: 0, name: 'fee4', value: tour.lossFeeFromFourthCents ?? '', 'data-testid': 'fee4' }) as HTMLInputElement;
    const feeForm = el(
      'form',
      { class: 'inline-form', 'aria-label': t('lossFee') },
      el('label', {}, t('feeCents'), feeIn),
      el('label', {}, t('fee4Cents'), fee4),
      el('button', { type: 'submit', class: 'action', 'data-testid': 'set-fee', text: t('setLossFee') }),
    );
    feeForm.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const input: Record<string, unknown> = { tournamentId: tour.tournamentId, feeCents: Number(feeIn.value) };
      if (fee4.value !== '') input.fromFourthLostGameCents = Number(fee4.value);
      if (await run(LOSS_FEE, input)) await renderOrganiser(root);
    });
    section.append(el('h4', { text: t('seatDraw') }), drawPanel(tour, nextRound, ask, run, refreshLists), el('h4', { text: t('lossFee') }), feeForm);
    root.append(section);
  }

  // Any token: role, player, table or tournament, lifetime; and revocation by token id.
  const role = el(
    'select',
    { name: 'role', 'data-testid': 'issue-role' },
    ...['PLAYER', 'RECORDER', 'ARBITER', 'ADMIN'].map((r) => el('option', { value: r, text: r.toLowerCase() })),
  ) as HTMLSelectElement;
  const player = el('input', { name: 'player', 'data-testid': 'issue-player' }) as HTMLInputElement;
  const table = el('input', { name: 'table', 'data-testid': 'issue-table' }) as HTMLInputElement;
  const tournament = el('input', { name: 'tournament', 'data-testid': 'issue-tournament' }) as HTMLInputElement;
  const hours = el('input', { type: 'number', name: 'hours', min: 1, value: 24, 'data-testid': 'issue-hours' }) as HTMLInputElement;
  const issueForm = el(
    'form',
    { class: 'inline-form', 'aria-label': t('issueToken') },
    el('label', {}, t('role'), role),
    el('label', {}, t('player'), player),
    el('label', {}, t('table'), table),
    el('label', {}, t('tournament'), tournament),
    el('label', {}, t('hoursValid'), hours),
    el('button', { type: 'submit', class: 'action', 'data-testid': 'issue', text: t('issueToken') }),
  );
  issueForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const input: Record<string, unknown> = { role: role.value, ttlSeconds: Math.round(Number(hours.value) * 3600) };
    if (player.value.trim()) input.player = player.value.trim();
    if (table.value.trim()) input.tableId = table.value.trim();
    if (tournament.value.trim()) input.tournamentId = tournament.value.trim();
    const r = (await run(ISSUE, input)) as { issueToken: { token: string; tokenId: string; expiresAt: string | null } } | null;
    const path = role.value === 'RECORDER' && input.tableId ? `/?record=${encodeURIComponent(String(input.tableId))}` : '/';
    if (r) await showToken(t('tokenFor', { role: role.value.toLowerCase(), who: String(input.player ?? input.tableId ?? '') }), r.issueToken, path);
  });
  const revokeId = el('input', { name: 'tokenId', 'data-testid': 'revoke-id' }) as HTMLInputElement;
  const revokeWhy = el('input', { name: 'reason', 'data-testid': 'revoke-reason' }) as HTMLInputElement;
  const revokeForm = el(
    'form',
    { class: 'inline-form', 'aria-label': t('revokeToken') },
    el('label', {}, t('tokenId'), revokeId),
    el('label', {}, t('reason'), revokeWhy),
    el('button', { type: 'submit', class: 'action', 'data-testid': 'revoke', text: t('revokeToken') }),
  );
  revokeForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (await run(REVOKE, { tokenId: revokeId.value.trim(), reason: revokeWhy.value.trim() || t('revokedByOrganiser') }))
      message.textContent = t('revoked', { id: revokeId.value.trim() });
  });
  root.append(
    el('section', { class: 'panel', 'aria-label': t('tokens') }, el('h3', { text: t('tokens') }), issueForm, el('h4', { text: t('revokeToken') }), revokeForm),
  );
  const follow = followTournaments(tournaments, root, () => void refreshLists());
  const teardown = () => {
    stopped = true;
    follow.close();
    if (shownTeardown === teardown) shownTeardown = null;
  };
  shownTeardown = teardown;
  return teardown;
}

/**
 * The list follows its open tournaments by push: each event that can change a row (not the moves
 * of a deal in play) asks the list again once. It polls slowly while a subscription is down, or
 * when more tournaments are open than it follows.
 */
function followTournaments(tournaments: Tournament[], root: HTMLElement, refresh: () => void): LiveSubscription {
  const open = tournaments.filter((tour) => tour.closedAfterRound === null);
  const followed = open.slice(0, FOLLOWED_TOURNAMENTS);
  const keyOf = (field: string) => (data: unknown) => {
    const type = eventTypeOf(data, field);
    return type && DEAL_MOVES.has(type) ? null : 'list';
  };
  return followAndRedraw(
    root,
    followed.flatMap((tour) => [
      { query: TOURNAMENT_UPDATES, variables: { id: tour.tournamentId }, keyOf: keyOf('tournamentUpdates') },
      { query: TABLE_UPDATES, variables: { id: tour.tournamentId }, keyOf: keyOf('tournamentTableUpdates') },
    ]),
    refresh,
    open.length > followed.length,
  );
}

function euros(cents: number): string {
  return `${(cents / 100).toFixed(2)} €`;
}
