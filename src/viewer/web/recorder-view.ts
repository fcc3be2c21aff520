import { ApiError, graphql } from './api.js';
import { cardName } from './card-names.js';
import { cardSvg } from './cards.js';
import { renderDealEntry, type EnteredDeal } from './deal-entry.js';
import { clear, el, svg } from './dom.js';
import { sortForDisplay } from './hand-order.js';
import { legalCards, playLocally, type PlayPosition } from './local-play.js';
import { t } from './messages.js';
import { START_TABLE_DEAL, type RecorderMove } from './recorder-commands.js';
import { renderResultForm } from './result-form.js';
import { newCommandId, RecorderQueue } from './recorder-queue.js';
import type { ViewSettings } from './replay-view.js';
import { currentToken, setToken } from './session.js';
import { renderSignIn } from './sign-in.js';
import { gameWords, kindWords, moveWords, seatWord, stepSentence } from './step-words.js';
import { SEAT_NAMES, type Frame, type SeatName } from './types.js';

const OPEN_DEAL = `query OpenDeal($tableId: ID!) {
  deals(filter: { tableId: $tableId, result: IN_PROGRESS }, first: 2) { nodes { id } }
}`;
const RECORDER_DEAL = `query RecorderDeal($id: ID!) {
  deal(id: $id) {
    id revision players status
    frames(perspective: ALL) {
      step phase toAct declarer highestBid finished
      event { id type revision seat }
      hands { forehand { code } middlehand { code } rearhand { code } }
      hidden { forehand middlehand rearhand skat }
      skat { code points }
      bidding { seat call value }
      declaration { game hand ouvert schneiderAnnounced schwarzAnnounced }
      currentTrick { leader cards { seat card { code } } }
      completedTricks { winner cards { seat card { code } } }
      cardPoints { declarer defenders }
      legalMoves { kind seat value card { code } cards { code } declaration { game hand ouvert schneiderAnnounced schwarzAnnounced } }
    }
  }
}`;
const MUTATIONS = `{ __type(name: "Mutation") { fields { name } } }`;
const WITHDRAW = `mutation($commandId: ID!, $expectedRevision: String, $input: WithdrawMoveInput!) { withdrawMove(commandId: $commandId, expectedRevision: $expectedRevision, input: $input) { revision } }`;
const TABLE_PLAYERS = `query TablePlayers($tableId: ID!) { scoreSheet(tableId: $tableId) { players } }`;

interface RecorderDeal {
  id: string;
  revision: string;
  players: string[];
  status: string;
  frames: Frame[];
}

const seatKey = (s: SeatName) => s.toLowerCase() as 'forehand' | 'middlehand' | 'rearhand';

/** The play position of the newest frame, for working out queued card plays locally. */
function playPosition(f: Frame): PlayPosition | null {
  if (f.phase !== 'PLAYING' || !f.declaration || !f.declarer) return null;
  const hands = {
    FOREHAND: f.hands.forehand.map((c) => c.code),
    MIDDLEHAND: f.hands.middlehand.map((c) => c.code),
    REARHAND: f.hands.rearhand.map((c) => c.code),
  };
  return {
    game: f.declaration.game,
    declarer: f.declarer,
    hands,
    toAct: f.toAct,
    trick: (f.currentTrick?.cards ?? []).map((p) => ({ seat: p.seat, card: p.card.code })),
    tricksDone: f.completedTricks.length,
    declarerTookTrick: f.completedTricks.some((tr) => tr.winner === f.declarer),
  };
}

/**
 * The recorder's page for one table (`/?record=<tableId>`): every tap records a move at once;
 * while the connection is gone, taps queue in this browser (card plays are worked out locally) and
 * go out in order when it returns. Only legal moves are offered.
 */
export async function renderRecorder(root: HTMLElement, tableId: string, s: ViewSettings): Promise<() => void> {
  clear(root);
  if (!currentToken()) {
    renderSignIn(root, t('signInWhy'), (token) => {
      setToken(token);
      void renderRecorder(root, tableId, s);
    });
    return () => undefined;
  }
  const queue = new RecorderQueue(tableId);
  let deal: RecorderDeal | null = null;
  let message = '';
  let canWithdraw = false;
  let stopped = false;
  let selectedDiscard: string[] = [];
  let declareHand = false;
  const body = el('div', { class: 'recorder' });
  const pendingLine = el('p', { role: 'status', 'data-testid': 'pending', class: 'pending' });
  const messageLine = el('p', { role: 'alert', 'data-testid': 'recorder-message', class: 'bad' });
  root.append(el('h2', { text: t('recorderTitle', { id: tableId }) }), pendingLine, messageLine, body);

  graphql<{ __type: { fields: Array<{ name: string }> } }>(MUTATIONS)
    .then((d) => {
      canWithdraw = d.__type.fields.some((f) => f.name === 'withdrawMove');
      draw();
    })
    .catch(() => undefined);

  const reload = async (): Promise<void> => {
    try {
      const open = await graphql<{ deals: { nodes: Array<{ id: string }> } }>(OPEN_DEAL, { tableId });
      const id = open.deals.nodes[0]?.id ?? deal?.id;
      deal = id ? (await graphql<{ deal: RecorderDeal | null }>(RECORDER_DEAL, { id })).deal : null;
    } catch (e) {
      if (e instanceof ApiError) message = e.message;
    }
    draw();
  };

  const send = async (): Promise<void> => {
    const outcome = await queue.flush();
    if (outcome.kind === 'conflict') {
      queue.clear();
      message = t('conflictReloaded', { reason: outcome.message });
    } else if (outcome.kind === 'refused') {
      queue.clear();
      message = t('moveRefused', { reason: outcome.message });
    } else if (outcome.kind === 'sent') message = '';
    if (outcome.kind !== 'offline') await reload();
    else draw();
  };

  const record = (move: RecorderMove) => {
    if (!deal) return;
    const first = queue.pending().length === 0;
    queue.add({ commandId: newCommandId(), dealId: deal.id, move, expectedRevision: first ? deal.revision : null });
    selectedDiscard = [];
    declareHand = false;
    draw();
    void send();
  };

  const withdraw = async () => {
    if (!deal || queue.pending().length) return;
    try {
      await graphql(WITHDRAW, { commandId: newCommandId(), expectedRevision: deal.revision, input: { dealId: deal.id, reason: t('recordingSlip') } });
      message = '';
    } catch (e) {
      message = (e as Error).message;
    }
    await reload();
  };

  const startDeal = async (cards: Record<string, unknown>) => {
    try {
      await graphql(START_TABLE_DEAL, { commandId: newCommandId(), input: { tableId, cards } });
      message = '';
    } catch (e) {
      message = (e as Error).message;
    }
    await reload();
  };

  /** A queued move in the same words as the legal moves ("play ace of clubs"). */
  function queuedWords(m: RecorderMove): string {
    const asLegal = {
      kind: m.kind,
      seat: m.seat,
      value: m.value ?? null,
      card: m.card !== undefined ? { code: m.card } : null,
      declaration: m.declaration ?? null,
    };
    return moveWords(asLegal, s.style(), s.language());
  }

  async function openResultForm(target: HTMLElement): Promise<void> {
    let players: string[] = [];
    try {
      players = (await graphql<{ scoreSheet: { players: string[] } | null }>(TABLE_PLAYERS, { tableId })).scoreSheet?.players ?? [];
    } catch (e) {
      message = (e as Error).message;
    }
    renderResultForm(target, tableId, players, (outcome) => {
      message = outcome;
      if (outcome) draw();
      else {
        void reload().then(() => {
          // Result after result: the form stays open for the next line of the list.
          const again = body.querySelector<HTMLElement>('[data-testid="result-only"]');
          again?.click();
        });
      }
    });
  }

  function actionButton(label: string, testId: string, onClick: () => void, disabled = false): HTMLButtonElement {
    const b = el('button', { type: 'button', class: 'action', 'data-testid': testId, text: label }) as HTMLButtonElement;
    b.disabled = disabled;
    b.addEventListener('click', onClick);
    return b;
  }

  function cardButton(code: string, testId: string, onClick: () => void, pressed = false): HTMLButtonElement {
    const b = el('button', {
      type: 'button',
      class: 'card-button',
      'data-code': code,
      'data-testid': testId,
      'aria-pressed': pressed ? 'true' : 'false',
      'aria-label': cardName(code, s.style(), s.language()),
    }) as HTMLButtonElement;
    b.append(svg(cardSvg(code, s.style(), cardName(code, s.style(), s.language()))));
    b.addEventListener('click', onClick);
    return b;
  }

  function draw(): void {
    if (stopped) return;
    const pending = queue.pending();
    pendingLine.textContent = pending.length ? t('notYetSent', { n: pending.length, moves: pending.map((q) => queuedWords(q.move)).join(', ') }) : t('allSent');
    messageLine.textContent = message;
    clear(body);
    if (!deal || deal.status !== 'IN_PROGRESS') {
      body.append(el('p', { text: deal ? t('dealEnded', { id: deal.id }) : t('noOpenDeal') }));
      const entry = el('div', {});
      body.append(
        actionButton(t('enterDealtCards'), 'enter-cards', () =>
          renderDealEntry(entry, s.style(), s.language(), (d: EnteredDeal) => void startDeal({ shuffle: 'GIVEN', hands: d.hands, skat: d.skat })),
        ),
        ' ',
        actionButton(t('serverShuffles'), 'server-shuffle', () => void startDeal({ shuffle: 'CRYPTO' })),
        ' ',
        actionButton(t('resultOnly'), 'result-only', () => void openResultForm(entry)),
        entry,
      );
      return;
    }
    const last = deal.frames[deal.frames.length - 1];
    // Card plays still waiting to be sent are worked out here, so the recorder can keep going.
    let position = playPosition(last);
    for (const q of pending) position = position && q.move.kind === 'play' && q.move.card !== undefined ? playLocally(position, q.move.card) : null;
    const waiting = pending.length > 0 && position === null;
    body.append(
      el('p', { class: 'muted', text: `${deal.id}: ${deal.players.map((p, i) => `${seatWord(SEAT_NAMES[i])} ${p}`).join(' · ')}` }),
      el('p', { 'data-testid': 'last-step', text: stepSentence(last, s.style(), s.language()) }),
    );
    const toAct = position ? position.toAct : last.toAct;
    body.append(
      el(
        'p',
        { class: 'to-act', 'data-testid': 'recorder-to-act' },
        el('strong', { text: `${t('toActLabel')}: ` }),
        toAct ? `${seatWord(toAct)} (${deal.players[SEAT_NAMES.indexOf(toAct)]})` : '—',
      ),
    );
    const controls = el('div', { class: 'recorder-controls', role: 'group', 'aria-label': t('recordMove') });
    body.append(controls);
    if (waiting) controls.append(el('p', { class: 'muted', text: t('waitingForServer') }));
    else if (position && toAct) drawPlay(controls, position, toAct, last);
    else if (toAct) drawOther(controls, last, toAct);
    const undo = actionButton(t('undo'), 'undo', () => void withdraw(), !canWithdraw || pending.length > 0 || deal.frames.length <= 2);
    undo.title = t('undoHint');
    body.append(el('div', { class: 'recorder-footer' }, undo));
  }

  function drawPlay(target: HTMLElement, p: PlayPosition, seat: SeatName, last: Frame): void {
    const legal = new Set(legalCards(p));
    target.append(el('p', { class: 'muted', text: last.declaration ? gameWords(last.declaration, s.style()) : '' }));
    const trick = el('div', { class: 'cards', 'data-testid': 'recorder-trick', 'aria-label': t('trick') });
    for (const c of p.trick) {
      const item = el('span', { class: 'played', 'data-code': c.card });
      item.append(svg(cardSvg(c.card, s.style(), cardName(c.card, s.style(), s.language()))), el('span', { class: 'played-by', text: seatWord(c.seat) }));
      trick.append(item);
    }
    target.append(el('h3', { text: t('trick') }), p.trick.length ? trick : el('p', { class: 'muted', text: t('noCardOnTable') }));
    const hand = el('div', { class: 'cards', role: 'group', 'aria-label': t('handOf', { seat: seatWord(seat) }), 'data-testid': 'recorder-hand' });
    for (const code of sortForDisplay(
      p.hands[seat].map((c) => ({ code: c })),
      last.declaration?.game ?? null,
    ).map((c) => c.code)) {
      const b = cardButton(code, 'play-card', () => record({ kind: 'play', seat, card: code }));
      b.disabled = !legal.has(code);
      hand.append(b);
    }
    target.append(el('h3', { text: t('handOf', { seat: seatWord(seat) }) }), hand);
    // Claims and resignations need the server's word before anything else is recorded.
    if (queue.pending().length === 0) {
      for (const m of last.legalMoves) {
        if (m.kind === 'showCards' || m.kind === 'resign') {
          const mv = m.seat ?? seat;
          target.append(
            actionButton(t('bySeat', { move: moveWords(m, s.style(), s.language()), seat: seatWord(mv) }), `move-${m.kind}-${mv.toLowerCase()}`, () =>
              record({ kind: m.kind as 'showCards' | 'resign', seat: mv }),
            ),
            ' ',
          );
        }
      }
    }
  }

  function drawOther(target: HTMLElement, f: RecorderDeal['frames'][number], seat: SeatName): void {
    const moves = f.legalMoves.filter((m) => (m.seat ?? seat) === seat);
    const kinds = new Set(moves.map((m) => m.kind));
    if (f.phase === 'BIDDING') {
      const bids = moves
        .filter((m) => m.kind === 'bid')
        .map((m) => m.value as number)
        .sort((a, b) => a - b);
      if (bids.length) {
        target.append(
          actionButton(t('bidNext', { value: bids[0] }), 'bid-next', () => record({ kind: 'bid', seat, value: bids[0] })),
          ' ',
        );
        const jump = el('select', { 'aria-label': t('bidOther'), 'data-testid': 'bid-other' }) as HTMLSelectElement;
        jump.append(el('option', { value: '', text: t('bidOther') }));
        for (const v of bids.slice(1)) jump.append(el('option', { value: String(v), text: String(v) }));
        jump.addEventListener('change', () => jump.value && record({ kind: 'bid', seat, value: Number(jump.value) }));
        target.append(jump, ' ');
      }
      if (kinds.has('hold'))
        target.append(
          actionButton(kindWords('hold', s.language()), 'hold', () => record({ kind: 'hold', seat })),
          ' ',
        );
      if (kinds.has('pass')) target.append(actionButton(kindWords('pass', s.language()), 'pass', () => record({ kind: 'pass', seat })));
      return;
    }
    if (f.phase === 'SKAT_DECISION' && !declareHand) {
      if (kinds.has('pickUpSkat'))
        target.append(
          actionButton(kindWords('pickUpSkat', s.language()), 'pick-up', () => record({ kind: 'pickUpSkat', seat })),
          ' ',
        );
      if (kinds.has('declare'))
        target.append(
          actionButton(t('playHand'), 'play-hand', () => {
            declareHand = true;
            draw();
          }),
        );
      return;
    }
    if (f.phase === 'DISCARDING') {
      const hand = f.hands[seatKey(seat)].map((c) => c.code);
      const row = el('div', { class: 'cards', role: 'group', 'aria-label': t('chooseTwo'), 'data-testid': 'discard-hand' });
      for (const code of sortForDisplay(
        hand.map((c) => ({ code: c })),
        null,
      ).map((c) => c.code)) {
        row.append(
          cardButton(
            code,
            'discard-card',
            () => {
              selectedDiscard = selectedDiscard.includes(code) ? selectedDiscard.filter((c) => c !== code) : [...selectedDiscard, code].slice(-2);
              draw();
            },
            selectedDiscard.includes(code),
          ),
        );
      }
      const ok = moves.some((m) => m.kind === 'discard' && m.cards && selectedDiscard.length === 2 && m.cards.every((c) => selectedDiscard.includes(c.code)));
      target.append(
        el('h3', { text: t('chooseTwo') }),
        row,
        actionButton(t('putAway'), 'put-away', () => record({ kind: 'discard', seat, cards: selectedDiscard as [string, string] }), !ok),
      );
      return;
    }
    // The declaration: every game the rules allow now (after "hand", only hand games).
    const options = moves.filter((m) => m.kind === 'declare' && m.declaration && (f.phase !== 'SKAT_DECISION' || m.declaration.hand));
    const list = el('div', { class: 'declare-options', role: 'group', 'aria-label': kindWords('declare', s.language()) });
    for (const m of options)
      list.append(
        actionButton(gameWords(m.declaration!, s.style()), 'declare', () => record({ kind: 'declare', seat, declaration: m.declaration! })),
        ' ',
      );
    target.append(el('h3', { text: kindWords('declare', s.language()) }), list);
  }

  // Keyboard: a suit letter then a rank plays (or picks for the discard) that card; Backspace undoes.
  let suitKey: string | null = null;
  const onKey = (ev: KeyboardEvent) => {
    const target = ev.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    if (document.querySelector('.entry-grid')) return; // the card entry has its own keys
    const k = ev.key.toUpperCase();
    if (ev.key === 'Backspace') {
      (body.querySelector('[data-testid="undo"]') as HTMLButtonElement | null)?.click();
    } else if (suitKey === null && 'CSHD'.includes(k) && k.length === 1) {
      suitKey = k;
    } else if (suitKey !== null) {
      const code = suitKey + (k === '1' || k === '0' ? 'T' : k);
      suitKey = null;
      const b = body.querySelector<HTMLButtonElement>(`button[data-code="${code}"]:not([disabled])`);
      b?.click();
    } else return;
    ev.preventDefault();
  };
  const onOnline = () => void send();
  const retry = setInterval(() => {
    if (queue.pending().length) void send();
  }, 3000);
  document.addEventListener('keydown', onKey);
  window.addEventListener('online', onOnline);
  await reload();
  if (queue.pending().length) void send();
  return () => {
    stopped = true;
    clearInterval(retry);
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('online', onOnline);
  };
}
