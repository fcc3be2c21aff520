import { ApiError, graphql } from './api.js';
import { renderDealEntry, type EnteredDeal } from './deal-entry.js';
import { clear, el } from './dom.js';
import { playLocally, type PlayEnd, type PlayPosition } from './local-play.js';
import { t } from './messages.js';
import { mutationFor, START_TABLE_DEAL, type RecorderMove } from './recorder-commands.js';
import { actionButton, drawDealtPlay, drawOther, drawSeenPlay, drawSeenShowing, drawTableProblems, type RecorderControl } from './recorder-controls.js';
import { confirmPanel, readSheet, sheetSummary, tokenProblem, type RecorderSheet } from './recorder-panels.js';
import { renderResultForm } from './result-form.js';
import { newCommandId, RecorderQueue } from './recorder-queue.js';
import type { ViewSettings } from './replay-view.js';
import { currentToken, setToken } from './session.js';
import { renderSignIn } from './sign-in.js';
import { moveWords, seatWord, stepSentence } from './step-words.js';
import { SEAT_NAMES, type Frame } from './types.js';

const NO_MOVE = new Set(['DealStarted', 'DealRecordedAsSeen', 'CardsDealt', 'ShuffleCommitted', 'ClientSeedAdded']);

/** How long a recorded move is shown in the place of the next choices; taps meanwhile are ignored (a double tap records once). */
const MOMENT_MS = 350;

const OPEN_DEAL = `query OpenDeal($tableId: ID!) {
  deals(filter: { tableId: $tableId, result: IN_PROGRESS }, first: 2) { nodes { id } }
}`;
const RECORDER_DEAL = `query RecorderDeal($id: ID!) {
  deal(id: $id) {
    id revision players status profileId
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
const REPLACE_HANDS = `mutation($commandId: ID!, $expectedRevision: String, $input: ReplaceHandsInput!) { replaceHands(commandId: $commandId, expectedRevision: $expectedRevision, input: $input) { revision } }`;
const WITHDRAW = `mutation($commandId: ID!, $expectedRevision: String, $input: WithdrawMoveInput!) { withdrawMove(commandId: $commandId, expectedRevision: $expectedRevision, input: $input) { revision } }`;

interface RecorderDeal {
  id: string;
  revision: string;
  players: string[];
  status: string;
  profileId: string;
  frames: Frame[];
}

/**
 * The play position of the newest frame, for working out queued card plays locally and which card
 * ends the play. A deal recorded as seen has no hands: its position serves only the trick's end.
 */
export function playPosition(f: Frame, profileId: string): PlayPosition | null {
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
    schwarzAnnounced: f.declaration.schwarzAnnounced || (f.declaration.ouvert && f.declaration.game !== 'NULL'),
    // R19: only the iss profile stops a schneider-announced game at the defenders' 31st point (D3); isko plays on.
    schneiderEnds: f.declaration.schneiderAnnounced && profileId === 'iss',
    defenderPoints: f.cardPoints.defenders,
  };
}

/** The cards of a dealt deal's first frame (as dealt), for correcting a mistyped hand. */
function asEntered(f: Frame): EnteredDeal {
  const codes = (cards: ReadonlyArray<{ code: string }>) => cards.map((c) => c.code);
  return { hands: [codes(f.hands.forehand), codes(f.hands.middlehand), codes(f.hands.rearhand)], skat: [f.skat[0]?.code ?? '', f.skat[1]?.code ?? ''] };
}

/**
 * The recorder's page for one table (`/?record=<tableId>`): every tap records a move at once;
 * while the connection is gone, taps queue in this browser (card plays of dealt deals are worked
 * out locally) and go out in order when it returns. A deal-ending move is confirmed first; each
 * recorded move is shown for a moment in the place of the next choices.
 */
export async function renderRecorder(root: HTMLElement, tableId: string, s: ViewSettings): Promise<() => void> {
  clear(root);
  const askToken = (why: string) => {
    clear(root);
    renderSignIn(root, why, (token) => {
      setToken(token);
      void renderRecorder(root, tableId, s);
    });
  };
  const token = currentToken();
  if (!token) {
    askToken(t('signInWhy'));
    return () => undefined;
  }
  // The token and the table, checked before anything is offered.
  let sheet: RecorderSheet | null = null;
  try {
    const checked = await tokenProblem(token, tableId);
    if ('problem' in checked) {
      root.append(
        el('h2', { text: t('recorderTitle', { id: tableId }) }),
        el('p', { role: 'alert', class: 'bad', 'data-testid': 'token-problem', text: checked.problem }),
        actionButton(t('tokenOther'), 'token-other', () => {
          setToken(null);
          askToken(t('signInWhy'));
        }),
      );
      return () => undefined;
    }
    sheet = checked.sheet;
  } catch {
    // No answer (offline): the page opens with what this browser still holds.
  }
  const queue = new RecorderQueue(tableId);
  let deal: RecorderDeal | null = null;
  let message = '';
  let canWithdraw = false;
  let stopped = false;
  let moment: { text: string; until: number } | null = null;
  let confirming: { question: string; yes: string; onYes: (reason: string) => void; reason?: string } | null = null;
  const body = el('div', { class: 'recorder' });
  const pendingLine = el('p', { role: 'status', 'data-testid': 'pending', class: 'pending' });
  const messageLine = el('p', { role: 'alert', 'data-testid': 'recorder-message', class: 'bad' });
  root.append(el('h2', { text: t('recorderTitle', { id: tableId }) }), pendingLine, messageLine, body);

  const ctl: RecorderControl = {
    s,
    players: [],
    seen: false,
    picked: new Set(),
    seatChoice: null,
    announce: 0,
    redraw: () => draw(),
    record: (move, ends = false) => record(move, ends),
    refusedTap: (move) => void refusedTap(move),
  };

  graphql<{ __type: { fields: Array<{ name: string }> } }>(MUTATIONS)
    .then((d) => {
      canWithdraw = d.__type.fields.some((f) => f.name === 'withdrawMove');
      draw();
    })
    .catch(() => undefined);

  const lastFrame = () => (deal ? deal.frames[deal.frames.length - 1] : null);
  const reload = async (settled?: () => void): Promise<void> => {
    try {
      const open = await graphql<{ deals: { nodes: Array<{ id: string }> } }>(OPEN_DEAL, { tableId });
      const id = open.deals.nodes[0]?.id ?? deal?.id;
      deal = id ? (await graphql<{ deal: RecorderDeal | null }>(RECORDER_DEAL, { id })).deal : null;
      // After a deal: its row of the sheet and the totals.
      if (!deal || deal.status !== 'IN_PROGRESS') sheet = await readSheet(tableId);
    } catch (e) {
      if (e instanceof ApiError) message = e.message;
    }
    settled?.();
    draw();
  };

  // From a move's sending until the deal is read again, the page's deal is behind the table: no choices then.
  let syncing = false;
  const send = async (): Promise<void> => {
    syncing = true;
    const outcome = await queue.flush();
    if (outcome.kind === 'conflict') queue.clear();
    else if (outcome.kind === 'refused') {
      queue.clear();
      message = t('moveRefused', { reason: outcome.message });
    } else if (outcome.kind === 'sent') message = '';
    if (outcome.kind !== 'offline') await reload(() => (syncing = false));
    else {
      syncing = false;
      draw();
    }
    // A conflict in the table's words: what was recorded meanwhile, as the page now shows it.
    const last = lastFrame();
    if (outcome.kind === 'conflict') {
      message = t('conflictTable', { step: last ? stepSentence(last, s.style(), s.language()) : '' });
      draw();
    }
  };

  const words = (m: RecorderMove) => queuedWords(m);
  function record(move: RecorderMove, ends: boolean | PlayEnd, confirmed = false): void {
    if (!deal) return;
    if (moment && Date.now() < moment.until) return; // a second tap while the last move is shown
    if (ends && !confirmed) {
      const what = `${words(move)} (${seatWord(move.seat)})`;
      // An early end says why (R18-R20): the recorder sees the game stop where he did not expect it.
      const early = ends === 'R18' || ends === 'R19' || ends === 'R20';
      confirming = {
        question: early ? t('confirmEndPlay', { move: what, why: t(`playEnd${ends}`, { seat: seatWord(move.seat) }) }) : t('confirmEnd', { move: what }),
        yes: t('confirmYes'),
        onYes: () => {
          confirming = null;
          record(move, true, true);
        },
      };
      draw();
      return;
    }
    const first = queue.pending().length === 0;
    queue.add({ commandId: newCommandId(), dealId: deal.id, move, expectedRevision: first ? deal.revision : null });
    ctl.picked.clear();
    ctl.announce = 0;
    moment = { text: t('recordedMoment', { move: `${seatWord(move.seat)}: ${words(move)}` }), until: Date.now() + MOMENT_MS };
    draw();
    setTimeout(draw, MOMENT_MS + 5);
    void send();
  }

  /** A card the known information rules out: the server's refusal (rule and reason) on screen, nothing recorded. */
  async function refusedTap(move: RecorderMove): Promise<void> {
    if (!deal || (moment && Date.now() < moment.until)) return;
    const call = mutationFor(deal.id, move, newCommandId(), deal.revision);
    try {
      await graphql(call.query, call.variables);
      message = '';
    } catch (e) {
      message = t('moveRefused', { reason: (e as Error).message });
    }
    await reload();
  }

  const withdraw = async (reason: string) => {
    if (!deal || queue.pending().length) return;
    try {
      await graphql(WITHDRAW, { commandId: newCommandId(), expectedRevision: deal.revision, input: { dealId: deal.id, reason } });
      message = '';
    } catch (e) {
      message = t('moveRefused', { reason: (e as Error).message });
    }
    await reload();
  };
  const askWithdraw = () => {
    if (!deal) return;
    if (deal.status === 'IN_PROGRESS') return void withdraw(t('recordingSlip'));
    confirming = {
      question: t('confirmUndoEnd', { id: deal.id }),
      yes: t('withdrawIt'),
      reason: t('recordingSlip'),
      onYes: (reason) => {
        confirming = null;
        void withdraw(reason);
      },
    };
    draw();
  };

  const startDeal = async (cards: Record<string, unknown>) => {
    try {
      await graphql(START_TABLE_DEAL, { commandId: newCommandId(), input: { tableId, cards } });
      message = '';
    } catch (e) {
      message = t('moveRefused', { reason: (e as Error).message });
    }
    await reload();
  };

  /** A mistyped hand of a dealt deal, before the first card: replaced in place (the moves so far kept, L25). */
  const replaceHands = async (d: EnteredDeal) => {
    if (!deal) return;
    try {
      await graphql(REPLACE_HANDS, {
        commandId: newCommandId(),
        expectedRevision: deal.revision,
        input: { dealId: deal.id, cards: { shuffle: 'GIVEN', hands: d.hands, skat: d.skat }, reason: t('fixHandsNote') },
      });
      message = '';
    } catch (e) {
      message = t('moveRefused', { reason: (e as Error).message });
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
    const players = sheet?.players ?? [];
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

  function drawNoDeal(): void {
    if (deal) {
      const last = deal.frames[deal.frames.length - 1];
      body.append(el('p', { 'data-testid': 'deal-result', text: t('dealResult', { id: deal.id, result: stepSentence(last, s.style(), s.language()) }) }));
      if (sheet) body.append(sheetSummary(sheet, deal.id, s.style()));
    } else body.append(el('p', { text: t('noOpenDeal') }));
    const entry = el('div', {});
    body.append(
      actionButton(t('recordAsSeen'), 'record-seen', () => void startDeal({ shuffle: 'SEEN' })),
      ' ',
      actionButton(t('enterDealtCards'), 'enter-cards', () =>
        renderDealEntry(entry, s.style(), s.language(), (d: EnteredDeal) => void startDeal({ shuffle: 'GIVEN', hands: d.hands, skat: d.skat })),
      ),
      ' ',
      actionButton(t('serverShuffles'), 'server-shuffle', () => void startDeal({ shuffle: 'CRYPTO' })),
      ' ',
      actionButton(t('resultOnly'), 'result-only', () => void openResultForm(entry)),
      entry,
    );
  }

  function draw(): void {
    if (stopped) return;
    const pending = queue.pending();
    pendingLine.textContent = pending.length ? t('notYetSent', { n: pending.length, moves: pending.map((q) => queuedWords(q.move)).join(', ') }) : t('allSent');
    messageLine.textContent = message;
    clear(body);
    const open = deal !== null && deal.status === 'IN_PROGRESS';
    if (!open) drawNoDeal();
    const footer = el('div', { class: 'recorder-footer' });
    // Nothing to undo before the first move (a dealt deal's frames begin with the cards, a seen deal's with its start).
    const moved = deal !== null && deal.frames.some((f) => !NO_MOVE.has(f.event.type));
    const undo = actionButton(t('undo'), 'undo', askWithdraw, !canWithdraw || pending.length > 0 || !moved);
    undo.title = t('undoHint');
    footer.append(undo);
    if (!open || !deal) {
      if (confirming) body.append(confirmPanel(confirming.question, confirming.yes, confirming.onYes, closeConfirm, confirming.reason));
      else if (deal) body.append(footer);
      return;
    }
    const last = deal.frames[deal.frames.length - 1];
    ctl.seen = deal.frames.some((f) => f.event.type === 'DealRecordedAsSeen');
    ctl.players = deal.players;
    // Card plays still waiting to be sent are worked out here (dealt deals), so the recorder can keep going.
    let position = ctl.seen ? null : playPosition(last, deal.profileId);
    for (const q of pending) position = position && q.move.kind === 'play' && q.move.card !== undefined ? playLocally(position, q.move.card) : null;
    const waiting = (pending.length > 0 && position === null) || (syncing && pending.length === 0);
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
    // The choices, the moment a move is shown, or the question before a deal-ending move: in one place.
    const controls = el('div', { class: 'recorder-controls', role: 'group', 'aria-label': t('recordMove'), 'data-testid': 'recorder-controls' });
    body.append(controls);
    if (confirming) controls.append(confirmPanel(confirming.question, confirming.yes, confirming.onYes, closeConfirm, confirming.reason));
    else if (moment && Date.now() < moment.until)
      controls.append(el('p', { class: 'recorded-moment', role: 'status', 'data-testid': 'recorded-moment', text: moment.text }));
    else if (waiting) controls.append(el('p', { class: 'muted', text: t('waitingForServer') }));
    else if (position && toAct) drawDealtPlay(controls, ctl, position, toAct, last);
    else if (ctl.seen && last.phase === 'PLAYING' && toAct) drawSeenPlay(controls, ctl, last, toAct, playPosition(last, deal.profileId));
    else if (ctl.seen && last.phase === 'FINISHED') drawSeenShowing(controls, ctl, last);
    else if (toAct) drawOther(controls, ctl, last, toAct);
    if (!confirming && !(moment && Date.now() < moment.until) && pending.length === 0) {
      if (last.phase !== 'FINISHED') drawTableProblems(controls, ctl, last);
      // A mistyped hand of a dealt deal is replaced until the first card.
      const dealtByHand = !ctl.seen && !deal.frames.some((f) => f.event.type === 'ShuffleCommitted');
      if (dealtByHand && last.completedTricks.length === 0 && !last.currentTrick?.cards.length && last.phase !== 'FINISHED') {
        const entry = el('div', {});
        const dealtAs = asEntered(deal.frames[0]);
        controls.append(
          actionButton(t('fixHands'), 'fix-hands', () => renderDealEntry(entry, s.style(), s.language(), (d) => void replaceHands(d), dealtAs)),
          entry,
        );
      }
    }
    body.append(footer);
  }
  function closeConfirm(): void {
    confirming = null;
    draw();
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
      const b = body.querySelector<HTMLButtonElement>(`button[data-code="${code}"]:not([aria-disabled="true"])`);
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
