import { graphql } from './api.js';
import { el } from './dom.js';
import { checkInBrowser } from './fair-deal-check.js';
import { t } from './messages.js';
import { FAIRNESS_QUERY } from './queries.js';

interface FairnessAnswer {
  readonly deal: {
    readonly id: string;
    readonly fairness: {
      readonly verdict: string;
      readonly commitment: string | null;
      readonly serverSeed: string | null;
      readonly problems: string[];
      readonly clientSeeds: { readonly seat: string; readonly seed: string }[];
    };
    readonly frame: {
      readonly hands: Record<'forehand' | 'middlehand' | 'rearhand', { readonly code: string }[]>;
      readonly skat: { readonly code: string }[];
    } | null;
  } | null;
}

const SEAT_INDEX: Record<string, number> = { FOREHAND: 0, MIDDLEHAND: 1, REARHAND: 2 };

/** What the check finds, in the page's words. */
async function verdictText(dealId: string): Promise<{ text: string; ok: boolean }> {
  const deal = (await graphql<FairnessAnswer>(FAIRNESS_QUERY, { id: dealId })).deal;
  if (!deal) return { text: t('noDeal', { id: dealId }), ok: false };
  const f = deal.fairness;
  if (f.verdict === 'NOT_SERVER_SHUFFLED') return { text: t('fairNotServer'), ok: false };
  if (f.verdict === 'PENDING') return { text: t('fairPending'), ok: false };
  if (f.verdict === 'UNVERIFIABLE' || !f.serverSeed || !f.commitment || !deal.frame)
    return { text: t('fairUnverifiable', { why: f.problems.join('; ') || f.verdict }), ok: false };
  const seeds: (string | null)[] = [null, null, null];
  for (const c of f.clientSeeds) seeds[SEAT_INDEX[c.seat]] = c.seed;
  const codes = (cards: readonly { code: string }[]) => cards.map((c) => c.code);
  const h = deal.frame.hands;
  const mine = checkInBrowser({ commitment: f.commitment, serverSeed: f.serverSeed, clientSeeds: seeds }, deal.id, {
    hands: [codes(h.forehand), codes(h.middlehand), codes(h.rearhand)],
    skat: codes(deal.frame.skat),
  });
  const server = t('fairServerSays', { verdict: f.verdict.toLowerCase() });
  if (!mine.commitmentHolds) return { text: `${t('fairMismatch', { what: t('fairSeedWrong') })} ${server}`, ok: false };
  if (!mine.cardsAgree) return { text: `${t('fairMismatch', { what: t('fairCardsWrong') })} ${server}`, ok: false };
  return { text: `${t('fairVerified')} ${server}`, ok: f.verdict === 'VERIFIED' };
}

/** The replay page's "Verify the shuffle" button: the shuffle recomputed in this browser, beside the server's own check. */
export function fairDealPanel(dealId: string): HTMLElement {
  const out = el('p', { role: 'status', 'data-testid': 'fair-verdict' });
  const button = el('button', { type: 'button', text: t('verifyShuffle'), 'data-testid': 'verify-shuffle' });
  button.addEventListener('click', () => {
    out.textContent = t('verifying');
    out.className = '';
    verdictText(dealId)
      .then(({ text, ok }) => {
        out.textContent = text;
        out.className = ok ? 'ok' : 'bad';
      })
      .catch((e: unknown) => {
        out.textContent = t('couldNotLoad', { id: dealId, reason: (e as Error).message });
        out.className = 'bad';
      });
  });
  return el('section', { class: 'panel no-print', 'aria-label': t('fairDeal') }, el('h2', { text: t('fairDeal') }), button, out);
}
