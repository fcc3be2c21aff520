import { ConcurrencyError } from '../event-store/errors';
import type { EventMetadata } from '../event-store/event-metadata';
import type { AppendBatch, AppendResult, EventStore, NewEvent, RecordedEvent } from '../event-store/event-store';
import type { Decider } from '../kernel/decider';
import { IllegalCommandError } from '../kernel/errors';
import type { CommandContext, CommandOutcome } from './command-types';
import { eventIdFor, streamEventIdFor } from '../event-store/event-ids';
import { IMPORT_COMMAND_PREFIX } from './import-command-prefix';
import { readFolded, type FoldedStream } from './folded-streams';

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

/** A recorded event as the decider's own (the default eventOf; one function, so folds made with it are recognised again). */
const asRecorded = (recorded: RecordedEvent): unknown => recorded;

/**
 * The id of a command's `index`-th event: scoped to the stream it is recorded on when the stream
 * is named (live commands: a command id is unique per stream, not per store); an import's
 * (`import:*`) and an unnamed stream's ids are the command's own, as they always were.
 */
export function commandEventId(commandId: string, index: number, streamName?: string): string {
  if (streamName === undefined || commandId.startsWith(IMPORT_COMMAND_PREFIX)) return eventIdFor(commandId, index);
  return streamEventIdFor(streamName, commandId, index);
}

/** The metadata every event of a command carries (a flat string map); `streamName` scopes its id (commandEventId). */
export function commandMetadata(
  ctx: CommandContext,
  index: number,
  now: string,
  schemaVersion: string,
  extra: Partial<Record<string, string>> = {},
  streamName?: string,
): EventMetadata {
  const meta: Record<string, string> = {
    eventId: commandEventId(ctx.commandId, index, streamName),
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

/** What one command would record on its stream, decided but not yet appended. */
export interface PlannedAppend<State> {
  readonly kind: 'append';
  readonly streamName: string;
  /** The stream as the command was decided on it (before its events). */
  readonly state: State;
  /** The stream's events as read for the decision. */
  readonly recorded: readonly RecordedEvent[];
  readonly batch: AppendBatch;
}

/** A command that records nothing: already applied (same commandId), or deciding no events. */
export interface PlannedNothing<State> {
  readonly kind: 'done';
  readonly outcome: CommandOutcome & { state: State };
  /** The stream's events as read (an applied command's among them). */
  readonly recorded: readonly RecordedEvent[];
}

export type CommandPlan<State> = PlannedAppend<State> | PlannedNothing<State>;

/** The stream folded as planCommand folds it for this decider (so the fold is shared: reading it first costs the plan nothing more). */
export function readStreamFolded<Event, State>(
  store: EventStore,
  streamName: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  options: Pick<StreamOptions<Event, State>, 'eventOf'> = {},
): Promise<FoldedStream<State>> {
  const eventOf = (options.eventOf ?? asRecorded) as (recorded: RecordedEvent) => Event | null;
  return readFolded(store, streamName, { initialState: decider.initialState, evolve: decider.evolve, eventOf });
}

/**
 * Reads the stream, folds it with the decider and decides the command, without appending: the
 * events it would record with the expectation they need (or nothing, for a command already applied).
 * Refusals throw (IllegalCommandError, NotFound via requireExisting, ConcurrencyError for a named
 * expected revision that does not hold), so a refused command never reaches an append.
 */
export async function planCommand<Command, Event extends { type: string; data: unknown }, State>(
  store: EventStore,
  streamName: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  ctx: CommandContext,
  options: StreamOptions<Event, State>,
): Promise<CommandPlan<State>> {
  const now = options.now ?? (() => new Date().toISOString());
  const read = await readStreamFolded(store, streamName, decider, options);
  const state = read.state;
  const seen = alreadyApplied(streamName, read.events, ctx.commandId, read.currentRevision);
  if (seen) return { kind: 'done', outcome: { ...seen, state }, recorded: read.events };
  if (!read.exists && options.requireExisting) throw options.requireExisting();
  if (ctx.expectedRevision !== undefined && ctx.expectedRevision !== read.currentRevision)
    throw new ConcurrencyError(streamName, ctx.expectedRevision.toString(), read.currentRevision.toString());
  const decided = decider.decide(command, state);
  if (!decided.ok) throw new IllegalCommandError(decided.refusal.ruleId, decided.refusal.reason);
  if (decided.value.length === 0)
    return {
      kind: 'done',
      outcome: { streamName, events: [], nextExpectedRevision: read.currentRevision, alreadyApplied: false, state },
      recorded: read.events,
    };
  const recordedAt = now();
  const extra = options.metadataFor?.(state, decided.value) ?? {};
  const events: NewEvent[] = decided.value.map((e, i) => ({
    type: e.type,
    data: e.data,
    metadata: commandMetadata(ctx, i, recordedAt, options.schemaVersion, extra, streamName),
  }));
  const expectedRevision = ctx.expectedRevision ?? (read.exists ? read.currentRevision : 'noStream');
  return { kind: 'append', streamName, state, recorded: read.events, batch: { streamName, events, expectedRevision } };
}

/** The outcome of a planned append once the store took it. */
export function appendedOutcome<State>(plan: PlannedAppend<State>, appended: AppendResult): CommandOutcome & { state: State } {
  const events = plan.batch.events;
  const first = appended.nextExpectedRevision - BigInt(events.length) + 1n;
  return {
    streamName: plan.streamName,
    events: events.map((e, i) => ({ eventId: e.metadata.eventId, type: e.type, revision: (first + BigInt(i)).toString() })),
    nextExpectedRevision: appended.nextExpectedRevision,
    alreadyApplied: false,
    state: plan.state,
  };
}

/**
 * Runs `attempt` (plan, then append) again after a ConcurrencyError: up to MAX_RETRIES times, or
 * once when the client named its expected revision. Each attempt plans afresh, so a concurrent
 * retry of this very command that won the race is found as already applied, and a named expected
 * revision that no longer holds is refused by the plan itself.
 */
export async function retryOnConflict<T>(ctx: CommandContext, attempt: () => Promise<T>): Promise<T> {
  const retries = ctx.expectedRevision === undefined ? MAX_RETRIES : 1;
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || n >= retries) throw error;
    }
  }
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
  return retryOnConflict(ctx, async () => {
    const plan = await planCommand(store, streamName, decider, command, ctx, options);
    if (plan.kind === 'done') return plan.outcome;
    return appendedOutcome(plan, await store.appendToStream(streamName, plan.batch.events, { expectedRevision: plan.batch.expectedRevision }));
  });
}
