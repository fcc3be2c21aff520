import { graphql } from './api.js';
import { clear, el } from './dom.js';
import { t, type MessageKey } from './messages.js';
import { renderSheet } from './sheet-view.js';
import { te } from './evening-words.js';
import { downloadCsv, downloadPrintHtml } from './export-files.js';
import { DEAL_MOVES, EVERYTHING, eventTypeOf, followAndRedraw } from './live-redraw.js';

const STANDINGS_QUERY = `query Standings($id: ID!) {
  standings(tournamentId: $id) {
    tournamentId name
    lines { rank player series gamePoints won lost opponentsLost total lossFees lossFeeCents tieBreak openDisputes }
    tables { tableId round }
  }
}`;

interface Standings {
  tournamentId: string;
  name: string;
  lines: Array<{
    rank: number;
    player: string;
    series: number;
    gamePoints: number;
    won: number;
    lost: number;
    opponentsLost: number;
    total: number;
    lossFees: number;
    lossFeeCents: number;
    tieBreak: string | null;
    openDisputes: number;
  }>;
  tables: Array<{ tableId: string; round: number }>;
}

const STANDINGS_UPDATES = `subscription StandingsPage($id: ID!) { tournamentUpdates(tournamentId: $id) { eventType } }`;
const TABLE_UPDATES = `subscription StandingsTables($id: ID!) { tournamentTableUpdates(tournamentId: $id) { tableId eventType } }`;

/**
 * A tournament's standings (`/?standings=<tournamentId>`): rank by the Seeger-Fabian total over all
 * series (R35-R37), then every table's list. Printed, the standings fill the first page and each
 * table's list its own A4 page, as an organiser hangs them up. The page follows the tournament: the
 * standings and a table's list are drawn again as they change (a deal scored, contested, ruled,
 * corrected; a table added), each swapped in whole once it is read, so nothing blinks.
 */
export async function renderStandings(root: HTMLElement, tournamentId: string): Promise<() => void> {
  clear(root);
  const status = el('p', { role: 'status', text: t('loadingId', { id: tournamentId }) });
  root.append(status);
  const s = await readStandings(tournamentId, status);
  if (!s) return () => undefined;
  clear(root);
  let front = standingsFront(s, root);
  root.append(front);
  const sections = new Map<string, HTMLElement>();
  const addTables = async (tables: Standings['tables']) => {
    for (const table of tables) {
      if (sections.has(table.tableId)) continue;
      const section = el('section', {
        class: 'print-page table-list',
        'data-testid': 'table-list',
        'aria-label': t('roundTable', { round: table.round, id: table.tableId }),
      });
      sections.set(table.tableId, section);
      root.append(section);
      await renderSheet(section, table.tableId);
    }
  };
  await addTables(s.tables);
  const redrawSheet = async (tableId: string) => {
    const section = sections.get(tableId);
    if (!section) return;
    const fresh = el('div');
    if (await renderSheet(fresh, tableId)) section.replaceChildren(...fresh.childNodes);
  };
  const keyOf = (field: string, key: (data: unknown) => string) => (data: unknown) => {
    const type = eventTypeOf(data, field);
    return type && DEAL_MOVES.has(type) ? null : key(data);
  };
  let drawing = Promise.resolve();
  const follow = followAndRedraw(
    root,
    [
      { query: STANDINGS_UPDATES, variables: { id: tournamentId }, keyOf: keyOf('tournamentUpdates', () => 'standings') },
      {
        query: TABLE_UPDATES,
        variables: { id: tournamentId },
        keyOf: keyOf('tournamentTableUpdates', (data) => `table:${(data as { tournamentTableUpdates: { tableId: string } }).tournamentTableUpdates.tableId}`),
      },
    ],
    (keys) => {
      // One redraw at a time, in the order the events came.
      drawing = drawing.then(async () => {
        if (keys.has(EVERYTHING) || keys.has('standings')) {
          const now = await readStandings(tournamentId, null);
          if (now) {
            const next = standingsFront(now, root);
            front.replaceWith(next);
            front = next;
            await addTables(now.tables);
          }
        }
        for (const tableId of sections.keys()) if (keys.has(EVERYTHING) || keys.has(`table:${tableId}`)) await redrawSheet(tableId);
      });
    },
  );
  return () => follow.close();
}

/** The standings, or null with the reason shown in `status` (when there is one to show it in). */
async function readStandings(tournamentId: string, status: HTMLElement | null): Promise<Standings | null> {
  try {
    const s = (await graphql<{ standings: Standings | null }>(STANDINGS_QUERY, { id: tournamentId })).standings;
    if (!s && status) status.textContent = t('noTournament', { id: tournamentId });
    return s;
  } catch (e) {
    if (status) status.textContent = t('couldNotLoad', { id: tournamentId, reason: (e as Error).message });
    return null;
  }
}

/** The standings' own page: the lines, with print and export buttons and a link to the hall screen. */
function standingsFront(s: Standings, root: HTMLElement): HTMLElement {
  const print = el('button', { type: 'button', class: 'no-print', text: t('print') });
  print.addEventListener('click', () => window.print());
  const standings = s;
  const csv = el('button', { type: 'button', class: 'no-print', 'data-testid': 'standings-csv', text: te('exportCsv') });
  csv.addEventListener('click', () =>
    downloadCsv(`${standings.tournamentId}-standings.csv`, [
      [
        t('colRank'),
        t('player'),
        t('colSeries'),
        t('colGamePoints'),
        t('colWon'),
        t('colLost'),
        t('colOppLost'),
        t('colTotal'),
        t('colLossFees'),
        t('colLossFeeOwed'),
      ],
      ...standings.lines.map((l) => [
        l.rank,
        l.player,
        l.series,
        l.gamePoints,
        l.won,
        l.lost,
        l.opponentsLost,
        l.total,
        l.lossFees,
        (l.lossFeeCents / 100).toFixed(2),
      ]),
    ]),
  );
  const html = el('button', { type: 'button', class: 'no-print', 'data-testid': 'standings-html', text: te('exportHtml') });
  html.addEventListener('click', () =>
    downloadPrintHtml(`${standings.tournamentId}-standings.html`, t('standingsOf', { name: standings.name }), Array.from(root.querySelectorAll('.print-page'))),
  );
  const cols: MessageKey[] = [
    'colRank',
    'player',
    'colSeries',
    'colGamePoints',
    'colWon',
    'colLost',
    'colOppLost',
    'colTotal',
    'colLossFees',
    'colLossFeeOwed',
    'colTieBreak',
  ];
  const body = el('tbody');
  for (const l of s.lines) {
    body.append(
      el(
        'tr',
        {},
        el('td', { class: 'num', 'data-label': t('colRank'), 'data-testid': 'standing-rank', text: String(l.rank) }),
        el(
          'th',
          { scope: 'row', 'data-label': t('player') },
          l.player,
          // Provisional: a contested deal at his tables awaits the arbiter (it may move his total).
          l.openDisputes
            ? el('span', {
                class: 'dispute-mark',
                'data-testid': 'standing-dispute',
                title: te('provisionalLine', { n: l.openDisputes }),
                text: ` ⚑ ${te('provisionalLine', { n: l.openDisputes })}`,
              })
            : null,
        ),
        ...[l.series, l.gamePoints, l.won, l.lost, l.opponentsLost, l.total, l.lossFees].map((v, i) =>
          el('td', { class: 'num', 'data-label': t(cols[i + 2]), 'data-testid': cols[i + 2] === 'colTotal' ? 'standing-total' : undefined, text: String(v) }),
        ),
        el('td', { class: 'num', 'data-label': t('colLossFeeOwed'), 'data-testid': 'loss-fee-owed', text: `${(l.lossFeeCents / 100).toFixed(2)} €` }),
        el('td', { 'data-label': t('colTieBreak'), text: l.tieBreak ?? '' }),
      ),
    );
  }
  const front = el(
    'section',
    { class: 'print-page', 'aria-label': t('standingsOf', { name: s.name }) },
    el('h2', { text: t('standingsOf', { name: s.name }) }),
    el(
      'p',
      { class: 'no-print' },
      print,
      ' ',
      csv,
      ' ',
      html,
      ' ',
      el('a', { href: `/?hall=${encodeURIComponent(s.tournamentId)}`, text: te('hall', { name: s.name }) }),
    ),
    el(
      'table',
      { class: 'stack-on-phone', 'data-testid': 'standings', 'aria-label': t('standingsOf', { name: s.name }) },
      el('thead', {}, el('tr', {}, ...cols.map((c) => el('th', { scope: 'col', text: t(c) })))),
      body,
    ),
  );
  return front;
}
