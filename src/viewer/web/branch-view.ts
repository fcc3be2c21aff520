// A what-if branch: the deal's steps up to the fork, then the moves played in the branch; its owner
// plays on by clicking a legal move at the last step ("play from here" forks one from a replay).
import { capabilityKey } from './analysis-panel.js';
import { BRANCH_DEAL_QUERY, BRANCH_QUERY, PLAY_BRANCH_MOVE } from './analysis-queries.js';
import { graphql } from './api.js';
import { clear, el } from './dom.js';
import { t } from './messages.js';
import { renderFrame, stepFromHash, type ViewSettings } from './replay-view.js';
import { moveWords, seatWord } from './step-words.js';
import type { Deal, Frame } from './types.js';

interface Branch {
  id: string;
  dealId: string;
  forkStep: number;
  moves: number;
  mine: boolean;
  shared: boolean;
  frames: Frame[];
}

const KIND: Record<string, string> = {
  play: 'PLAY',
  bid: 'BID',
  hold: 'HOLD',
  pass: 'PASS',
  pickUpSkat: 'PICK_UP_SKAT',
  declare: 'DECLARE',
  showCards: 'SHOW_CARDS',
  resign: 'RESIGN',
};
const commandId = () => (crypto as Crypto & { randomUUID?: () => string }).randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** A stable name of the move for the page's data (tests and scripts); the button shows it in words. */
function moveLabel(m: Frame['legalMoves'][number]): string {
  if (m.kind === 'play' && m.card) return m.card.code;
  if (m.kind === 'bid') return `bid ${m.value}`;
  if (m.kind === 'declare' && m.declaration)
    return `declare ${m.declaration.game.toLowerCase()}${m.declaration.hand ? ' hand' : ''}${m.declaration.ouvert ? ' ouvert' : ''}`;
  const who = m.seat ? `${m.seat.toLowerCase()} ` : '';
  if (m.kind === 'resign') return `${who}resigns`;
  if (m.kind === 'showCards') return `${who}claims the rest`;
  return `${who}${m.kind}`;
}

export async function renderBranch(root: HTMLElement, branchId: string, s: ViewSettings): Promise<() => void> {
  // A card shows as the deck style draws it; other moves in words, with the seat that makes them.
  const words = (m: Frame['legalMoves'][number]): string => {
    if (m.kind === 'play' && m.card) return moveLabel(m);
    const w = moveWords(m, s.style(), s.language());
    return m.seat && m.kind !== 'bid' ? t('bySeat', { move: w, seat: seatWord(m.seat) }) : w;
  };
  clear(root);
  const status = el('p', { role: 'status', text: t('loadingBranch', { id: branchId }) });
  root.append(status);
  const cap = localStorage.getItem(capabilityKey(branchId));
  const load = async () => (await graphql<{ branch: Branch | null }>(BRANCH_QUERY, { id: branchId, cap })).branch;
  let branch: Branch | null;
  try {
    branch = await load();
  } catch (e) {
    status.textContent = t('couldNotLoadBranch', { id: branchId, reason: (e as Error).message });
    return () => undefined;
  }
  if (!branch) {
    status.textContent = t('noBranch', { id: branchId });
    return () => undefined;
  }
  const meta = (await graphql<{ deal: Omit<Deal, 'frames' | 'result' | 'audit'> | null }>(BRANCH_DEAL_QUERY, { id: branch.dealId })).deal;
  const deal: Deal = {
    id: branch.dealId,
    dealNumber: 0,
    startedAt: '',
    players: ['', '', ''],
    tableId: null,
    tournamentId: null,
    source: '',
    profileId: '',
    status: '',
    ...(meta ?? {}),
    result: null,
    frames: branch.frames,
    audit: null,
  };
  let last = branch.frames.length - 1;
  let step = stepFromHash(location.hash, last);
  const stage = el('div', { 'aria-live': 'polite' });
  const moves = el('div', { class: 'branch-moves', role: 'group', 'aria-label': t('branchMoves'), 'data-testid': 'branch-moves' });
  const stepText = el('span', { 'data-testid': 'step' });
  const btn = (label: string, text: string, testId: string) => el('button', { type: 'button', 'aria-label': label, text, 'data-testid': testId });
  const first = btn(t('firstStep'), '«', 'first');
  const back = btn(t('previousStep'), '‹', 'back');
  const fwd = btn(t('nextStep'), '›', 'forward');
  const lastBtn = btn(t('lastStep'), '»', 'last');
  const problem = el('p', { role: 'status', class: 'muted' });

  const show = (n: number) => {
    step = Math.max(0, Math.min(last, n));
    stepText.textContent = t('stepOf', { n: step, last }) + t(step > branch!.forkStep ? 'inBranch' : 'asRecorded');
    renderFrame(stage, deal, branch!.frames[step], s);
    clear(moves);
    const f = branch!.frames[step];
    if (branch!.mine && step === last && f.toAct) {
      for (const m of f.legalMoves) {
        const kind = KIND[m.kind];
        if (!kind) continue;
        const b = el('button', { type: 'button', 'data-kind': m.kind, 'data-move': moveLabel(m), text: words(m) });
        b.addEventListener('click', async () => {
          problem.textContent = '';
          try {
            await graphql(PLAY_BRANCH_MOVE, {
              c: commandId(),
              i: {
                branchId,
                capability: cap,
                kind,
                seat: m.seat,
                ...(m.card ? { card: m.card.code } : {}),
                ...(m.value !== null ? { value: m.value } : {}),
                ...(m.declaration ? { declaration: m.declaration } : {}),
              },
            });
            const fresh = await load();
            if (!fresh) return;
            branch = fresh;
            deal.frames = fresh.frames;
            last = fresh.frames.length - 1;
            show(last);
          } catch (e) {
            problem.textContent = (e as Error).message;
          }
        });
        moves.append(b);
      }
    }
    history.replaceState(null, '', `${location.pathname}${location.search}#step=${step}`);
  };
  first.addEventListener('click', () => show(0));
  back.addEventListener('click', () => show(step - 1));
  fwd.addEventListener('click', () => show(step + 1));
  lastBtn.addEventListener('click', () => show(last));
  clear(root);
  root.append(
    el('h2', { text: t('branchOf', { id: branch.dealId }) }),
    el(
      'p',
      { class: 'muted' },
      t(branch.shared ? 'forkedAtShared' : 'forkedAtPrivate', { n: branch.forkStep }),
      el('a', { href: `/?deal=${encodeURIComponent(branch.dealId)}#step=${branch.forkStep}`, text: t('backToDeal') }),
    ),
    el('div', { class: 'controls no-print', role: 'group', 'aria-label': t('stepButtons') }, first, back, fwd, lastBtn, stepText),
    moves,
    problem,
    stage,
  );
  show(step);
  return () => undefined;
}
