import { graphql } from './api.js';
import { clear, el } from './dom.js';
import { t, type MessageKey } from './messages.js';
import { SHEET_QUERY } from './queries.js';
import { sheetGameWords } from './sheet-words.js';
import { loadDeckStyle } from './deck-preference.js';
import { te } from './evening-words.js';
import { downloadCsv, downloadPrintHtml } from './export-files.js';
import { DEAL_MOVES, eventTypeOf, followAndRedraw } from './live-redraw.js';

interface Sheet {
  tableId: string;
  players: string[];
  seriesLength: number;
  dealsPlayed: number;
  complete: boolean;
  profileId: string;
  rows: Array<{
    dealNumber: number;
    dealId: string;
    dealer: string;
    declarer: string | null;
    game: string;
    won: boolean | null;
    entry: number;
    passedIn: boolean;
    notScoreable: boolean;
    corrected: boolean;
    correctionReason: string | null;
    originalEntry: number | null;
    openDisputes: number;
    totals: Array<{ player: string; total: number }>;
  }>;
  totals: Array<{
    player: string;
    gamePoints: number;
    won: number;
    lost: number;
    wonLostPoints: number;
    opponentsLost: number;
    opponentsLostPoints: number;
    seegerFabian: number;
    computer: boolean;
    rank: number;
    lossFees: number;
    lossFeeCents: number;
  }>;
}

// The list as organisers keep it (R34), then the Seeger-Fabian block with ranks (R35). On a phone
// the list drops the dealer column and the block turns into one card per player (no sideways scroll).
/** Draws a table's list into `root`; false when it could not be read (the reason is shown instead). */
export async function renderSheet(root: HTMLElement, tableId: string): Promise<boolean> {
  clear(root);
  const status = el('p', { role: 'status', text: t('loadingId', { id: tableId }) });
  root.append(status);
  let sheet: Sheet | null;
  try {
    sheet = (await graphql<{ scoreSheet: Sheet | null }>(SHEET_QUERY, { tableId })).scoreSheet;
  } catch (e) {
    status.textContent = t('couldNotLoad', { id: tableId, reason: (e as Error).message });
    return false;
  }
  if (!sheet) {
    status.textContent = t('noTable', { id: tableId });
    return false;
  }
  const s = sheet;
  clear(root);
  const print = el('button', { type: 'button', class: 'no-print', text: t('print') });
  print.addEventListener('click', () => window.print());
  const csv = el('button', { type: 'button', class: 'no-print', 'data-testid': 'sheet-csv', text: te('exportCsv') });
  csv.addEventListener('click', () =>
    downloadCsv(`${s.tableId}.csv`, [
      [t('colNo'), t('colDealer'), t('colDeclarer'), t('colGame'), t('colResult'), ...s.players],
      ...s.rows.map((r) => [
        r.dealNumber,
        r.dealer,
        r.declarer ?? '',
        r.passedIn ? t('rPassedIn') : r.game,
        r.entry,
        ...s.players.map((p) => r.totals.find((x) => x.player === p)?.total ?? ''),
      ]),
      [],
      [t('player'), t('colGamePoints'), t('colWon'), t('colLost'), t('colOppLost'), t('colTotal'), t('colRank'), t('colLossFeeOwed')],
      ...s.totals.map((l) => [l.player, l.gamePoints, l.won, l.lost, l.opponentsLost, l.seegerFabian, l.rank, (l.lossFeeCents / 100).toFixed(2)]),
    ]),
  );
  const html = el('button', { type: 'button', class: 'no-print', 'data-testid': 'sheet-html', text: te('exportHtml') });
  html.addEventListener('click', () => downloadPrintHtml(`${s.tableId}.html`, t('sheetTitle', { id: s.tableId }), [root]));
  root.append(
    el('h2', { text: t('sheetTitle', { id: s.tableId }) }),
    el('p', {
      class: 'muted',
      text: t('sheetMeta', { played: s.dealsPlayed, length: s.seriesLength, rules: s.profileId }) + (s.complete ? t('seriesComplete') : ''),
    }),
    el('p', { class: 'no-print' }, print, ' ', csv, ' ', html),
  );
  const heads: Array<[string, string]> = [
    [t('colNo'), 'no'],
    [t('colDealer'), 'dealer'],
    [t('colDeclarer'), 'declarer'],
    [t('colGame'), 'game'],
    ...s.players.map((p): [string, string] => [p, 'num']),
  ];
  const head = el('tr', {}, ...heads.map(([h, cls]) => el('th', { scope: 'col', class: cls, text: h })));
  const body = el('tbody');
  // With the German deck chosen, suit games are named as its cards are (Eichel, Grün, Rot, Schellen).
  const deck = loadDeckStyle();
  for (const r of s.rows) {
    const outcome = r.won ? t('rWon') : t('rLost');
    const game = r.passedIn
      ? t('rPassedIn')
      : r.notScoreable
        ? t('rNotScoreable')
        : `${sheetGameWords(r.game, deck)} ${outcome} ${r.entry > 0 ? '+' : ''}${r.entry}`;
    const tr = el(
      'tr',
      {},
      el('td', { class: 'no' }, el('a', { href: `/?deal=${encodeURIComponent(r.dealId)}#step=0`, text: String(r.dealNumber) })),
      el('td', { class: 'dealer', text: r.dealer }),
      el('td', { class: 'declarer', text: r.declarer ?? '' }),
      el(
        'td',
        { class: 'game', text: game + (r.corrected ? t('correctedNote', { from: r.originalEntry ?? '?', reason: r.correctionReason ?? '' }) : '') },
        r.openDisputes ? el('span', { class: 'dispute-mark', 'data-testid': 'row-dispute', text: ` ⚑ ${te('openDisputeMark')}` }) : null,
      ),
    );
    for (const p of s.players) {
      const tot = r.totals.find((x) => x.player === p);
      const changed = r.declarer === p && !r.passedIn && !r.notScoreable;
      tr.append(el('td', { class: changed ? 'num changed' : 'num', text: tot ? String(tot.total) : '' }));
    }
    body.append(tr);
  }
  root.append(el('table', { class: 'sheet-list', 'aria-label': t('listOfGames'), 'data-testid': 'sheet-rows' }, el('thead', {}, head), body));

  // R35 ranks as the server gives them (equal totals share a rank), with the loss-fee tally.
  const cols: MessageKey[] = [
    'colRank',
    'player',
    'colGamePoints',
    'colWon',
    'colLost',
    'colWonLost',
    'colOppLost',
    'colBonus',
    'colLossFees',
    'colLossFeeOwed',
    'colTotal',
  ];
  const sf = el('tbody');
  for (const line of [...s.totals].sort((a, b) => a.rank - b.rank)) {
    const values = [line.gamePoints, line.won, line.lost, line.wonLostPoints, line.opponentsLost, line.opponentsLostPoints, line.lossFees];
    sf.append(
      el(
        'tr',
        {},
        el('td', { class: 'num', 'data-label': t('colRank'), 'data-testid': 'rank', text: String(line.rank) }),
        el('th', { scope: 'row', 'data-label': t('player'), text: line.player + (line.computer ? t('computer') : '') }),
        ...values.map((v, i) => el('td', { class: 'num', 'data-label': t(cols[i + 2]), text: String(v) })),
        el('td', { class: 'num', 'data-label': t('colLossFeeOwed'), 'data-testid': 'sheet-loss-fee', text: `${(line.lossFeeCents / 100).toFixed(2)} €` }),
        el('td', { class: 'num', 'data-label': t('colTotal'), 'data-testid': 'sheet-total', text: String(line.seegerFabian) }),
      ),
    );
  }
  root.append(
    el('h2', { text: t('seegerFabian') }),
    el(
      'table',
      { class: 'stack-on-phone', 'aria-label': t('seegerFabian'), 'data-testid': 'seeger-fabian' },
      el('thead', {}, el('tr', {}, ...cols.map((h) => el('th', { scope: 'col', text: t(h) })))),
      sf,
    ),
  );
  return true;
}

const TABLE_UPDATES = `subscription SheetPage($id: ID!) { tableUpdates(tableId: $id) { eventType } }`;

/**
 * The sheet's own page (`/?sheet=<tableId>`): the list, drawn again as the table's deals are
 * scored, confirmed, contested, ruled or corrected (not on every move of a deal in play); each new
 * drawing is swapped in whole once it is read, and a failed read keeps the last one.
 */
export async function renderLiveSheet(root: HTMLElement, tableId: string): Promise<() => void> {
  if (!(await renderSheet(root, tableId))) return () => undefined;
  let drawing = Promise.resolve();
  const follow = followAndRedraw(
    root,
    [
      {
        query: TABLE_UPDATES,
        variables: { id: tableId },
        keyOf: (data) => {
          const type = eventTypeOf(data, 'tableUpdates');
          return type && DEAL_MOVES.has(type) ? null : 'sheet';
        },
      },
    ],
    () => {
      drawing = drawing.then(async () => {
        const fresh = el('div');
        if (await renderSheet(fresh, tableId)) root.replaceChildren(...fresh.childNodes);
      });
    },
  );
  return () => follow.close();
}
