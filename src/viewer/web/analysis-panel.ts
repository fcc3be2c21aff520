// The verdict strip along the steps and the alternatives of the current step (like BBO's per-card
// display), and "play from here", which forks a what-if branch at the current step.
import { graphql } from './api.js';
import { ANALYSIS_QUERY, FORK_BRANCH } from './analysis-queries.js';
import { clear, el } from './dom.js';
import { t, type MessageKey } from './messages.js';

export interface AnalysisStep {
  step: number;
  trick: number;
  toMove: string;
  verdict: 'WON' | 'LOST';
  value: number | null;
  move: string | null;
  after: { value: number | null; verdict: 'WON' | 'LOST' } | null;
  alternatives: Array<{ move: string; value: number | null; verdict: 'WON' | 'LOST' }>;
}
export interface Analysis {
  game: string | null;
  declarer: string | null;
  note: string | null;
  steps: AnalysisStep[];
  turningPoints: Array<{ step: number; trick: number; seat: string; move: string; before: string; after: string; text: string }>;
}

const outcome = (value: number | null, verdict: string) => `${t(verdict === 'WON' ? 'won' : 'lost')}${value === null ? '' : ` ${value}`}`;
const GAMES = new Set(['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null']);
const gameName = (game: string | null) => (game && GAMES.has(game.toLowerCase()) ? t(game.toLowerCase() as MessageKey) : (game ?? ''));

/** Where anonymous creators keep the capability of each branch they forked (this browser only). */
export const capabilityKey = (branchId: string) => `skat-ledger.branch.${branchId}`;

const commandId = () => (crypto as Crypto & { randomUUID?: () => string }).randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Forks a branch at `step` and opens it; the capability (anonymous callers) stays in this browser. */
export async function playFromHere(dealId: string, step: number): Promise<void> {
  const r = await graphql<{ forkBranch: { id: string; capability: string | null } }>(FORK_BRANCH, { c: commandId(), i: { dealId, step } });
  if (r.forkBranch.capability) localStorage.setItem(capabilityKey(r.forkBranch.id), r.forkBranch.capability);
  location.assign(`/?branch=${encodeURIComponent(r.forkBranch.id)}#step=${step}`);
}

export interface AnalysisPanel {
  readonly element: HTMLElement;
  /** Marks the current step on the strip and lists its alternatives. */
  show(step: number): void;
}

/**
 * Loads the deal's analysis (only served for finished deals, or to admins and arbiters) and draws
 * the strip; `goTo` moves the replay to a step clicked on the strip.
 */
export function analysisPanel(dealId: string, finished: boolean, goTo: (step: number) => void, currentStep: () => number): AnalysisPanel {
  const element = el('section', { class: 'panel analysis no-print', 'aria-label': t('analysis'), 'data-testid': 'analysis' });
  const strip = el('ol', { class: 'verdict-strip', 'aria-label': t('verdictStrip'), 'data-testid': 'verdict-strip' });
  const alternatives = el('ul', { class: 'alternatives', 'aria-label': t('alternativesOfStep'), 'data-testid': 'alternatives' });
  const summary = el('p', { 'data-testid': 'analysis-summary', class: 'muted' });
  const turning = el('ul', { 'aria-label': t('turningPoints'), 'data-testid': 'turning-points' });
  const fork = el('button', { type: 'button', 'data-testid': 'play-from-here', text: t('playFromHere') });
  const forkStatus = el('span', { role: 'status', class: 'muted' });
  fork.addEventListener('click', () => {
    fork.setAttribute('disabled', '');
    playFromHere(dealId, currentStep()).catch((e) => {
      fork.removeAttribute('disabled');
      forkStatus.textContent = ` ${(e as Error).message}`;
    });
  });
  element.append(
    el('h2', { text: t('analysis') }),
    summary,
    strip,
    el('h3', { text: t('thisStep') }),
    alternatives,
    el('h3', { text: t('turningPoints') }),
    turning,
    el('p', {}, fork, forkStatus),
  );
  let analysis: Analysis | null = null;
  const byStep = new Map<number, AnalysisStep>();

  const show = (step: number) => {
    for (const cell of Array.from(strip.children)) cell.classList.toggle('current', (cell as HTMLElement).dataset.step === String(step));
    clear(alternatives);
    const s = byStep.get(step);
    if (!analysis) return;
    if (!s) {
      alternatives.append(el('li', { class: 'muted', text: t('noCardAtStep') }));
      return;
    }
    for (const a of s.alternatives) {
      alternatives.append(
        el('li', {
          'data-card': a.move,
          'data-value': a.value === null ? '' : String(a.value),
          'data-verdict': a.verdict,
          class: `${a.verdict === 'WON' ? 'won' : 'lost'}${a.move === s.move ? ' played' : ''}`,
          text: `${a.move}: ${outcome(a.value, a.verdict)}${a.move === s.move ? t('playedMark') : ''}`,
        }),
      );
    }
  };

  if (!finished) {
    summary.textContent = t('analysisAfterEnd');
  } else {
    // Asked for on demand: an analysis costs the server seconds of CPU the first time.
    summary.textContent = '';
    const ask = el('button', { type: 'button', 'data-testid': 'analyse', text: t('analyseOpen') });
    summary.append(ask);
    ask.addEventListener('click', () => {
      summary.textContent = t('analysing');
      graphql<{ deal: { analysis: Analysis } | null }>(ANALYSIS_QUERY, { id: dealId })
        .then((data) => {
          analysis = data.deal?.analysis ?? null;
          if (!analysis) return;
          summary.textContent = analysis.steps.length ? t('analysisSummary', { game: gameName(analysis.game) }) : (analysis.note ?? t('nothingToAnalyse'));
          for (const s of analysis.steps) {
            byStep.set(s.step, s);
            const isTurn = analysis.turningPoints.some((t) => t.step === s.step);
            const cell = el('li', {
              'data-step': String(s.step),
              'data-verdict': s.verdict,
              'data-value': s.value === null ? '' : String(s.value),
              class: `${s.verdict === 'WON' ? 'won' : 'lost'}${isTurn ? ' turning' : ''}`,
              title:
                t('stepCellTitle', { n: s.step, trick: s.trick, outcome: outcome(s.value, s.verdict) }) + (s.move ? t('stepCellPlayed', { move: s.move }) : ''),
            });
            cell.append(
              el('button', {
                type: 'button',
                'aria-label': t('stepCellLabel', { n: s.step, outcome: outcome(s.value, s.verdict) }),
                text: s.value === null ? t(s.verdict === 'WON' ? 'wonLetter' : 'lostLetter') : String(s.value),
              }),
            );
            cell.addEventListener('click', () => goTo(s.step));
            strip.append(cell);
          }
          for (const tp of analysis.turningPoints) turning.append(el('li', { 'data-step': String(tp.step), text: tp.text }));
          if (!analysis.turningPoints.length) turning.append(el('li', { class: 'muted', text: t('noTurningPoints') }));
          show(currentStep());
        })
        .catch((e) => {
          summary.textContent = t('noAnalysis', { reason: (e as Error).message });
        });
    });
  }
  return { element, show };
}
