import type { EventStore, RecordedEvent } from '../event-store/event-store';

/** A stream as a command handler needs it: its events, whether it exists, its revision, and its state under one fold. */
export interface FoldedStream<State> {
  readonly exists: boolean;
  readonly currentRevision: bigint;
  readonly events: readonly RecordedEvent[];
  readonly state: State;
}

/** How a stream is folded: the decider's evolve, its initial state and how a recorded event becomes the decider's. */
export interface Fold<Event, State> {
  readonly initialState: State;
  readonly evolve: (state: State, event: Event) => State;
  readonly eventOf: (recorded: RecordedEvent) => Event | null;
}

interface Entry {
  readonly fold: Fold<unknown, unknown>;
  readonly folded: FoldedStream<unknown>;
}

/** Streams kept per store: enough for every table and open deal of a busy evening. */
const STREAMS_KEPT = 512;

/**
 * Streams folded earlier, per store object, so a command on a stream that grew by one event since
 * reads and folds that event only, not the whole stream again. Every use still asks the store: it
 * reads from the last event folded (which must still carry the same id, else the stream is read
 * whole), so another writer's events are folded in and a stream that is not what it was is never
 * trusted. A fold is reused only with the very same evolve, initial state and eventOf (states
 * are immutable, so sharing one between commands is safe).
 */
const byStore = new WeakMap<EventStore, Map<string, Entry>>();

function foldOnto<Event, State>(fold: Fold<Event, State>, state: State, events: readonly RecordedEvent[]): State {
  let s = state;
  for (const recorded of events) {
    const event = fold.eventOf(recorded);
    if (event !== null) s = fold.evolve(s, event);
  }
  return s;
}

/** The stream folded, reading only what was appended since it was last folded this way. */
export async function readFolded<Event, State>(store: EventStore, streamName: string, fold: Fold<Event, State>): Promise<FoldedStream<State>> {
  const streams = byStore.get(store) ?? new Map<string, Entry>();
  byStore.set(store, streams);
  const known = streams.get(streamName);
  const same = known && known.fold.evolve === fold.evolve && known.fold.eventOf === fold.eventOf && known.fold.initialState === fold.initialState;
  let folded: FoldedStream<State> | undefined;
  if (same && known.folded.exists) {
    const before = known.folded as FoldedStream<State>;
    const last = before.events[before.events.length - 1];
    const read = await store.readStream(streamName, { fromRevision: last.revision });
    // The last event folded must be where it was: else (another store behind the same object, a rewrite) read it all.
    if (read.exists && read.events[0]?.eventId === last.eventId && read.currentRevision >= last.revision) {
      const added = read.events.slice(1);
      folded =
        added.length === 0
          ? before
          : { exists: true, currentRevision: read.currentRevision, events: [...before.events, ...added], state: foldOnto(fold, before.state, added) };
    }
  }
  if (!folded) {
    const read = await store.readStream(streamName);
    folded = { exists: read.exists, currentRevision: read.currentRevision, events: read.events, state: foldOnto(fold, fold.initialState, read.events) };
  }
  streams.delete(streamName); // re-inserted last: the map's order is the order of use
  if (folded.exists && folded.events.length > 0) streams.set(streamName, { fold: fold as Fold<unknown, unknown>, folded });
  if (streams.size > STREAMS_KEPT) streams.delete(streams.keys().next().value as string);
  return folded;
}
