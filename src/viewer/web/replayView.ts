import { graphql } from './api.js';
import { cardSvg, type DeckStyle } from './cards.js';
import { clear, el, svg } from './dom.js';
import { DEAL_QUERY } from './queries.js';
import { SEAT_LABELS, SEAT_NAMES, type Card, type Deal, type Frame, type PlayedCard, type SeatName } from './types.js';

const PERSPECTIVES = [
  ['ALL', 'All hands'],
  ['FOREHAND', 'What forehand knew'],
  ['MIDDLEHAND', 'What middlehand knew'],
  ['REARHAND', 'What rearhand knew'],
  ['PUBLIC', 'Public'],
] as const;

/** `#step=N` links to an exact step; anything else means step 0. */
export function stepFromHash(hash: string, last: number): number {
  const m = /(?:^#|&)step=(\d+)/.exec(hash);
  const n = m ? Number(m[1]) : 0;
  return Math.max(0, Math.min(last, n));
}

function cardsRow(cards: Card[], hiddenCount: number, style: DeckStyle, label: string, testId: string): HTMLElement {
  const row = el('div', { class: 'cards', role: 'list', 'aria-label': label, 'data-testid': testId });
  for (const c of cards) {
    const item = el('span', { role: 'listitem', 'data-code': c.code });
    item.append(svg(cardSvg(c.code, style)));
    row.append(item);
  }
  for (let i = 0; i < hiddenCount; i++) {
    const item = el('span', { role: 'listitem', 'data-code': '??' });
    item.append(svg(cardSvg('??', style)));
    row.append(item);
  }
  if (cards.length + hiddenCount === 0) row.append(el('span', { class: 'muted', text: 'no cards' }));
  return row;
}

function playedRow(cards: PlayedCard[], style: DeckStyle, label: string, testId: string): HTMLElement {
  const row = el('div', { class: 'cards', role: 'list', 'aria-label': label, 'data-testid': testId });
  for (const p of cards) {
    const item = el('span', { role: 'listitem', 'data-code': p.card.code, title: SEAT_LABELS[p.seat] });
    item.append(svg(cardSvg(p.card.code, style)));
    row.append(item);
  }
  return row;
}

function describeDeclaration(f: Frame): string {
  const d = f.declaration;
  if (!d) return f.declarer ? `${SEAT_LABELS[f.declarer]} won the bidding at ${f.highestBid}` : 'not declared yet';
  const extras = [d.hand && 'hand', d.schneiderAnnounced && 'schneider announced', d.schwarzAnnounced && 'schwarz announced', d.ouvert && 'ouvert'].filter(Boolean);
  return `${d.game.toLowerCase()}${extras.length ? ' ' + extras.join(', ') : ''} by ${f.declarer ? SEAT_LABELS[f.declarer] : '?'} (bid ${f.highestBid})`;
}

function describeMove(m: Frame['legalMoves'][number]): string {
  if (m.kind === 'play' && m.card) return m.card.code;
  const who = m.seat ? `${SEAT_LABELS[m.seat]} ` : '';
  if (m.kind === 'bid' && m.value) return `${who}bid ${m.value}`;
  return `${who}${m.kind}`;
}

function renderFrame(target: HTMLElement, deal: Deal, f: Frame, style: DeckStyle): void {
  clear(target);
  const felt = el('div', { class: 'table-felt', 'aria-label': 'Table' });
  SEAT_NAMES.forEach((seat: SeatName, i: number) => {
    const key = seat.toLowerCase() as 'forehand' | 'middlehand' | 'rearhand';
    const name = deal.players[i] ?? '';
    const roles = [f.declarer === seat ? 'declarer' : '', f.toAct === seat ? 'to act' : ''].filter(Boolean).join(', ');
    felt.append(el('section', { class: `seat seat-${i}${f.toAct === seat ? ' to-act' : ''}`, 'aria-label': `${SEAT_LABELS[seat]} ${name}` },
      el('h3', { text: `${SEAT_LABELS[seat]}: ${name}${roles ? ` (${roles})` : ''}` }),
      cardsRow(f.hands[key], f.hidden[key], style, `${SEAT_LABELS[seat]}'s hand`, `hand-${key}`)));
  });
  felt.append(el('section', { class: 'skat', 'aria-label': 'Skat' }, el('h3', { text: 'Skat' }), cardsRow(f.skat, f.hidden.skat, style, 'Skat', 'skat')));
  felt.append(el('section', { class: 'trick', 'aria-label': 'Current trick' }, el('h3', { text: 'Trick' }),
    f.currentTrick && f.currentTrick.cards.length ? playedRow(f.currentTrick.cards, style, 'Current trick', 'current-trick') : el('div', { 'data-testid': 'current-trick', class: 'muted', text: 'no card on the table' })));
  target.append(felt);

  const info = el('div', { class: 'panel' },
    el('h2', { text: `Step ${f.step}: ${f.event.type}` }),
    el('p', {}, el('strong', { text: 'Game: ' }), describeDeclaration(f)),
    el('p', { 'data-testid': 'card-points' }, el('strong', { text: 'Card points: ' }), `declarer ${f.cardPoints.declarer}, defenders ${f.cardPoints.defenders}`),
    el('p', {}, el('strong', { text: 'To act: ' }), f.toAct ? SEAT_LABELS[f.toAct] : '—',
      f.legalMoves.length ? ` (legal: ${f.legalMoves.slice(0, 12).map(describeMove).join(', ')}${f.legalMoves.length > 12 ? ', …' : ''})` : ''));
  const bidding = el('ol', { 'aria-label': 'Bidding' });
  for (const b of f.bidding) bidding.append(el('li', { text: `${SEAT_LABELS[b.seat]}: ${b.call}${b.value ? ' ' + b.value : ''}` }));
  info.append(el('h2', { text: 'Bidding' }), f.bidding.length ? bidding : el('p', { class: 'muted', text: 'no call yet' }));
  const tricks = el('ol', { 'aria-label': 'Completed tricks', 'data-testid': 'completed-tricks' });
  for (const t of f.completedTricks) {
    tricks.append(el('li', {}, playedRow(t.cards, style, `Trick won by ${SEAT_LABELS[t.winner]}`, 'trick'),
      el('span', { text: `won by ${SEAT_LABELS[t.winner]}, ${t.points} points${t.unplayed ? ' (not played out)' : ''}` })));
  }
  info.append(el('h2', { text: 'Tricks' }), f.completedTricks.length ? tricks : el('p', { class: 'muted', text: 'none yet' }));
  target.append(info);
}

function resultPanel(deal: Deal): HTMLElement {
  const r = deal.result;
  const panel = el('section', { class: 'panel', 'aria-label': 'Score derivation' }, el('h2', { text: 'Result and derivation' }));
  if (!r) return panel.appendChild(el('p', { text: 'in progress' })) && panel;
  if (r.passedIn) panel.append(el('p', { text: 'All passed: the deal is passed in (R8).' }));
  else if (r.notScoreable) panel.append(el('p', { text: `Not scoreable: ${r.notScoreableReason ?? ''}` }));
  else panel.append(el('p', { 'data-testid': 'result' }, el('strong', { text: `${r.declarerName ?? ''} ${r.won ? 'won' : 'lost'} ${r.score}` }),
    ` — value ${r.gameValue}, bid ${r.bid}, matadors ${r.matadors}, ${r.declarerPoints} card points, ${r.declarerTricks} tricks${r.overbid ? ', overbid' : ''}${r.corrected ? ` (corrected; originally ${r.originalScore})` : ''}`));
  const lines = el('ol', { 'data-testid': 'derivation' });
  for (const d of deal.audit?.derivation ?? []) lines.append(el('li', {}, el('span', { class: 'rule', text: d.ruleId }), d.text));
  panel.append(lines);
  return panel;
}

function auditPanel(deal: Deal): HTMLElement {
  const a = deal.audit;
  const panel = el('section', { class: 'panel', 'aria-label': 'Audit' }, el('h2', { text: 'Audit' }));
  if (!a) return panel;
  panel.append(
    el('p', { 'data-testid': 'chain' }, 'Hash chain: ', el('span', { class: a.intact ? 'ok' : 'bad', text: a.intact ? 'intact' : `broken at ${a.brokenAt ?? '?'}` }), a.chainProblem ? ` (${a.chainProblem})` : ''),
    el('p', {}, 'Recorded vs recomputed result: ', el('span', { class: a.agrees ? 'ok' : 'bad', text: a.agrees ? 'agree' : 'differ' }), a.recomputeError ? ` (${a.recomputeError})` : ''));
  if (a.differences.length) {
    const ul = el('ul');
    for (const d of a.differences) ul.append(el('li', { text: `${d.field}: recorded ${d.recorded}, recomputed ${d.recomputed}` }));
    panel.append(ul);
  }
  const corr = el('ul', { 'aria-label': 'Corrections' });
  for (const c of a.corrections) corr.append(el('li', { text: `${c.who}${c.when ? ' on ' + c.when : ''}: ${c.previousScore ?? '?'} → ${c.correctedScore} — ${c.reason}` }));
  panel.append(el('h2', { text: 'Corrections' }), a.corrections.length ? corr : el('p', { class: 'muted', text: 'none' }));
  return panel;
}

export async function renderReplay(root: HTMLElement, dealId: string, style: () => DeckStyle): Promise<() => void> {
  clear(root);
  const perspective = sessionStorage.getItem('skat-ledger.perspective') ?? 'ALL';
  const status = el('p', { role: 'status', text: `Loading ${dealId}…` });
  root.append(status);
  let deal: Deal;
  try {
    const data = await graphql<{ deal: Deal | null }>(DEAL_QUERY, { id: dealId, perspective });
    if (!data.deal) {
      status.textContent = `No deal ${dealId}.`;
      return () => undefined;
    }
    deal = data.deal;
  } catch (e) {
    status.textContent = `Could not load ${dealId}: ${(e as Error).message}`;
    return () => undefined;
  }
  const last = deal.frames.length - 1;
  let step = stepFromHash(location.hash, last);

  const stage = el('div', { 'aria-live': 'polite' });
  const slider = el('input', { type: 'range', min: 0, max: last, value: step, 'aria-label': 'Step' }) as HTMLInputElement;
  const stepText = el('span', { 'data-testid': 'step' });
  const btn = (label: string, text: string, testId: string) => el('button', { type: 'button', 'aria-label': label, text, 'data-testid': testId });
  const first = btn('First step', '« First', 'first');
  const back = btn('Previous step', '‹ Back', 'back');
  const fwd = btn('Next step', 'Forward ›', 'forward');
  const lastBtn = btn('Last step', 'Last »', 'last');
  const persp = el('select', { 'aria-label': 'Perspective' });
  for (const [v, t] of PERSPECTIVES) persp.append(el('option', { value: v, text: t, selected: v === perspective }));
  persp.addEventListener('change', () => {
    sessionStorage.setItem('skat-ledger.perspective', (persp as HTMLSelectElement).value);
    void renderReplay(root, dealId, style);
  });

  const show = (n: number, push = true) => {
    step = Math.max(0, Math.min(last, n));
    slider.value = String(step);
    stepText.textContent = `step ${step} of ${last}`;
    first.toggleAttribute('disabled', step === 0);
    back.toggleAttribute('disabled', step === 0);
    fwd.toggleAttribute('disabled', step === last);
    lastBtn.toggleAttribute('disabled', step === last);
    renderFrame(stage, deal, deal.frames[step], style());
    if (push) history.replaceState(null, '', `${location.pathname}${location.search}#step=${step}`);
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
    el('p', { class: 'muted' }, `${deal.startedAt.slice(0, 19).replace('T', ' ')} · ${deal.source} · rules ${deal.profileId}`,
      deal.tableId ? el('span', {}, ' · ', el('a', { href: `/?sheet=${encodeURIComponent(deal.tableId)}`, text: `score sheet ${deal.tableId}` })) : ''),
    el('div', { class: 'controls no-print', role: 'group', 'aria-label': 'Step controls (arrow keys, Home, End)' }, first, back, slider, fwd, lastBtn, stepText, persp),
    el('div', { class: 'replay' }, stage, el('div', {}, resultPanel(deal), auditPanel(deal))),
  );
  show(step, false);

  const onKey = (ev: KeyboardEvent) => {
    const t = ev.target as HTMLElement | null;
    // Form controls keep their own keys (the slider already steps on arrows).
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (ev.key === 'ArrowRight') show(step + 1);
    else if (ev.key === 'ArrowLeft') show(step - 1);
    else if (ev.key === 'Home') show(0);
    else if (ev.key === 'End') show(last);
    else return;
    ev.preventDefault();
  };
  const onHash = () => show(stepFromHash(location.hash, last), false);
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', onHash);
  return () => {
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('hashchange', onHash);
  };
}
