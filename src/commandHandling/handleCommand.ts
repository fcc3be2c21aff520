import { ConcurrencyError } from '../eventStore/errors';
import type { EventMetadata } from '../eventStore/eventMetadata';
import type { EventStore, NewEvent, RecordedEvent } from '../eventStore/eventStore';
import type { Judgement } from '../rules/refusal';
import { IllegalCommandError } from './errors';
import type { CommandContext, CommandOutcome } from './commandTypes';
import { eventIdFor } from '../eventStore/eventIds';

/** How many times a command without an expected revision is re-decided after a conflict. */
export const MAX_RETRIES = 5;

export interface Decider<State, Event extends { type: string; data: unknown }> {
  readonly initial: State;
  readonly evolve: (state: State, event: RecordedEvent) => State;
  readonly decide: (state: State) => Judgement<Event[]>;
  /** Extra metadata, e.g. the rules version the events were decided under. */
  readonly metadataFor?: (state: State, events: readonly Event[]) => Partial<Record<string, string>>;
}

/** The metadata every event of a command carries (a flat string map). */
export function commandMetadata(ctx: CommandContext, index: number, now: string, schemaVersion: string, extra: Partial<Record<string, string>> = {}): EventMetadata {
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
 * Load a stream, fold it, decide, append with the expected revision. A client that named its
 * expected revision gets a ConcurrencyError on conflict; otherwise the command is re-decided
 * against the latest state up to MAX_RETRIES times. A commandId already in the stream is not
 * recorded again.
 */
export async function handleCommand<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamName: string,
  decider: Decider<State, Event>,
  ctx: CommandContext,
  options: { schemaVersion: string; now?: () => string; requireExisting?: () => Error } ,
): Promise<CommandOutcome & { state: State }> {
  const now = options.now ?? (() => new Date().toISOString());
  for (let attempt = 0; ; attempt++) {
    const read = await store.readStream(streamName);
    const state = read.events.reduce(decider.evolve, decider.initial);
    const seen = alreadyApplied(streamName, read.events, ctx.commandId, read.currentRevision);
    if (seen) return { ...seen, state };
    if (!read.exists && options.requireExisting) throw options.requireExisting();
    if (ctx.expectedRevision !== undefined && ctx.expectedRevision !== read.currentRevision)
      throw new ConcurrencyError(streamName, ctx.expectedRevision.toString(), read.currentRevision.toString());
    const decided = decider.decide(state);
    if (!decided.ok) throw new IllegalCommandError(decided.refusal.ruleId, decided.refusal.reason);
    const recordedAt = now();
    const extra = decider.metadataFor?.(state, decided.value) ?? {};
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
      if (won) return { ...won, state: again.events.reduce(decider.evolve, decider.initial) };
      if (ctx.expectedRevision !== undefined || attempt >= MAX_RETRIES) throw error;
    }
  }
}
