import { analysisPanel } from './analysis-panel.js';
import { fairDealPanel } from './fair-deal-panel.js';
import { graphql } from './api.js';
import { cardName } from './card-names.js';
import { cardSvg, type DeckStyle } from './cards.js';
import { clear, el, svg } from './dom.js';
import { sortForDisplay } from './hand-order.js';
import type { Language } from './language.js';
import { subscribe, type LiveSubscription } from './live-updates.js';
import { t, type MessageKey } from './messages.js';
import { AUDIT_QUERY, DEAL_QUERY, DEAL_UPDATES_SUBSCRIPTION } from './queries.js';
import { currentToken } from './session.js';
import { gameWords, kindWords, matadorWords, moveWords, seatWord, stepSentence } from './step-words.js';
import { SEAT_NAMES, type Card, type Deal, type Frame, type PlayedCard, type SeatName } from './types.js';

const PERSPECTIVES: ReadonlyArray<readonly [string, MessageKey]> = [
  ['AUTO', 'pAuto'],
  ['ALL', 'pAll'],
  ['FOREHAND', 'pFore'],
  ['MIDDLEHAND', 'pMid'],
  ['REARHAND', 'pRear'],
  ['PUBLIC', 'pPublic'],
];
const PERSPECTIVE_KEY = 'skat-ledger.perspective';

export interface ViewSettings {
  readonly style: () => DeckStyle;
  readonly language: () => Language;
  /** Part of another page (the table screen): no step in the address bar, no page-wide keys. */
  readonly embedded?: boolean;
}

/** `#step=N` links to an exact step; anything else means `otherwise` (step 0: a replay from its start). */
export function stepFromHash(hash: string, last: number, otherwise = 0): number {
  const m = /(?:^#|&)step=(\d+)/.exec(hash);
  const n = m ? Number(m[1]) : otherwise;
  return Math.max(0, Math.min(last, n));
}

function cardItem(code: string, style: DeckStyle, lang: Language, caption?: string): HTMLElement {
  const item = el('span', { role: 'listitem', class: caption ? 'played' : undefined, 'data-code': code });
  item.append(svg(cardSvg(code, style, cardName(code, style, lang))));
  if (caption) item.append(el('span', { class: 'played-by', text: caption }));
  return item;
}

function cardsRow(cards: Card[], hiddenCount: number, s: ViewSettings, label: string, testId: string): HTMLElement {
  const row = el('div', { class: 'cards', role: 'list', 'aria-label': label, 'data-testid': testId });
  for (const c of cards) row.append(cardItem(c.code, s.style(), s.language()));
  for (let i = 0; i < hiddenCount; i++) row.append(cardItem('??', s.style(), s.language()));
  if (cards.length + hiddenCount === 0) row.append(el('span', { class: 'muted', text: t('noCards') }));
  return row;
}

/** Played cards, each with the seat that played it written under it. */
function playedRow(cards: PlayedCard[], s: ViewSettings, label: string, testId: string): HTMLElement {
  const row = el('div', { class: 'cards', role: 'list', 'aria-label': label, 'data-testid': testId });
  for (const p of cards) row.append(cardItem(p.card.code, s.style(), s.language(), seatWord(p.seat)));
  return row;
}

function describeDeclaration(f: Frame, s: ViewSettings): string {
  if (!f.declaration) return f.declarer ? t('wonBiddingAt', { seat: seatWord(f.declarer), bid: f.highestBid }) : t('notDeclaredYet');
  return t('declaredBy', { game: gameWords(f.declaration, s.style()), seat: seatWord(f.declarer), bid: f.highestBid });
}

/**
 * Card points as the rules count them (R22): the skat belongs to the declarer in suit and grand
 * games, so it is added to his tricks whenever this perspective may see it.
 */
function cardPointsLine(f: Frame): string {
  const tricks = f.cardPoints.declarer;
  const o = f.cardPoints.defenders;
  if (!f.declaration || f.declaration.game === 'NULL' || f.declarer === null) return t('pointsLine', { d: tricks, o });
  if (f.hidden.skat > 0 || f.skat.length === 0) return t('pointsSkatHidden', { d: tricks, o });
  const skat = f.skat.reduce((sum, c) => sum + c.points, 0);
  return t('pointsWithSkat', { d: tricks + skat, t: tricks, s: skat, o });
}

function gameOf(f: Frame): string | null {
  return f.declaration ? f.declaration.game : null;
}

export function renderFrame(target: HTMLElement, deal: Deal, f: Frame, s: ViewSettings): void {
  clear(target);
  const felt = el('div', { class: 'table-felt', 'aria-label': t('table') });
  SEAT_NAMES.forEach((seat: SeatName, i: number) => {
    const key = seat.toLowerCase() as 'forehand' | 'middlehand' | 'rearhand';
    const name = deal.players[i] ?? '';
    const roles = [f.declarer === seat ? t('declarer') : '', f.toAct === seat ? t('toAct') : ''].filter(Boolean).join(', ');
    felt.append(
      el(
        'section',
        { class: `seat seat-${i}${f.toAct === seat ? ' to-act' : ''}`, 'aria-label': `${seatWord(seat)} ${name}` },
        el('h3', { text: `${seatWord(seat)}: ${name}${roles ? ` (${roles})` : ''}` }),
        cardsRow(sortForDisplay(f.hands[key], gameOf(f)), f.hidden[key], s, seatWord(seat), `hand-${key}`),
      ),
    );
  });
  felt.append(el('section', { class: 'skat', 'aria-label': t('skat') }, el('h3', { text: t('skat') }), cardsRow(f.skat, f.hidden.skat, s, t('skat'), 'skat')));
  felt.append(
    el(
      'section',
      { class: 'trick', 'aria-label': t('trick') },
      el('h3', { text: t('trick') }),
      f.currentTrick && f.currentTrick.cards.length
        ? playedRow(f.currentTrick.cards, s, t('trick'), 'current-trick')
        : el('div', { 'data-testid': 'current-trick', class: 'muted', text: t('noCardOnTable') }),
    ),
  );
  target.append(felt);

  // A move another seat may make out of turn (a resignation, Kontra) names that seat.
  const moves = f.legalMoves.slice(0, 12).map((m) => {
    const words = moveWords(m, s.style(), s.language());
    return m.seat && m.seat !== f.toAct ? t('bySeat', { move: words, seat: seatWord(m.seat) }) : words;
  });
  const info = el(
    'div',
    { class: 'panel' },
    el('h2', { 'data-testid': 'step-sentence', text: stepSentence(f, s.style(), s.language()) }),
    el('p', {}, el('strong', { text: `${t('game')}: ` }), describeDeclaration(f, s)),
    el('p', { 'data-testid': 'card-points' }, el('strong', { text: `${t('cardPoints')}: ` }), cardPointsLine(f)),
    el(
      'p',
      {},
      el('strong', { text: `${t('toActLabel')}: ` }),
      f.toAct ? seatWord(f.toAct) : '—',
      moves.length ? ` (${t('possible')}: ${moves.join(', ')}${f.legalMoves.length > 12 ? ', …' : ''})` : '',
    ),
  );
  const bidding = el('ol', { 'aria-label': t('bidding') });
  for (const b of f.bidding) bidding.append(el('li', { text: `${seatWord(b.seat)}: ${kindWords(b.call, s.language(), b.value ?? '')}` }));
  info.append(el('h2', { text: t('bidding') }), f.bidding.length ? bidding : el('p', { class: 'muted', text: t('noCallYet') }));
  const tricks = el('ol', { 'aria-label': t('tricks'), 'data-testid': 'completed-tricks' });
  for (const tr of f.completedTricks) {
    tricks.append(
      el(
        'li',
        {},
        playedRow(tr.cards, s, t('wonBy', { seat: seatWord(tr.winner), points: tr.points }), 'trick'),
        el('span', { text: t('wonBy', { seat: seatWord(tr.winner), points: tr.points }) + (tr.unplayed ? t('notPlayedOut') : '') }),
      ),
    );
  }
  info.append(el('h2', { text: t('tricks') }), f.completedTricks.length ? tricks : el('p', { class: 'muted', text: t('noneYet') }));
  target.append(info);
}

/** The result and its derivation; before the last step only on request, so a replay keeps its suspense. */
function resultPanel(deal: Deal, revealed: boolean, onReveal: () => void): HTMLElement {
  const r = deal.result;
  const panel = el('section', { class: 'panel', 'aria-label': t('resultAndDerivation') }, el('h2', { text: t('resultAndDerivation') }));
  if (!r) {
    panel.append(el('p', { text: t('inProgress') }));
    return panel;
  }
  if (!revealed) {
    const btn = el('button', { type: 'button', 'data-testid': 'show-result', text: t('showResult') });
    btn.addEventListener('click', onReveal);
    panel.append(el('p', { class: 'muted', text: t('resultAtEnd') }), btn);
    return panel;
  }
  if (r.passedIn) panel.append(el('p', { 'data-testid': 'result', text: t('allPassed') }));
  else if (r.notScoreable) panel.append(el('p', { 'data-testid': 'result', text: t('notScoreable', { reason: r.notScoreableReason ?? '' }) }));
  else {
    const detail = t('resultDetail', {
      value: r.gameValue ?? '',
      bid: r.bid ?? '',
      matadors: matadorWords(r.matadors ?? 0),
      points: r.declarerPoints ?? '',
      tricks: r.declarerTricks ?? '',
    });
    const extra = [r.overbid ? t('overbid') : '', r.corrected ? t('correctedFrom', { n: r.originalScore ?? '?' }) : ''].filter(Boolean).join('; ');
    panel.append(
      el(
        'p',
        { 'data-testid': 'result' },
        el('strong', { text: `${r.declarerName ?? ''} ${r.won ? t('won') : t('lost')} ${r.score}` }),
        ` — ${detail}${extra ? ` (${extra})` : ''}`,
      ),
    );
  }
  const lines = el('ol', { 'data-testid': 'derivation' });
  for (const d of deal.audit?.derivation ?? []) lines.append(el('li', {}, el('span', { class: 'rule', text: d.ruleId }), d.text));
  panel.append(lines);
  return panel;
}

function auditPanel(deal: Deal, revealed: boolean): HTMLElement {
  const a = deal.audit;
  const panel = el('section', { class: 'panel', 'aria-label': t('audit') }, el('h2', { text: t('audit') }));
  if (!a) return panel;
  panel.append(
    el(
      'p',
      { 'data-testid': 'chain' },
      t('chain'),
      el('span', { class: a.intact ? 'ok' : 'bad', text: a.intact ? t('intact') : t('brokenAt', { at: a.brokenAt ?? '?' }) }),
      a.chainProblem ? ` (${a.chainProblem})` : '',
    ),
    el(
      'p',
      {},
      t('recordedVsRecomputed'),
      el('span', { class: a.agrees ? 'ok' : 'bad', text: a.agrees ? t('agree') : t('differ') }),
      a.recomputeError ? ` (${a.recomputeError})` : '',
    ),
  );
  if (!revealed) return panel; // differences and corrections name scores: they wait with the result
  if (a.differences.length) {
    const ul = el('ul');
    for (const d of a.differences) ul.append(el('li', { text: t('recorded', { field: d.field, recorded: d.recorded, recomputed: d.recomputed }) }));
    panel.append(ul);
  }
  const corr = el('ul', { 'aria-label': t('corrections') });
  for (const c of a.corrections)
    corr.append(el('li', { text: `${c.who}${c.when ? ' · ' + c.when : ''}: ${c.previousScore ?? '?'} → ${c.correctedScore} — ${c.reason}` }));
  panel.append(el('h2', { text: t('corrections') }), a.corrections.length ? corr : el('p', { class: 'muted', text: t('none') }));
  return panel;
}

async function loadDeal(dealId: string, perspective: string): Promise<Deal | null> {
  const deal = (await graphql<{ deal: Omit<Deal, 'audit'> | null }>(DEAL_QUERY, { id: dealId, perspective })).deal;
  if (!deal) return null;
  if (deal.status === 'IN_PROGRESS') return { ...deal, audit: null };
  const audited = (await graphql<{ deal: Pick<Deal, 'audit'> | null }>(AUDIT_QUERY, { id: dealId })).deal;
  return { ...deal, audit: audited?.audit ?? null };
}

export async function renderReplay(root: HTMLElement, dealId: string, s: ViewSettings): Promise<() => void> {
  clear(root);
  const saved = sessionStorage.getItem(PERSPECTIVE_KEY);
  const perspective = PERSPECTIVES.some(([v]) => v === saved) ? (saved as string) : 'AUTO';
  const status = el('p', { role: 'status', text: t('loadingId', { id: dealId }) });
  root.append(status);
  let deal: Deal;
  try {
    const loaded = await loadDeal(dealId, perspective);
    if (!loaded) {
      status.textContent = t('noDeal', { id: dealId });
      return () => undefined;
    }
    deal = loaded;
  } catch (e) {
    status.textContent = t('couldNotLoad', { id: dealId, reason: (e as Error).message });
    return () => undefined;
  }
  let last = deal.frames.length - 1;
  // A deal still in play opens at its newest step, so a follower who comes late follows at once.
  let step = s.embedded ? last : stepFromHash(location.hash, last, deal.status === 'IN_PROGRESS' ? last : 0);
  let revealed = false;

  const stage = el('div', { 'aria-live': 'polite' });
  const sidebar = el('div', {});
  const slider = el('input', { type: 'range', min: 0, max: last, value: step, 'aria-label': t('stepSlider') }) as HTMLInputElement;
  const stepText = el('span', { 'data-testid': 'step' });
  const liveText = el('p', { role: 'status', class: 'live', 'data-testid': 'live' });
  const btn = (label: MessageKey, text: MessageKey, testId: string) =>
    el('button', { type: 'button', 'aria-label': t(label), text: t(text), 'data-testid': testId });
  const first = btn('firstStep', 'first', 'first');
  const back = btn('previousStep', 'back', 'back');
  const fwd = btn('nextStep', 'forward', 'forward');
  const lastBtn = btn('lastStep', 'last', 'last');
  const persp = el('select', { 'aria-label': t('perspective') });
  for (const [v, k] of PERSPECTIVES) persp.append(el('option', { value: v, text: t(k), selected: v === perspective }));
  persp.addEventListener('change', () => {
    sessionStorage.setItem(PERSPECTIVE_KEY, (persp as HTMLSelectElement).value);
    teardown();
    void renderReplay(root, dealId, s).then((td) => (teardownNext = td));
  });

  let analysis: ReturnType<typeof analysisPanel> | null = null;
  const show = (n: number, push = true) => {
    step = Math.max(0, Math.min(last, n));
    slider.max = String(last);
    slider.value = String(step);
    stepText.textContent = t('stepOf', { n: step, last });
    first.toggleAttribute('disabled', step === 0);
    back.toggleAttribute('disabled', step === 0);
    fwd.toggleAttribute('disabled', step === last);
    lastBtn.toggleAttribute('disabled', step === last);
    renderFrame(stage, deal, deal.frames[step], s);
    const atEnd = revealed || (step === last && deal.result !== null);
    clear(sidebar);
    sidebar.append(
      resultPanel(deal, atEnd, () => {
        revealed = true;
        show(step, false);
      }),
      auditPanel(deal, atEnd),
    );
    analysis?.show(step);
    if (push && !s.embedded) history.replaceState(null, '', `${location.pathname}${location.search}#step=${step}`);
  };
  first.addEventListener('click', () => show(0));
  back.addEventListener('click', () => show(step - 1));
  fwd.addEventListener('click', () => show(step + 1));
  lastBtn.addEventListener('click', () => show(last));
  slider.addEventListener('input', () => show(Number(slider.value)));

  const title = `${deal.id}: ${deal.players.join(', ')}`;
  clear(root);
  root.append(
    el('h2', { text: title }),
    el(
      'p',
      { class: 'muted' },
      `${deal.startedAt.slice(0, 19).replace('T', ' ')} · ${deal.source.toLowerCase().replace('_', ' ')} · ${t('rules', { id: deal.profileId })}`,
      deal.tableId ? el('span', {}, ' · ', el('a', { href: `/?sheet=${encodeURIComponent(deal.tableId)}`, text: t('scoreSheet', { id: deal.tableId }) })) : '',
    ),
    liveText,
    el('div', { class: 'controls no-print', role: 'group', 'aria-label': t('stepControls') }, first, back, slider, fwd, lastBtn, stepText, persp),
    el('div', { class: 'replay' }, stage, sidebar),
  );
  // The verdict strip and "play from here" (not on the hall screen's embedded replay).
  analysis = s.embedded
    ? null
    : analysisPanel(
        dealId,
        deal.status !== 'IN_PROGRESS',
        (n) => show(n),
        () => step,
      );
  if (analysis) root.append(analysis.element);
  if (!s.embedded && deal.status !== 'IN_PROGRESS') root.append(fairDealPanel(dealId));
  show(step, false);

  // A live deal is followed over graphql-ws: each recorded event reloads the deal in this
  // perspective (the server decides what it may see), and a viewer at the newest step moves on.
  let live: LiveSubscription | null = null;
  let teardownNext: () => void = () => undefined;
  if (deal.status === 'IN_PROGRESS') {
    liveText.textContent = `● ${t('live')} — ${t('following')}`;
    let reloading = Promise.resolve();
    live = subscribe(
      DEAL_UPDATES_SUBSCRIPTION,
      { id: dealId, perspective },
      currentToken(),
      () => {
        reloading = reloading.then(async () => {
          const fresh = await loadDeal(dealId, perspective).catch(() => null);
          if (!fresh) return;
          const follow = step === last;
          deal = fresh;
          last = deal.frames.length - 1;
          if (deal.status !== 'IN_PROGRESS') liveText.textContent = '';
          show(follow ? last : step, follow);
        });
      },
      (reason) => {
        if (reason) liveText.textContent = t('liveLost', { reason });
        else if (deal.status !== 'IN_PROGRESS') liveText.textContent = '';
      },
    );
  }

  const onKey = (ev: KeyboardEvent) => {
    const target = ev.target as HTMLElement | null;
    // Form controls keep their own keys (the slider already steps on arrows).
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    if (ev.key === 'ArrowRight') show(step + 1);
    else if (ev.key === 'ArrowLeft') show(step - 1);
    else if (ev.key === 'Home') show(0);
    else if (ev.key === 'End') show(last);
    else return;
    ev.preventDefault();
  };
  const onHash = () => show(stepFromHash(location.hash, last), false);
  if (!s.embedded) {
    document.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', onHash);
  }
  const teardown = () => {
    live?.close();
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('hashchange', onHash);
  };
  return () => {
    teardown();
    teardownNext();
  };
}
