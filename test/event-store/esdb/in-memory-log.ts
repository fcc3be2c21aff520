/**
 * The in-memory transaction log behind the EventStoreDB test double (see esdb-test-server.ts).
 * It models what the adapter relies on: one global log with increasing commit/prepare positions,
 * per-stream revisions from 0, the expected-revision check and the server's idempotent re-append
 * (same event ids at the same expected position succeed with the original result, writing nothing).
 * It is a test double, not a database: no persistence, no scavenging, no deletes.
 *
 * Visibility: as on the real server, readers see only committed events (written to a quorum of a
 * cluster). A single node commits at once; a cluster node (cluster.ts) writes or receives events
 * first and commits them when the leader says so, and a node that rejoins drops what it wrote
 * but never committed (truncate), as a deposed leader does.
 */

export interface ProposedEvent {
  readonly id: string;
  readonly type: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly customMetadata: Uint8Array;
}

export interface LoggedEvent extends ProposedEvent {
  readonly streamName: string;
  readonly revision: bigint;
  /** Commit and prepare positions are equal for non-transactional writes, as on the real server. */
  readonly position: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, as the server reports `created`. */
  readonly createdTicks: bigint;
}

export type ExpectedState =
  { readonly kind: 'any' } | { readonly kind: 'noStream' } | { readonly kind: 'streamExists' } | { readonly kind: 'revision'; readonly revision: bigint };

export type AppendOutcome =
  | { readonly kind: 'success'; readonly currentRevision: bigint | undefined; readonly position: bigint | undefined }
  | { readonly kind: 'wrongExpectedVersion'; readonly currentRevision: bigint | undefined; readonly expected: ExpectedState };

type LogListener = (appended: readonly LoggedEvent[]) => void;

export interface InMemoryLogOptions {
  /** Commit every write at once (a single node; default true). */
  readonly autoCommit?: boolean;
}

/** Bytes a record header takes in the log; only makes positions look like byte offsets. */
const RECORD_OVERHEAD = 120n;

function eventSize(event: LoggedEvent): bigint {
  return RECORD_OVERHEAD + BigInt(event.data.length + event.customMetadata.length + event.type.length + event.streamName.length);
}

export class InMemoryLog {
  private readonly all: LoggedEvent[] = [];
  private readonly streams = new Map<string, LoggedEvent[]>();
  private readonly listeners = new Set<LogListener>();
  private nextPosition = 0n;
  private committedCount = 0;
  private readonly autoCommit: boolean;

  constructor(options: InMemoryLogOptions = {}) {
    this.autoCommit = options.autoCommit ?? true;
  }

  /** Every event this node holds, committed or not (tests inspect it; readers use `visibleCount`). */
  get events(): readonly LoggedEvent[] {
    return this.all;
  }

  /** Events readers may see: the first `visibleCount` of `events`. */
  get visibleCount(): number {
    return this.committedCount;
  }

  /** The position the next write gets (the end of the log, a valid position to read from). */
  get endPosition(): bigint {
    return this.nextPosition;
  }

  /** Position of the last visible event; undefined when none is. */
  lastVisiblePosition(): bigint | undefined {
    return this.committedCount === 0 ? undefined : this.all[this.committedCount - 1].position;
  }

  /** How many of a stream's events are visible (they are always its first ones). */
  visibleInStream(events: readonly LoggedEvent[]): number {
    const last = this.lastVisiblePosition();
    let count = events.length;
    while (count > 0 && (last === undefined || events[count - 1].position > last)) count--;
    return count;
  }

  /** Whether `position` is where an event starts (or the end of the log): the real server refuses anything else (InvalidPosition). */
  isEventBoundary(position: bigint): boolean {
    if (position === 0n || position === this.nextPosition) return true;
    let low = 0;
    let high = this.all.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.all[middle].position < position) low = middle + 1;
      else high = middle;
    }
    return low < this.all.length && this.all[low].position === position;
  }

  /** Makes the first `count` events visible and tells listeners of the newly visible ones. */
  commit(count: number): void {
    const target = Math.min(count, this.all.length);
    if (target <= this.committedCount) return;
    const newly = this.all.slice(this.committedCount, target);
    this.committedCount = target;
    for (const listener of [...this.listeners]) listener(newly);
  }

  /** Takes events replicated from the leader, exactly as the leader holds them (same positions). */
  receive(events: readonly LoggedEvent[]): void {
    for (const event of events) {
      const existing = this.streams.get(event.streamName) ?? [];
      existing.push(event);
      this.streams.set(event.streamName, existing);
      this.all.push(event);
      this.nextPosition = event.position + eventSize(event);
    }
  }

  /** Drops every event after the first `count` (uncommitted ones of a deposed leader). */
  truncate(count: number): LoggedEvent[] {
    if (count >= this.all.length) return [];
    const dropped = this.all.splice(count);
    for (const event of dropped) {
      const stream = this.streams.get(event.streamName)!;
      stream.pop();
      if (stream.length === 0) this.streams.delete(event.streamName);
    }
    this.committedCount = Math.min(this.committedCount, count);
    this.nextPosition = count === 0 ? 0n : this.all[count - 1].position + eventSize(this.all[count - 1]);
    return dropped;
  }

  streamEvents(streamName: string): readonly LoggedEvent[] | undefined {
    return this.streams.get(streamName);
  }

  lastPosition(): bigint | undefined {
    return this.lastVisiblePosition();
  }

  /** Open live subscriptions (each listens for appends). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  onAppended(listener: LogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  append(streamName: string, expected: ExpectedState, proposed: readonly ProposedEvent[]): AppendOutcome {
    const existing = this.streams.get(streamName) ?? [];
    const currentRevision = existing.length === 0 ? undefined : BigInt(existing.length - 1);
    const conflict: AppendOutcome = { kind: 'wrongExpectedVersion', currentRevision, expected };

    const startRevision = this.startRevisionFor(expected, existing);
    if (startRevision === 'conflict') return conflict;
    if (startRevision === 'search') {
      const replay = this.findReplay(existing, proposed);
      if (replay === 'partial') return conflict;
      if (replay) return replay;
    } else if (startRevision < BigInt(existing.length)) {
      // The stream moved past the expected position: a retry of the same ids is a no-op, anything else conflicts.
      return this.replayAt(existing, Number(startRevision), proposed) ?? conflict;
    } else if (startRevision > BigInt(existing.length)) {
      return conflict;
    }

    if (proposed.length === 0) return { kind: 'success', currentRevision, position: undefined };
    return this.write(streamName, existing, proposed);
  }

  /** Where the new events must start, or whether the server searches the stream for a replay (`any`). */
  private startRevisionFor(expected: ExpectedState, existing: readonly LoggedEvent[]): bigint | 'search' | 'conflict' {
    switch (expected.kind) {
      case 'noStream':
        return 0n;
      case 'revision':
        return expected.revision + 1n;
      case 'streamExists':
        return existing.length === 0 ? 'conflict' : 'search';
      case 'any':
        return 'search';
    }
  }

  /** With `any`, the server looks up the first id in the stream; a complete match is an idempotent replay. */
  private findReplay(existing: readonly LoggedEvent[], proposed: readonly ProposedEvent[]): AppendOutcome | 'partial' | undefined {
    if (proposed.length === 0) return undefined;
    const first = existing.findIndex((event) => event.id === proposed[0].id);
    if (first < 0) return undefined;
    return this.replayAt(existing, first, proposed) ?? 'partial';
  }

  private replayAt(existing: readonly LoggedEvent[], start: number, proposed: readonly ProposedEvent[]): AppendOutcome | undefined {
    if (proposed.length === 0 || start + proposed.length > existing.length) return undefined;
    const matches = proposed.every((event, index) => existing[start + index].id === event.id);
    if (!matches) return undefined;
    const last = existing[start + proposed.length - 1];
    return { kind: 'success', currentRevision: last.revision, position: last.position };
  }

  private write(streamName: string, existing: LoggedEvent[], proposed: readonly ProposedEvent[]): AppendOutcome {
    const createdTicks = BigInt(Date.now()) * 10_000n;
    const written = proposed.map((event, index): LoggedEvent => {
      const position = this.nextPosition;
      const logged: LoggedEvent = { ...event, streamName, revision: BigInt(existing.length + index), position, createdTicks };
      this.nextPosition += eventSize(logged);
      return logged;
    });
    existing.push(...written);
    this.streams.set(streamName, existing);
    this.all.push(...written);
    if (this.autoCommit) this.commit(this.all.length);
    const last = written[written.length - 1];
    return { kind: 'success', currentRevision: last.revision, position: last.position };
  }
}
