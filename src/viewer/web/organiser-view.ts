import { graphql } from './api.js';
import { clear, el } from './dom.js';
import { t, type MessageKey } from './messages.js';
import { qrSvg } from './qr-code.js';
import { newCommandId } from './recorder-queue.js';
import { currentToken, setToken } from './session.js';
import { renderSignIn } from './sign-in.js';

const TOURNAMENTS = `query Organiser {
  tournaments(first: 100) {
    tournamentId name lossFeeCents lossFeeFromFourthCents
    tables { tableId round players dealsPlayed seriesLength openDealId openDisputes problems closed }
  }
}`;
const ISSUE = `mutation($commandId: ID!, $input: IssueTokenInput!) { issueToken(commandId: $commandId, input: $input) { token tokenId expiresAt } }`;
const REVOKE = `mutation($commandId: ID!, $input: RevokeTokenInput!) { revokeToken(commandId: $commandId, input: $input) { revision } }`;
const DRAW = `mutation($commandId: ID!, $input: DrawSeatsInput!) { drawSeats(commandId: $commandId, input: $input) { revision } }`;
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
}
interface Tournament {
  tournamentId: string;
  name: string;
  lossFeeCents: number | null;
  lossFeeFromFourthCents: number | null;
  tables: TableStatus[];
}

/** A link that signs a page in: the token rides in the fragment, which never reaches a server. */
export function signedLink(path: string, token: string): string {
  return `${location.origin}${path}#token=${encodeURIComponent(token)}`;
}

/**
 * The organiser's page (`/?organise`, admin token): tournaments and their tables with status, the
 * recorder link of each table (with a QR code for the tablet), tokens issued and revoked, the loss
 * fee, and the seat draw for the next round. Everything goes through the same GraphQL API.
 */
export async function renderOrganiser(root: HTMLElement): Promise<void> {
  clear(root);
  if (!currentToken()) {
    renderSignIn(root, t('organiserSignIn'), (token) => {
      setToken(token);
      void renderOrganiser(root);
    });
    return;
  }
  const message = el('p', { role: 'alert', 'data-testid': 'organiser-message' });
  const issued = el('section', { 'aria-label': t('issuedToken'), 'data-testid': 'issued', class: 'panel', hidden: true });
  root.append(el('h2', { text: t('organiser') }), message, issued);
  let tournaments: Tournament[];
  try {
    tournaments = (await graphql<{ tournaments: Tournament[] }>(TOURNAMENTS)).tournaments;
  } catch (e) {
    message.textContent = (e as Error).message;
    return;
  }

  const run = async (query: string, input: Record<string, unknown>): Promise<unknown> => {
    try {
      const data = await graphql(query, { commandId: newCommandId(), input });
      message.textContent = '';
      return data;
    } catch (e) {
      message.textContent = (e as Error).message;
      return null;
    }
  };

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
    const body = el('tbody');
    for (const tb of tour.tables) {
      const recorderBtn = el('button', { type: 'button', class: 'action', 'data-testid': `recorder-link-${tb.tableId}`, text: t('recorderLink') });
      recorderBtn.addEventListener('click', async () => {
        const r = (await run(ISSUE, { role: 'RECORDER', tableId: tb.tableId, ttlSeconds: 86_400 })) as {
          issueToken: { token: string; tokenId: string; expiresAt: string | null };
        } | null;
        if (r) await showToken(t('recorderOf', { id: tb.tableId }), r.issueToken, `/?record=${encodeURIComponent(tb.tableId)}`);
      });
      body.append(
        el(
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
          el(
            'td',
            { 'data-label': t('colOpenDeal') },
            tb.openDealId ? el('a', { href: `/?deal=${encodeURIComponent(tb.openDealId)}`, text: tb.openDealId }) : '—',
          ),
          el('td', { 'data-label': t('colDisputes'), class: tb.openDisputes ? 'num bad' : 'num', 'data-testid': 'disputes', text: String(tb.openDisputes) }),
          el('td', { 'data-label': t('colProblems'), class: tb.problems ? 'num bad' : 'num', text: String(tb.problems) }),
          el('td', { 'data-label': t('colLinks') }, el('a', { href: `/?table=${encodeURIComponent(tb.tableId)}`, text: t('hallScreen') }), ' ', recorderBtn),
        ),
      );
    }
    section.append(
      el(
        'table',
        { class: 'stack-on-phone', 'aria-label': t('tablesOf', { name: tour.name }) },
        el('thead', {}, el('tr', {}, ...cols.map((c) => el('th', { scope: 'col', text: t(c) })))),
        body,
      ),
    );

    // The seat draw for the next round.
    const nextRound = Math.max(0, ...tour.tables.map((tb) => tb.round ?? 0)) + 1;
    const round = el('input', { type: 'number', name: 'round', min: 1, value: nextRound, 'data-testid': 'draw-round' }) as HTMLInputElement;
    const method = el(
      'select',
      { name: 'method', 'data-testid': 'draw-method' },
      el('option', { value: 'BY_STANDINGS', text: t('byStandings') }),
      el('option', { value: 'RANDOM', text: t('random') }),
    ) as HTMLSelectElement;
    const seed = el('input', { name: 'seed', 'data-testid': 'draw-seed', value: crypto.randomUUID().slice(0, 8) }) as HTMLInputElement;
    const draw = el(
      'form',
      { class: 'inline-form', 'aria-label': t('seatDraw') },
      el('label', {}, t('colRound'), round),
      el('label', {}, t('drawMethod'), method),
      el('label', {}, t('seed'), seed),
      el('button', { type: 'submit', class: 'action', 'data-testid': 'draw-seats', text: t('drawSeats') }),
    );
    draw.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const input: Record<string, unknown> = { tournamentId: tour.tournamentId, round: Number(round.value), method: method.value };
      if (method.value === 'RANDOM') input.seed = seed.value;
      if (await run(DRAW, input)) await renderOrganiser(root);
    });
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
    section.append(el('h4', { text: t('seatDraw') }), draw, el('h4', { text: t('lossFee') }), feeForm);
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
}

function euros(cents: number): string {
  return `${(cents / 100).toFixed(2)} €`;
}
