/**
 * What a read or subscription of `$all` lets through: no system events (`$` streams and types:
 * stats, users, and the `$ce-`/`$et-`/`$streams` links that RunProjections System or All write),
 * then the caller's stream prefixes and event types. The server filters on one attribute; the
 * client checks the other.
 */
import { eventTypeFilter, excludeSystemEvents, streamNameFilter, type Filter, type Position, type ResolvedEvent } from '@eventstore/db-client';

export type ClientEvent = NonNullable<ResolvedEvent['event']>;

export function isSystem(event: ClientEvent): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}

export interface EventFilter {
  readonly streamPrefixes?: readonly string[];
  readonly eventTypes?: readonly string[];
}

export function matches(event: ClientEvent, filter: EventFilter): boolean {
  if (isSystem(event)) return false;
  if (filter.streamPrefixes?.length && !filter.streamPrefixes.some((prefix) => event.streamId.startsWith(prefix))) return false;
  if (filter.eventTypes?.length && !filter.eventTypes.includes(event.type)) return false;
  return true;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The server-side filter of a subscription. The server filters on one attribute: exact event types
 * when given (the narrower as a rule: a projection's types, one type per deal), else stream
 * prefixes, else no system events; the other attribute is checked on the client.
 */
export function serverFilter(filter: EventFilter, checkpointReached: (position: Position) => void, checkpointInterval = 1): Filter {
  const onCheckpoint = { checkpointInterval, checkpointReached: (_subscription: unknown, position: Position) => checkpointReached(position) };
  if (filter.eventTypes?.length) return eventTypeFilter({ regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$`, ...onCheckpoint });
  if (filter.streamPrefixes?.length) return streamNameFilter({ prefixes: [...filter.streamPrefixes], ...onCheckpoint });
  return excludeSystemEvents(onCheckpoint);
}
