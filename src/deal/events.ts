import { CORE_DEAL_EVENT_TYPES, type CoreDealEvent } from './core-events';
import { MOVE_EVENT_TYPES, type MoveDealEvent } from './moves/move-table';

export * from './core-events';

/** A deal event as the decider produces it (no metadata yet): one no move records, or one of a move of the table. */
export type DealEvent = CoreDealEvent | MoveDealEvent;

/** Every event type of a deal stream (`deal-<dealId>`): those no move records, then those of the table of moves. */
export type DealEventType = DealEvent['type'];
export const DEAL_EVENT_TYPES: readonly DealEventType[] = [...CORE_DEAL_EVENT_TYPES.slice(0, 2), ...MOVE_EVENT_TYPES, ...CORE_DEAL_EVENT_TYPES.slice(2)];

/** The fair-dealing events: no step of play (they make no replay frame). */
export const FAIRNESS_EVENT_TYPES: readonly DealEventType[] = ['ShuffleCommitted', 'ClientSeedAdded', 'ServerSeedRevealed', 'ServerSeedLost'];

/** A deal event as evolve sees it: with the id it was stored under, when known. */
export type StoredDealEvent = DealEvent & { readonly eventId?: string; readonly recordedAt?: string; readonly actorId?: string };

const DEAL_EVENT_TYPE_SET: ReadonlySet<string> = new Set(DEAL_EVENT_TYPES);
export function isDealEventType(type: string): type is DealEventType {
  return DEAL_EVENT_TYPE_SET.has(type);
}

export const dealStreamName = (dealId: string): string => `deal-${dealId}`;
export const DEAL_STREAM_PREFIX = 'deal-';

/**
 * Where the server seed of a fairly dealt deal is kept until it is revealed: a stream no API path,
 * export or subscription serves (not `deal-`, so no deal listing finds it either).
 */
export const seedStreamName = (dealId: string): string => `dealseed-${dealId}`;
export const SEED_STREAM_PREFIX = 'dealseed-';

/** Where the cards of a result-only deal are recorded until they reproduce its result (attempts one after another, each from DealStarted). */
export const upgradeStreamName = (dealId: string): string => `upgrade-${dealId}`;
