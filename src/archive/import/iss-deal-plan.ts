import type { Card } from '../../rules/card';
import type { DealCommand, StartDeal } from '../../deal/commands';
import type { IssRecord, IssToken } from '../../format/iss/iss-record';
import { declarationOfToken } from '../../format/iss/iss-moves';
import { issHeaderProblem, issTimeToIso } from '../../format/iss/judge-iss-line';

export { issTimeToIso } from '../../format/iss/judge-iss-line';

/** Rule profile of imported ISS deals (D4: ISkO plus D3 claims and resignations). */
export const ISS_PROFILE_ID = 'iss';

export const issDealId = (recordId: string): string => `iss-${recordId}`;
export const issTableId = (series: string): string => `iss-series-${series}`;

/** One command of the deal, and the move token(s) it came from. */
export interface PlanStep {
  readonly tokenIndex: number;
  /** null: the token stands for nothing the engine can replay (a `??` card). */
  readonly command: DealCommand | null;
  readonly why?: string;
}

export interface IssDealPlan {
  readonly recordId: string;
  readonly dealId: string;
  readonly tableId: string | null;
  readonly series: string | null;
  readonly players: readonly [string, string, string];
  readonly startedAt: string;
  readonly start: StartDeal;
  readonly steps: readonly PlanStep[];
  /** Index in `steps` of the record's time-out or departure, or -1. */
  readonly abandonStep: number;
}

export type PlanResult = { readonly ok: true; readonly plan: IssDealPlan } | { readonly ok: false; readonly reason: string };

/**
 * Maps a parsed record to the commands of one deal (the same commands a live table sends), in
 * the order the engine takes them. The declaration split in two tokens (`0 G` then `0 SK.S7`)
 * becomes discard then declare, as in the one-token form.
 */
export function planIssDeal(record: IssRecord): PlanResult {
  const field = (key: string): string | undefined => record.header.find((h) => h.key === key)?.value;
  // The header rules of the shared judgement (judgeIssLine), so import and verify refuse alike.
  const problem = issHeaderProblem(record);
  if (problem) return fail(problem);
  const recordId = field('ID') as string;
  const startedAt = issTimeToIso(field('DT') as string) as string;
  const players = [field('P0'), field('P1'), field('P2')] as [string, string, string];
  const series = field('SE') ?? null;
  const dealId = issDealId(recordId);
  const tableId = series === null ? null : issTableId(series);

  const first = record.moves[0];
  const dealt = first ? dealtCards(first) : null;
  if (!dealt) return fail('the move list must start with the deal (w C1.C2....C32, every card known)');
  const start: StartDeal = {
    type: 'StartDeal',
    dealId,
    tableId,
    dealer: players[2], // R2: at a three-player table rearhand deals
    players,
    profileId: ISS_PROFILE_ID,
    cards: { kind: 'given', hands: dealt.hands, skat: dealt.skat },
    startedAt,
  };

  const steps: PlanStep[] = [];
  let abandonStep = -1;
  const moves = record.moves;
  for (let i = 1; i < moves.length; i++) {
    const t = moves[i];
    const step = (command: DealCommand | null, why?: string) => steps.push(why ? { tokenIndex: i, command, why } : { tokenIndex: i, command });
    switch (t.kind) {
      case 'deal':
      case 'liveDeal':
        return fail(`move ${i + 1}: a second deal inside one record`);
      case 'bid':
        step({ type: 'CallBid', dealId, seat: t.seat, value: t.value });
        break;
      case 'hold':
        step({ type: 'HoldBid', dealId, seat: t.seat });
        break;
      case 'pass':
        step({ type: 'PassBid', dealId, seat: t.seat });
        break;
      case 'pickUp':
        step({ type: 'TakeSkat', dealId, seat: t.seat });
        break;
      case 'skatShown':
        // The server shows the skat it dealt; SkatTaken carries it. A different skat is a broken record.
        if (t.cards[0] !== null && t.cards[1] !== null && !(dealt.skat.includes(t.cards[0]) && dealt.skat.includes(t.cards[1]) && t.cards[0] !== t.cards[1])) {
          return fail(`move ${i + 1}: the skat shown (${t.cards.join('.')}) is not the skat dealt (${dealt.skat.join('.')})`);
        }
        break;
      case 'declare': {
        const declaration = declarationOfToken(t);
        let discards = t.discards;
        const next = moves[i + 1];
        if (!discards && !declaration.hand && next?.kind === 'discard' && next.seat === t.seat) {
          discards = next.cards;
          i++; // the discards of the split form are consumed with the declaration
        }
        if (discards) step({ type: 'DiscardSkat', dealId, seat: t.seat, cards: discards });
        step({ type: 'DeclareGame', dealId, seat: t.seat, declaration });
        break;
      }
      case 'discard':
        step({ type: 'DiscardSkat', dealId, seat: t.seat, cards: t.cards });
        break;
      case 'play':
        if (t.card === null) step(null, `seat ${t.seat} played an unknown card (??)`);
        else step({ type: 'PlayCard', dealId, seat: t.seat, card: t.card });
        break;
      case 'showCards':
        step({ type: 'ShowCards', dealId, seat: t.seat });
        break;
      case 'resign':
        step({ type: 'Resign', dealId, seat: t.seat });
        break;
      case 'timeout':
      case 'left':
        if (abandonStep >= 0) return fail(`move ${i + 1}: a second time-out or departure`);
        abandonStep = steps.length;
        step({
          type: 'AbandonDeal',
          dealId,
          reason: t.kind,
          seat: t.seat,
          note: t.kind === 'timeout' ? `seat ${t.seat} ran out of time (ISS w TI.${t.seat})` : `seat ${t.seat} left the table (ISS w LE.${t.seat})`,
        });
        break;
    }
  }
  return { ok: true, plan: { recordId, dealId, tableId, series, players, startedAt, start, steps, abandonStep } };
}

function dealtCards(t: IssToken): { hands: [Card[], Card[], Card[]]; skat: [Card, Card] } | null {
  let cards: readonly (Card | null)[];
  if (t.kind === 'deal') cards = t.cards;
  else if (t.kind === 'liveDeal') cards = [...t.hands[0], ...t.hands[1], ...t.hands[2], ...t.skat];
  else return null;
  if (cards.length !== 32 || cards.some((c) => c === null)) return null;
  const known = cards as Card[];
  return { hands: [known.slice(0, 10), known.slice(10, 20), known.slice(20, 30)], skat: [known[30], known[31]] };
}

function fail(reason: string): PlanResult {
  return { ok: false, reason };
}
