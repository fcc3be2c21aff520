import type { RecordedEvent } from '../event-store/event-store';
import type { ProjectionDefinition, ProjectionRows } from './projection-definition';

// The runner's working parts (src/projections/runner.ts): a projection as it drives it, the rows a
// batch touches, and where a projection's rows reach.

/**
 * Events per transaction. Small batches keep few rows alive between writes, so fewer survive into
 * V8's old generation: over 100,000 deals 1000 cost ~8% less CPU than 5000.
 */
export const BATCH = 1000;

/** The event types these projections read. */
export function eventTypesOf(projections: readonly ProjectionDefinition[]): string[] {
  return [...new Set(projections.flatMap((p) => p.eventTypes))];
}

/** Events per transaction for a group: while all of it loads from zero, the largest batch any of its projections asks for then. */
export function batchLimit(group: readonly Slot[]): number {
  return group.every((s) => s.fromZero) ? Math.max(BATCH, ...group.map((s) => s.definition.batchFromZero ?? BATCH)) : BATCH;
}

/** Where a projection's rows reach: after this position of the log, and how many of its events they hold. */
export interface Checkpoint {
  readonly position: string | undefined;
  readonly events: number;
}

/** A registered projection as this runner drives it. */
export interface Slot {
  readonly definition: ProjectionDefinition;
  readonly rows: ProjectionRows<unknown>;
  /** The tables' names as its checkpoint row records them (the live names, also while a rebuild fills others). */
  readonly tables: string;
  /** During a load from zero no row can exist before its stream's first event, so no lookup is needed. */
  fromZero: boolean;
}

/** A row the batch deletes, with the row it was (for the views it changes). */
export class Deleted {
  constructor(readonly was: unknown) {}
}

/** Rows touched since the last write (a Deleted: to be deleted) per projection of the batch, and the events folded into them. */
export interface Batch {
  readonly rows: Map<number, Map<string, unknown>>;
  /** Each touched row as the tables held it before the batch (null: none). */
  readonly stored: Map<number, Map<string, unknown>>;
  readonly counts: Map<number, number>;
  events: number;
  position: string;
  first: RecordedEvent | undefined;
  last: RecordedEvent | undefined;
}

/** Another writer moved a checkpoint of these tables (a rebuild swapped in, another process caught up): start again from it. */
export class CheckpointMovedError extends Error {}

export const emptyBatch = (): Batch => ({ rows: new Map(), stored: new Map(), counts: new Map(), events: 0, position: '', first: undefined, last: undefined });
