import type { FoldedEvent } from '../kernel/folded-event';
import { initialDealState, type DealState } from './deal-state';
import { isDealEventType, type StoredDealEvent } from './events';
import { evolve } from './evolve';

/** An event the deal's fold takes: one read back from a store (its metadata says when and by whom), or one just decided. */
export type DealFoldEvent = FoldedEvent | StoredDealEvent;

/**
 * A recorded event's view for the fold: its metadata is read only when recordedAt or actorId is
 * (a store may parse metadata on first access, and the fold itself reads neither).
 */
class RecordedDealEvent {
  readonly type: string;
  readonly data: unknown;
  readonly eventId: string | undefined;
  constructor(private readonly recorded: DealFoldEvent & { readonly metadata?: FoldedEvent['metadata'] }) {
    this.type = recorded.type;
    this.data = recorded.data;
    this.eventId = recorded.eventId;
  }
  get recordedAt(): string | undefined {
    const m = this.recorded.metadata;
    return m === undefined ? (this.recorded as StoredDealEvent).recordedAt : m.recordedAt;
  }
  get actorId(): string | undefined {
    const m = this.recorded.metadata;
    return m === undefined ? (this.recorded as StoredDealEvent).actorId : m.actorId;
  }
}

/**
 * A recorded deal event as the deal's evolve reads it (its id, when and by whom it was recorded);
 * a decided one as it is. Told apart by the metadata key: reading its value would parse it.
 */
export const storedDealEvent = (e: DealFoldEvent): StoredDealEvent =>
  'metadata' in e ? (new RecordedDealEvent(e) as unknown as StoredDealEvent) : (e as StoredDealEvent);

/** One recorded event more of a deal's stream: folded when it is a deal event, else the state as it was. */
export function dealStateAfter(state: DealState, event: DealFoldEvent): DealState {
  return isDealEventType(event.type) ? evolve(state, storedDealEvent(event)) : state;
}

/**
 * The one fold of a deal's events: a recorded deal stream, a recording, the deal part of a branch,
 * or events just decided (an import, a branch move, a batch of commands). Its deal events in order
 * from `from` (a new deal when left out), any other event skipped.
 */
export function foldDealStream(events: Iterable<DealFoldEvent>, from: DealState = initialDealState): DealState {
  let state = from;
  for (const event of events) state = dealStateAfter(state, event);
  return state;
}

/** A recorded event as the deal decider's fold takes it: a deal event, or null for any other (an import's provenance record). */
export const dealEventOf = (e: FoldedEvent): StoredDealEvent | null => (isDealEventType(e.type) ? storedDealEvent(e) : null);
