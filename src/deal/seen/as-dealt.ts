import { initialDealState, type DealState } from '../deal-state';
import { isDealEventType, type DealEvent, type HandsRevealedData, type StoredDealEvent } from '../events';
import { dealStateAfter } from '../deal-stream';
import { evolve } from '../evolve';
import { idAndMetadataOf, withoutWithdrawn } from '../withdrawals';
import { seenMoveOfEvent } from './seen-move-of-event';
import { dealtTwin } from './seen-twin';
import { twinDecider } from './twin-decider';

type Recorded = { readonly type: string; readonly data: unknown; readonly eventId?: string };

/**
 * A complete deal recorded as seen, as the same deal recorded with its hands dealt: DealStarted,
 * CardsDealt (the hands revealed), the moves as the dealt deal records them (the skat in SkatTaken,
 * the discard as SkatDiscarded), its DealScored; the showing events and HandsRevealed left out,
 * and after a revoke (R20) nothing of the play that followed it. Each event keeps the id and
 * metadata of the event it stands for (a second event from one gets `<id>/<n>`). Replay frames and
 * the ISS export read a deal through this, so a seen deal and its dealt twin give the same output.
 * Any other deal (dealt, result-only, a seen deal still open) comes back unchanged.
 */
export function asDealt<E extends Recorded>(
  recorded: readonly E[],
  toStored: (e: E) => StoredDealEvent = (e) => e as unknown as StoredDealEvent,
): readonly E[] {
  const revealedAt = recorded.findIndex((e) => e.type === 'HandsRevealed');
  if (revealedAt < 0 || !recorded.some((e) => e.type === 'DealRecordedAsSeen')) return recorded;
  const events = withoutWithdrawn(recorded);
  let state: DealState = initialDealState;
  const moveEvents: E[] = [];
  let revealed: HandsRevealedData | null = null;
  for (const e of events) {
    if (!isDealEventType(e.type)) continue;
    if (e.type === 'HandsRevealed') {
      revealed = e.data as HandsRevealedData;
      break;
    }
    const stored = toStored(e);
    if (state.seen && seenMoveOfEvent(stored)) moveEvents.push(e);
    state = dealStateAfter(state, stored);
  }
  if (!revealed || !state.seen || !state.started) return recorded;
  const twin = dealtTwin(state.started, state.seen, revealed, twinDecider(evolve));
  if (!twin.ok) throw new Error(`deal ${state.started.dealId}: the revealed hands are refused: ${twin.refusal.ruleId} ${twin.refusal.reason}`);
  const bySource = new Map<number, DealEvent[]>();
  for (const t of twin.value.events) bySource.set(t.source, [...(bySource.get(t.source) ?? []), t.event]);
  const log = state.seen.log.length;
  const as = (source: E, made: readonly DealEvent[]): E[] =>
    made.map((d, i) => ({
      ...source,
      ...idAndMetadataOf(source),
      type: d.type,
      data: d.data,
      ...(source.eventId !== undefined && i > 0 ? { eventId: `${source.eventId}/${i}` } : {}),
    }));
  const out: E[] = [];
  let scored = false;
  for (const e of events) {
    // The twin's own DealStarted is the seen deal's: its CardsDealt stands in for DealRecordedAsSeen.
    if (e.type === 'DealRecordedAsSeen')
      out.push(
        ...as(
          e,
          (bySource.get(-1) ?? []).filter((d) => d.type !== 'DealStarted'),
        ),
      );
    else if (e.type === 'HandsRevealed') continue;
    else if (e.type === 'DealScored' && !scored) {
      scored = true;
      out.push(...as(e, bySource.get(log) ?? []));
    } else {
      const i = moveEvents.indexOf(e);
      if (i >= 0) out.push(...as(e, bySource.get(i) ?? []));
      else out.push(e);
    }
  }
  return out;
}
