// The arbiter's page (`/?arbiter=<tournamentId>`, arbiter token): the tournament's open disputes,
// each with its deal (derivation, audit, a link to its replay and analysis) and the player's
// reason; upheld with corrected facts the engine scores first, or rejected with a reason; and a
// correction of any scored deal. Everything through the API.
import { graphql } from './api.js';
import { allDealPages } from './deal-pages.js';
import { clear, el } from './dom.js';
import { te } from './evening-words.js';
import { newCommandId } from './command-id.js';
import { currentToken, setToken } from './session.js';
import { renderSignIn } from './sign-in.js';
import { eventTypeOf, followAndRedraw } from './live-redraw.js';

const DEALS = `query ArbiterDeals($id: ID!, $after: String) {
  deals(filter: { tournamentId: $id }, first: 100, after: $after) {
    pageInfo { endCursor hasNextPage }
    nodes { id tableId dealNumber players dealer status disputes { contestEventId player reason ruling rulingReason }
      result { score won declarerName game declarerPoints matadors bid schwarz passedIn derivation } }
  }
}`;
const AUDIT = `query Audit($id: ID!) { deal(id: $id) { audit { intact agrees chainProblem } } }`;
const PREVIEW = `query Preview($dealId: ID!, $facts: ResultFactsInput!) { previewFacts(dealId: $dealId, facts: $facts) { score won gameValue derivation } }`;
const RULE = `mutation($commandId: ID!, $input: RuleDisputeInput!) { ruleDispute(commandId: $commandId, input: $input) { revision } }`;
const CORRECT = `mutation($commandId: ID!, $input: CorrectScoreInput!) { correctScore(commandId: $commandId, input: $input) { revision } }`;

const DISPUTE_UPDATES = `subscription ArbiterDisputes($id: ID!) { tournamentUpdates(tournamentId: $id) { eventType } }`;
/** The tournament's events that change what the arbiter's page lists. */
const DISPUTE_EVENTS = new Set(['DealContested', 'DisputeRuled', 'ScoreCorrected', 'DealScored']);

/** What the page drew, to tell whether a new reading would look different. */
function signature(deals: Deal[]): string {
  return JSON.stringify(deals.map((d) => [d.id, d.disputes, d.result?.score ?? null]));
}

interface Deal {
  id: string;
  tableId: string | null;
  dealNumber: number;
  players: string[];
  status: string;
  disputes: Array<{ contestEventId: string; player: string; reason: string; ruling: string | null }>;
  result: {
    score: number | null;
    won: boolean | null;
    declarerName: string | null;
    game: string | null;
    declarerPoints: number | null;
    matadors: number | null;
    bid: number | null;
    schwarz: boolean;
    passedIn: boolean;
    derivation: string[];
  } | null;
}

const GAMES = ['CLUBS', 'SPADES', 'HEARTS', 'DIAMONDS', 'GRAND', 'NULL'];
const field = (label: string, input: HTMLElement) => el('label', {}, label, input);

/** The facts form, filled from the deal's result: what an upheld dispute or a correction records. */
export function factsForm(deal: Deal, onFacts: (facts: Record<string, unknown> | null) => void): { form: HTMLElement; facts: () => Record<string, unknown> } {
  const r = deal.result;
  const declarer = el(
    'select',
    { name: 'declarer', 'data-testid': 'facts-declarer' },
    ...deal.players.map((p) => el('option', { value: p, text: p })),
  ) as HTMLSelectElement;
  if (r?.declarerName) declarer.value = r.declarerName;
  const game = el(
    'select',
    { name: 'game', 'data-testid': 'facts-game' },
    ...GAMES.map((g) => el('option', { value: g, text: g.toLowerCase() })),
  ) as HTMLSelectElement;
  if (r?.game) game.value = r.game;
  const matadors = el('input', {
    type: 'number',
    name: 'matadors',
    min: -11,
    max: 11,
    value: r?.matadors ?? 1,
    'data-testid': 'facts-matadors',
  }) as HTMLInputElement;
  const bid = el('input', { type: 'number', name: 'bid', min: 18, value: r?.bid ?? 18, 'data-testid': 'facts-bid' }) as HTMLInputElement;
  const points = el('input', {
    type: 'number',
    name: 'points',
    min: 0,
    max: 120,
    value: r?.declarerPoints ?? '',
    'data-testid': 'facts-points',
  }) as HTMLInputElement;
  const schwarz = el('input', { type: 'checkbox', name: 'schwarz', 'data-testid': 'facts-schwarz' }) as HTMLInputElement;
  schwarz.checked = r?.schwarz ?? false;
  const facts = (): Record<string, unknown> => ({
    declarer: declarer.value,
    game: game.value,
    bid: Number(bid.value),
    ...(game.value === 'NULL' ? { nullWon: Number(points.value || 0) === 0 } : { matadors: Number(matadors.value), declarerPoints: Number(points.value) }),
    ...(schwarz.checked ? { schwarz: true } : {}),
  });
  const form = el(
    'div',
    { class: 'inline-form' },
    field(te('declarerLabel'), declarer),
    field(te('gameLabel'), game),
    field(te('matadorsLabel'), matadors),
    field(te('bidLabel'), bid),
    field(te('pointsLabel'), points),
    field(te('schwarzLabel'), schwarz),
  );
  for (const input of [declarer, game, matadors, bid, points, schwarz]) input.addEventListener('change', () => onFacts(facts()));
  return { form, facts };
}

export async function renderArbiter(root: HTMLElement, tournamentId: string): Promise<() => void> {
  clear(root);
  if (!currentToken()) {
    renderSignIn(root, te('arbiterSignIn'), (token) => {
      setToken(token);
      void renderArbiter(root, tournamentId);
    });
    return () => undefined;
  }
  const message = el('p', { role: 'alert', 'data-testid': 'arbiter-message' });
  const list = el('div', { 'data-testid': 'disputes' });
  root.append(el('h2', { text: te('openDisputesOf', { name: tournamentId }) }), message, list);
  const say = (e: unknown) => (message.textContent = e instanceof Error ? e.message : String(e));

  let shown = '';
  const draw = async () => {
    let deals: Deal[];
    try {
      deals = await allDealPages<Deal>(DEALS, { id: tournamentId });
    } catch (e) {
      say(e);
      return;
    }
    clear(list);
    shown = signature(deals);
    const open = deals.filter((d) => d.disputes.some((x) => x.ruling === null));
    if (open.length === 0) list.append(el('p', { 'data-testid': 'no-disputes', text: te('noOpenDisputes') }));
    for (const deal of open) list.append(await disputeCard(deal));
    list.append(correctionCard(deals.filter((d) => d.result && !d.result.passedIn)));
  };

  const preview = (dealId: string, out: HTMLElement) => async (facts: Record<string, unknown> | null) => {
    if (!facts) return;
    try {
      const p = (await graphql<{ previewFacts: { score: number | null } }>(PREVIEW, { dealId, facts })).previewFacts;
      out.textContent = te('previewScore', { score: p.score === null ? '—' : (p.score > 0 ? '+' : '') + p.score });
    } catch (e) {
      out.textContent = (e as Error).message;
    }
  };

  const disputeCard = async (deal: Deal): Promise<HTMLElement> => {
    const contest = deal.disputes.find((x) => x.ruling === null)!;
    type Audit = { intact: boolean; agrees: boolean; chainProblem: string | null };
    let audit: Audit | null = null;
    try {
      audit = (await graphql<{ deal: { audit: Audit | null } }>(AUDIT, { id: deal.id })).deal.audit;
    } catch {
      audit = null;
    }
    const sound = audit !== null && audit.intact && audit.agrees;
    const scored = el('p', { 'data-testid': 'preview-score', 'aria-live': 'polite' });
    const { form, facts } = factsForm(deal, (f) => void preview(deal.id, scored)(f));
    const reason = el('input', { name: 'reason', required: true, 'data-testid': 'ruling-reason' }) as HTMLInputElement;
    const uphold = el('button', { type: 'button', class: 'action', 'data-testid': 'uphold', text: te('uphold') });
    const reject = el('button', { type: 'button', class: 'action', 'data-testid': 'reject', text: te('reject') });
    const rule = async (upheld: boolean) => {
      try {
        await graphql(RULE, {
          commandId: newCommandId('arbiter'),
          input: {
            dealId: deal.id,
            upheld,
            reason: reason.value.trim(),
            contestEventId: contest.contestEventId,
            ...(upheld ? { correction: { facts: facts() } } : {}),
          },
        });
        message.textContent = te('ruled');
        await draw();
      } catch (e) {
        say(e);
      }
    };
    uphold.addEventListener('click', () => void rule(true));
    reject.addEventListener('click', () => void rule(false));
    void preview(deal.id, scored)(facts());
    return el(
      'section',
      { class: 'panel', 'data-testid': `dispute-${deal.id}`, 'aria-label': te('dealOf', { n: deal.dealNumber, table: deal.tableId ?? '' }) },
      el('h3', { text: te('dealOf', { n: deal.dealNumber, table: deal.tableId ?? '' }) }),
      el('p', { 'data-testid': 'contest-reason', text: te('contestedBy', { player: contest.player, reason: contest.reason }) }),
      el('p', {}, el('a', { href: `/?deal=${encodeURIComponent(deal.id)}#step=0`, text: te('replayLink') })),
      el('h4', { text: te('derivation') }),
      el('ul', { class: 'derivation' }, ...(deal.result?.derivation ?? []).map((line) => el('li', { text: line }))),
      el('p', { class: sound ? 'muted' : 'bad' }, sound ? te('auditIntact') : te('auditBroken', { problem: audit?.chainProblem ?? '?' })),
      form,
      scored,
      field(te('rulingReason'), reason),
      uphold,
      ' ',
      reject,
    );
  };

  const correctionCard = (deals: Deal[]): HTMLElement => {
    const pick = el(
      'select',
      { name: 'deal', 'data-testid': 'correct-deal' },
      ...deals.map((d) => el('option', { value: d.id, text: `${d.tableId ?? ''} #${d.dealNumber} (${d.id})` })),
    ) as HTMLSelectElement;
    const holder = el('div');
    const reason = el('input', { name: 'reason', 'data-testid': 'correct-reason' }) as HTMLInputElement;
    const scored = el('p', { 'data-testid': 'correct-preview', 'aria-live': 'polite' });
    let facts: () => Record<string, unknown> = () => ({});
    const show = () => {
      clear(holder);
      const deal = deals.find((d) => d.id === pick.value);
      if (!deal) return;
      const f = factsForm(deal, (x) => void preview(deal.id, scored)(x));
      facts = f.facts;
      holder.append(f.form);
    };
    pick.addEventListener('change', show);
    show();
    const go = el('button', { type: 'button', class: 'action', 'data-testid': 'correct', text: te('correct') });
    go.addEventListener('click', async () => {
      try {
        await graphql(CORRECT, {
          commandId: newCommandId('arbiter'),
          input: { dealId: pick.value, reason: reason.value.trim(), correction: { facts: facts() } },
        });
        message.textContent = te('corrected');
        await draw();
      } catch (e) {
        say(e);
      }
    });
    return el(
      'section',
      { class: 'panel', 'aria-label': te('correctDeal') },
      el('h3', { text: te('correctDeal') }),
      field(te('dealIdLabel'), pick),
      holder,
      scored,
      field(te('rulingReason'), reason),
      go,
    );
  };

  await draw();
  // A contest raised, a ruling or a correction made elsewhere (another arbiter's tab) is announced,
  // not drawn at once: drawing again would wipe facts and a reason being typed.
  const changed = el('p', { role: 'status', class: 'panel', 'data-testid': 'disputes-changed', hidden: true });
  const showNew = el('button', { type: 'button', class: 'action', 'data-testid': 'show-new-disputes', text: te('showNewList') });
  showNew.addEventListener('click', () => {
    changed.hidden = true;
    void draw();
  });
  changed.append(te('disputesChanged'), ' ', showNew);
  list.before(changed);
  const follow = followAndRedraw(
    root,
    [
      {
        query: DISPUTE_UPDATES,
        variables: { id: tournamentId },
        keyOf: (data) => (DISPUTE_EVENTS.has(eventTypeOf(data, 'tournamentUpdates') ?? '') ? 'disputes' : null),
      },
    ],
    () =>
      void (async () => {
        // Announced only when the list would read differently (this tab's own ruling was drawn already).
        try {
          if (signature(await allDealPages<Deal>(DEALS, { id: tournamentId })) !== shown) changed.hidden = false;
        } catch {
          // the next event or poll looks again
        }
      })(),
  );
  return () => follow.close();
}
