// The organiser's evening: create the tournament, keep its roster (in the ledger), open tables by hand, draw a
// round with the draw shown before it is recorded, close series. Everything through the API.
import { clear, el } from './dom.js';
import { te } from './evening-words.js';
import { t } from './messages.js';
import { addPlayers, parseList } from './roster.js';

export type Run = (query: string, input: Record<string, unknown>) => Promise<unknown>;
type Ask = (query: string, variables: Record<string, unknown>) => Promise<unknown>;

const CREATE = `mutation($commandId: ID!, $input: CreateTournamentInput!) { createTournament(commandId: $commandId, input: $input) { revision } }`;
const OPEN = `mutation($commandId: ID!, $input: OpenTableInput!) { openTable(commandId: $commandId, input: $input) { revision } }`;
const DRAW = `mutation($commandId: ID!, $input: DrawSeatsInput!) { drawSeats(commandId: $commandId, input: $input) { revision } }`;
const PREVIEW = `query($input: DrawSeatsInput!) { previewDraw(input: $input) { round method seed tables { tableId players } override { reason openSeries } repeatedTrios } }`;
const CLOSE = `mutation($commandId: ID!, $input: CloseSeriesInput!) { closeSeries(commandId: $commandId, input: $input) { revision } }`;
const CLOSE_ROUND = `mutation($commandId: ID!, $input: CloseRoundInput!) { closeRound(commandId: $commandId, input: $input) { revision } }`;
const CLOSE_TOURNAMENT = `mutation($commandId: ID!, $input: CloseTournamentInput!) { closeTournament(commandId: $commandId, input: $input) { revision } }`;
const LOSS_FEE = `mutation($commandId: ID!, $input: SetLossFeeInput!) { setLossFee(commandId: $commandId, input: $input) { revision } }`;

export interface EveningTournament {
  tournamentId: string;
  name: string;
  rounds: number | null;
  profileId: string;
  date: string | null;
  seriesLength3: number | null;
  seriesLength4: number | null;
  houseOptions: string[];
  tables: Array<{ tableId: string; round: number | null; players: string[]; closed: boolean }>;
  closedRounds: number[];
  closedAfterRound: number | null;
}

const field = (label: string, input: HTMLElement) => el('label', {}, label, input);
const input = (attrs: Record<string, string | number | boolean | undefined>) => el('input', attrs) as HTMLInputElement;

/** The form that creates a tournament with all its options (and its loss fee), then shows it. */
export function createTournamentForm(run: Run, done: () => void): HTMLElement {
  const id = input({ name: 'tournamentId', required: true, pattern: '[A-Za-z0-9-]+', 'data-testid': 'new-id' });
  const name = input({ name: 'name', required: true, 'data-testid': 'new-name' });
  const date = input({ name: 'date', type: 'date', 'data-testid': 'new-date' });
  const profile = el(
    'select',
    { name: 'profile', 'data-testid': 'new-profile' },
    ...['isko', 'iss', 'cardgames-io', 'swedish-textbook'].map((p) => el('option', { value: p, text: p })),
  ) as HTMLSelectElement;
  const rounds = input({ name: 'rounds', type: 'number', min: 1, max: 100, value: 2, 'data-testid': 'new-rounds' });
  const len3 = input({ name: 'len3', type: 'number', min: 1, max: 200, placeholder: '36', 'data-testid': 'new-len3' });
  const len4 = input({ name: 'len4', type: 'number', min: 1, max: 200, placeholder: '48', 'data-testid': 'new-len4' });
  const fee = input({ name: 'fee', type: 'number', min: 0, value: 50, 'data-testid': 'new-fee' });
  const fee4 = input({ name: 'fee4', type: 'number', min: 0, 'data-testid': 'new-fee4' });
  const kontra = input({ type: 'checkbox', name: 'kontraRe', 'data-testid': 'new-kontra' });
  const ramsch = input({ type: 'checkbox', name: 'ramsch', 'data-testid': 'new-ramsch' });
  const form = el(
    'form',
    { class: 'inline-form', 'aria-label': te('newTournament'), 'data-testid': 'new-tournament' },
    field(te('tournamentId'), id),
    field(te('tournamentName'), name),
    field(te('tournamentDate'), date),
    field(te('ruleProfile'), profile),
    field(te('rounds'), rounds),
    field(te('seriesAt3'), len3),
    field(te('seriesAt4'), len4),
    field(t('feeCents'), fee),
    field(t('fee4Cents'), fee4),
    el('fieldset', {}, el('legend', { text: te('houseOptions') }), field(te('kontraRe'), kontra), field(te('ramsch'), ramsch)),
    el('button', { type: 'submit', class: 'action', 'data-testid': 'create-tournament', text: te('create') }),
  );
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const options = [kontra.checked ? 'KONTRA_RE' : null, ramsch.checked ? 'RAMSCH' : null].filter((o): o is string => o !== null);
    const created = await run(CREATE, {
      tournamentId: id.value.trim(),
      name: name.value.trim(),
      profileId: profile.value,
      ...(rounds.value ? { rounds: Number(rounds.value) } : {}),
      ...(date.value ? { date: date.value } : {}),
      ...(len3.value ? { seriesLength3: Number(len3.value) } : {}),
      ...(len4.value ? { seriesLength4: Number(len4.value) } : {}),
      ...(options.length ? { houseOptions: options } : {}),
    });
    if (!created) return;
    if (fee.value !== '')
      await run(LOSS_FEE, {
        tournamentId: id.value.trim(),
        feeCents: Number(fee.value),
        ...(fee4.value !== '' ? { fromFourthLostGameCents: Number(fee4.value) } : {}),
      });
    done();
  });
  return el('section', { class: 'panel', 'aria-label': te('newTournament') }, el('h3', { text: te('newTournament') }), form);
}

const ROSTER = `query($t: ID!) { roster(tournamentId: $t) { player fromRound removedAfterRound } }`;
const ENTER = `mutation($commandId: ID!, $input: EnterPlayersInput!) { enterPlayers(commandId: $commandId, input: $input) { revision } }`;
const RENAME = `mutation($commandId: ID!, $input: RenamePlayerInput!) { renamePlayer(commandId: $commandId, input: $input) { revision } }`;
const REMOVE = `mutation($commandId: ID!, $input: RemovePlayerInput!) { removePlayer(commandId: $commandId, input: $input) { revision } }`;

interface RosterEntry {
  player: string;
  fromRound: number;
  removedAfterRound: number | null;
}

/**
 * The roster of one tournament, kept in the ledger (L23): add, rename (before the player sits at
 * a table), remove, paste or upload a list; a late joiner is drawn from the next round on.
 */
export function rosterPanel(tournamentId: string, ask: Ask, run: Run, playerLink?: (player: string) => Promise<void>): HTMLElement {
  let roster: RosterEntry[] = [];
  const active = () => roster.filter((r) => r.removedAfterRound === null).map((r) => r.player);
  const list = el('ol', { class: 'roster', 'data-testid': 'roster' });
  const count = el('p', { class: 'muted', 'data-testid': 'roster-count' });
  const reload = async () => {
    const r = (await ask(ROSTER, { t: tournamentId })) as { roster: RosterEntry[] | null } | null;
    roster = r?.roster ?? [];
    draw();
  };
  const change = async (query: string, input: Record<string, unknown>) => {
    if (await run(query, { tournamentId, ...input })) await reload();
  };
  const enter = (names: string[]) => {
    const fresh = addPlayers(active(), names).slice(active().length);
    if (fresh.length) void change(ENTER, { players: fresh });
  };
  const draw = () => {
    clear(list);
    count.textContent = te('nPlayers', { n: active().length });
    for (const r of roster) {
      const p = r.player;
      if (r.removedAfterRound !== null) {
        list.append(el('li', { class: 'muted', 'data-testid': 'roster-removed' }, el('s', { text: p }), ` ${te('removedAfter', { n: r.removedAfterRound })}`));
        continue;
      }
      const rename = el('button', { type: 'button', class: 'link-button', text: te('rename'), 'aria-label': `${te('rename')} ${p}` });
      const remove = el('button', { type: 'button', class: 'link-button', text: te('remove'), 'aria-label': `${te('remove')} ${p}` });
      rename.addEventListener('click', () => {
        const to = window.prompt(te('rename'), p)?.trim();
        if (to && to !== p) void change(RENAME, { from: p, to });
      });
      remove.addEventListener('click', () => void change(REMOVE, { player: p }));
      const link = playerLink
        ? el('button', {
            type: 'button',
            class: 'link-button',
            text: te('playerLinkOf'),
            'aria-label': `${te('playerLinkOf')} ${p}`,
            'data-testid': `player-link-${p}`,
          })
        : null;
      link?.addEventListener('click', () => void playerLink?.(p));
      const late = r.fromRound > 1 ? ` ${te('joinsFrom', { n: r.fromRound })}` : '';
      list.append(el('li', { 'data-testid': 'roster-player' }, el('span', { text: p }), late, ' ', rename, ' ', remove, ' ', link));
    }
  };
  const one = input({ name: 'player', 'data-testid': 'roster-add-name', autocomplete: 'off' });
  const addForm = el(
    'form',
    { class: 'inline-form', 'aria-label': te('addPlayer') },
    field(te('addPlayer'), one),
    el('button', { type: 'submit', class: 'action', 'data-testid': 'roster-add', text: te('addPlayer') }),
  );
  addForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (one.value.trim()) enter([one.value]);
    one.value = '';
  });
  const paste = el('textarea', { name: 'list', rows: 4, 'data-testid': 'roster-paste' }) as HTMLTextAreaElement;
  const pasteForm = el(
    'form',
    { class: 'inline-form', 'aria-label': te('pasteList') },
    field(te('pasteList'), paste),
    el('button', { type: 'submit', class: 'action', 'data-testid': 'roster-paste-add', text: te('addList') }),
  );
  pasteForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    enter(parseList(paste.value));
    paste.value = '';
  });
  const upload = input({ type: 'file', accept: '.txt,.csv,text/plain,text/csv', 'data-testid': 'roster-upload' });
  upload.addEventListener('change', async () => {
    const file = upload.files?.[0];
    if (file && file.size <= 100_000) enter(parseList(await file.text()));
    upload.value = '';
  });
  draw();
  void reload();
  return el(
    'details',
    { class: 'panel-part', 'data-testid': `roster-${tournamentId}` },
    el('summary', { text: te('roster') }),
    el('p', { class: 'muted', text: te('rosterHint') }),
    count,
    list,
    addForm,
    pasteForm,
    field(te('uploadList'), upload),
  );
}

/** The options a hand-opened table of the tournament takes from it (series length by size, house options). */
function tableOptions(tour: EveningTournament, size: number): Record<string, unknown> {
  const length = size === 3 ? tour.seriesLength3 : size === 4 ? tour.seriesLength4 : null;
  return { ...(length ? { seriesLength: length } : {}), ...(tour.houseOptions.length ? { houseOptions: tour.houseOptions } : {}) };
}

/** A table of a round opened by hand: its players in seat order and its first dealer. */
export function openByHandForm(tour: EveningTournament, nextRound: number, run: Run, done: () => void): HTMLElement {
  const id = input({ name: 'tableId', required: true, 'data-testid': 'hand-table-id', value: `${tour.tournamentId}-r${nextRound}-h1` });
  const round = input({ name: 'round', type: 'number', min: 1, value: Math.max(1, nextRound), 'data-testid': 'hand-round' });
  const players = input({ name: 'players', required: true, 'data-testid': 'hand-players' });
  const dealer = input({ name: 'firstDealer', 'data-testid': 'hand-dealer' });
  const form = el(
    'form',
    { class: 'inline-form', 'aria-label': te('openByHand') },
    field(te('tableIdLabel'), id),
    field(te('roundLabel'), round),
    field(te('playersInOrder'), players),
    field(te('firstDealer'), dealer),
    el('button', { type: 'submit', class: 'action', 'data-testid': 'hand-open', text: te('openTable') }),
  );
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const names = players.value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const opened = await run(OPEN, {
      tableId: id.value.trim(),
      players: names,
      firstDealer: dealer.value.trim() || names[0],
      tournamentId: tour.tournamentId,
      round: Number(round.value),
      ...tableOptions(tour, names.length),
    });
    if (opened) done();
  });
  return el('details', { class: 'panel-part' }, el('summary', { text: te('openByHand') }), form);
}

interface Preview {
  round: number;
  method: string;
  seed: string | null;
  tables: Array<{ tableId: string; players: string[] }>;
  override: { reason: string; openSeries: string[] } | null;
  repeatedTrios: string[];
}

/**
 * The next round's draw: shown first (previewDraw decides it on the tournament as it stands and
 * records nothing), then confirmed with the same input (the same seed gives the same tables), or
 * drawn again with a new seed. Refusals (L19: series still open, a round beyond the tournament's)
 * show as the page's message.
 */
export function drawPanel(tour: EveningTournament, nextRound: number, ask: Ask, run: Run, done: () => void): HTMLElement {
  const round = input({ type: 'number', name: 'round', min: 1, value: nextRound, 'data-testid': 'draw-round' });
  const method = el(
    'select',
    { name: 'method', 'data-testid': 'draw-method' },
    el('option', { value: 'BY_STANDINGS', text: t('byStandings') }),
    el('option', { value: 'RANDOM', text: t('random') }),
  ) as HTMLSelectElement;
  if (nextRound === 1) method.value = 'RANDOM';
  const override = input({ name: 'override', 'data-testid': 'draw-override' });
  const shown = el('div', { 'data-testid': 'draw-preview', 'aria-live': 'polite' });
  let seed = crypto.randomUUID().slice(0, 8);
  const request = (): Record<string, unknown> => {
    // The ledger draws its roster (L23); without one, everybody in the standings.
    return {
      tournamentId: tour.tournamentId,
      round: Number(round.value),
      method: method.value,
      ...(method.value === 'RANDOM' ? { seed } : {}),
      ...(override.value.trim() ? { override: override.value.trim() } : {}),
    };
  };
  const show = async () => {
    clear(shown);
    const input = request();
    const r = (await ask(PREVIEW, { input })) as { previewDraw: Preview } | null;
    if (!r) return;
    const d = r.previewDraw;
    const confirm = el('button', { type: 'button', class: 'action', 'data-testid': 'draw-confirm', text: te('confirmDraw') });
    const again = el('button', { type: 'button', class: 'action', 'data-testid': 'draw-again', text: te('drawAgain') });
    confirm.addEventListener('click', async () => {
      if (await run(DRAW, input)) {
        clear(shown);
        shown.append(el('p', { 'data-testid': 'draw-done', text: te('drawRecorded', { round: d.round }) }));
        done();
      }
    });
    again.addEventListener('click', () => {
      seed = crypto.randomUUID().slice(0, 8);
      method.value = 'RANDOM';
      void show();
    });
    shown.append(
      el('h5', { text: te('drawPreview', { round: d.round }) }),
      el(
        'ul',
        { class: 'drawn-tables' },
        ...d.tables.map((t) =>
          el(
            'li',
            { 'data-testid': 'drawn-table' },
            el('strong', { text: t.tableId }),
            `: ${t.players.join(', ')} · ${te('firstDeals', { name: t.players[0] })}`,
          ),
        ),
      ),
      el('p', { 'data-testid': 'draw-trios', text: d.repeatedTrios.length ? te('repeatedTrios', { ids: d.repeatedTrios.join(', ') }) : te('noRepeats') }),
      confirm,
      ' ',
      again,
    );
  };
  const form = el(
    'form',
    { class: 'inline-form', 'aria-label': te('previewDraw') },
    field(te('roundLabel'), round),
    field(t('drawMethod'), method),
    field(te('overrideReason'), override),
    el('button', { type: 'submit', class: 'action', 'data-testid': 'draw-seats', text: te('previewDraw') }),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void show();
  });
  return el('div', { class: 'panel-part' }, form, shown);
}

/** A table's close-series button: asks for a reason when the series is short. */
export function closeSeriesButton(tableId: string, run: Run, done: () => void): HTMLElement {
  const b = el('button', { type: 'button', class: 'link-button', 'data-testid': `close-${tableId}`, text: te('closeSeries') });
  b.addEventListener('click', async () => {
    const reason = window.prompt(te('closeReason'), '') ?? '';
    if (await run(CLOSE, { tableId, ...(reason.trim() ? { reason: reason.trim() } : {}) })) done();
  });
  return b;
}

/**
 * Closing the evening: the next round to close (the lowest with tables not closed yet; the server
 * refuses it while a series is open, L21) and the tournament once its last round is closed (L22;
 * before its planned rounds the organiser gives a reason).
 */
export function closingPanel(tour: EveningTournament, run: Run, done: () => void): HTMLElement {
  const part = el('div', { class: 'panel-part', 'data-testid': 'closing' });
  if (tour.closedAfterRound !== null) {
    part.append(el('p', { 'data-testid': 'tournament-closed', text: te('tournamentClosedAfter', { n: tour.closedAfterRound }) }));
    return part;
  }
  const rounds = [...new Set(tour.tables.map((tb) => tb.round).filter((r): r is number => r !== null))].sort((a, b) => a - b);
  const toClose = rounds.find((r) => !tour.closedRounds.includes(r));
  const last = rounds.length ? rounds[rounds.length - 1] : 0;
  part.append(
    el('p', { class: 'hint', text: te('roundCloseHint') }),
    el('p', {
      'data-testid': 'rounds-closed',
      text: tour.closedRounds.length ? te('roundsClosed', { list: tour.closedRounds.join(', ') }) : te('noRoundClosed'),
    }),
  );
  if (toClose !== undefined) {
    const b = el('button', { type: 'button', class: 'action', 'data-testid': 'close-round', text: te('closeRound', { n: toClose }) });
    b.addEventListener('click', async () => {
      if (await run(CLOSE_ROUND, { tournamentId: tour.tournamentId, round: toClose })) done();
    });
    part.append(b, ' ');
  }
  if (last > 0 && toClose === undefined) {
    const b = el('button', { type: 'button', class: 'action', 'data-testid': 'close-tournament', text: te('closeTournament') });
    b.addEventListener('click', async () => {
      const early = tour.rounds !== null && last < tour.rounds;
      const reason = early ? (window.prompt(te('closeEarlyReason', { planned: tour.rounds ?? last }), '') ?? '') : '';
      if (early && !reason.trim()) return;
      if (await run(CLOSE_TOURNAMENT, { tournamentId: tour.tournamentId, ...(reason.trim() ? { reason: reason.trim() } : {}) })) done();
    });
    part.append(b);
  }
  return part;
}
