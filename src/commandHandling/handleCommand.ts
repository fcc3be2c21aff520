import { ConcurrencyError } from '../eventStore/errors';
import type { EventMetadata } from '../eventStore/eventMetadata';
import type { EventStore, NewEvent, RecordedEvent } from '../eventStore/eventStore';
import type { Decider } from '../rules/decider';
import { IllegalCommandError } from './errors';
import type { CommandContext, CommandOutcome } from './commandTypes';
import { eventIdFor } from '../eventStore/eventIds';

/** How many times a command without an expected revision is re-decided after a conflict. */
export const MAX_RETRIES = 5;

/** How one kind of stream is handled: its schema version, and what the decider needs beyond the command. */
export interface StreamOptions<Event, State> {
  readonly schemaVersion: string;
  readonly now?: () => string;
  /** The error for a command that needs the stream to exist and finds none (else it starts one). */
  readonly requireExisting?: () => Error;
  /** The decider's event of a recorded one, or null for an event the decider does not fold (default: as recorded). */
  readonly eventOf?: (recorded: RecordedEvent) => Event | null;
  /** Extra metadata, e.g. the rules version the events were decided under. */
  readonly metadataFor?: (state: State, events: readonly Event[]) => Partial<Record<string, string>>;
}

/** The metadata every event of a command carries (a flat string map). */
export function commandMetadata(
  ctx: CommandContext,
  index: number,
  now: string,
  schemaVersion: string,
  extra: Partial<Record<string, string>> = {},
): EventMetadata {
  const meta: Record<string, string> = {
    eventId: eventIdFor(ctx.commandId, index),
    commandId: ctx.commandId,
    actorId: ctx.actorId,
    source: ctx.source ?? 'live',
    recordedAt: now,
    schemaVersion,
    $correlationId: ctx.correlationId ?? ctx.commandId,
    $causationId: ctx.causationId ?? ctx.commandId,
  };
  if (ctx.occurredAt) meta.occurredAt = ctx.occurredAt;
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) meta[k] = v;
  return meta as EventMetadata;
}

function alreadyApplied(streamName: string, events: readonly RecordedEvent[], commandId: string, currentRevision: bigint): CommandOutcome | null {
  const mine = events.filter((e) => e.metadata.commandId === commandId);
  if (mine.length === 0) return null;
  return {
    streamName,
    events: mine.map((e) => ({ eventId: e.eventId, type: e.type, revision: e.revision.toString() })),
    nextExpectedRevision: currentRevision,
    alreadyApplied: true,
  };
}

/**
 * The one command handler: load a stream, fold it with the decider, decide the command, append
 * with the expected revision. A client that named its expected revision gets a ConcurrencyError
 * on conflict; otherwise the command is re-decided against the latest state up to MAX_RETRIES
 * times. A commandId already in the stream is not recorded again.
 */
export async function handleCommand<Command, Event extends { type: string; data: unknown }, State>(
  store: EventStore,
  streamName: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  ctx: CommandContext,
  options: StreamOptions<Event, State>,
): Promise<CommandOutcome & { state: State }> {
  const now = options.now ?? (() => new Date().toISOString());
  const eventOf = options.eventOf ?? ((e: RecordedEvent) => e as unknown as Event);
  const fold = (events: readonly RecordedEvent[]): State =>
    events.reduce((state, recorded) => {
      const event = eventOf(recorded);
      return event === null ? state : decider.evolve(state, event);
    }, decider.initialState);
  for (let attempt = 0; ; attempt++) {
    const read = await store.readStream(streamName);
    const state = fold(read.events);
    const seen = alreadyApplied(streamName, read.events, ctx.commandId, read.currentRevision);
    if (seen) return { ...seen, state };
    if (!read.exists && options.requireExisting) throw options.requireExisting();
    if (ctx.expectedRevision !== undefined && ctx.expectedRevision !== read.currentRevision)
      throw new ConcurrencyError(streamName, ctx.expectedRevision.toString(), read.currentRevision.toString());
    const decided = decider.decide(command, state);
    if (!decided.ok) throw new IllegalCommandError(decided.refusal.ruleId, decided.refusal.reason);
    const recordedAt = now();
    const extra = options.metadataFor?.(state, decided.value) ?? {};
    const events: NewEvent[] = decided.value.map((e, i) => ({
      type: e.type,
      data: e.data,
      metadata: commandMetadata(ctx, i, recordedAt, options.schemaVersion, extra),
    }));
    if (events.length === 0) return { streamName, events: [], nextExpectedRevision: read.currentRevision, alreadyApplied: false, state };
    const expected = ctx.expectedRevision ?? (read.exists ? read.currentRevision : 'noStream');
    try {
      const appended = await store.appendToStream(streamName, events, { expectedRevision: expected });
      const first = appended.nextExpectedRevision - BigInt(events.length) + 1n;
      return {
        streamName,
        events: events.map((e, i) => ({ eventId: e.metadata.eventId, type: e.type, revision: (first + BigInt(i)).toString() })),
        nextExpectedRevision: appended.nextExpectedRevision,
        alreadyApplied: false,
        state,
      };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      // A concurrent retry of this very command may have won the race: that is success.
      const again = await store.readStream(streamName);
      const won = alreadyApplied(streamName, again.events, ctx.commandId, again.currentRevision);
      if (won) return { ...won, state: fold(again.events) };
      if (ctx.expectedRevision !== undefined || attempt >= MAX_RETRIES) throw error;
    }
  }
}
