import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../src/event-store/event-metadata';
import type { EventStore } from '../../src/event-store/event-store';
import { openEventStore } from '../../src/event-store/store-url';
import { tableNames, type ProjectionDefinition } from '../../src/projections/projection-definition';
import { closeReadModelDb, openReadModelDb, type ReadModelDb } from '../../src/projections/read-model-db';
import { ProjectionRunner } from '../../src/projections/runner';

/** An event as a spec gives it: its stream, type and data (metadata: an event id and whatever the fold reads). */
export interface GivenEvent {
  readonly streamName: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata?: Partial<EventMetadata>;
}

/**
 * Given/when/then for a persisted projection (after Emmett's projection specs), over the real
 * runner, a SQLite store in memory and read models in memory:
 *
 *     await projectionSpec(playerStatsProjection).given(...dealEvents).when(correction).then({ alice: {...}, bob: {...} });
 *
 * The givens are appended and loaded as a start loads empty read models (no row lookups); the
 * `when` events are appended after them and applied as a running ledger applies them (rows looked
 * up, folded, written or deleted). `then` holds the rows of every key the events named (keysOf)
 * and every key it names itself, those without a row left out, to exactly the rows given, and a second load of the whole log from
 * zero into fresh read models must reach the same rows.
 */
export function projectionSpec<Row>(definition: ProjectionDefinition<Row>): ProjectionSpec<Row> {
  const scenario = (given: readonly GivenEvent[], when: readonly GivenEvent[]): Scenario<Row> => ({
    given: (...events) => scenario([...given, ...events], when),
    when: (...events) => scenario(given, [...when, ...events]),
    rows: (...keys) => rowsOf(definition, given, when, keys),
    then: async (expected) => {
      const { live, fromZero } = await rowsOf(definition, given, when, Object.keys(expected));
      expect(live).toEqual(expected);
      expect(fromZero).toEqual(live);
    },
  });
  return scenario([], []);
}

export interface ProjectionSpec<Row> {
  /** The log before: appended and loaded into empty read models. */
  given(...events: GivenEvent[]): Scenario<Row>;
}

export interface Scenario<Row> {
  given(...events: GivenEvent[]): Scenario<Row>;
  /** Appended after the givens and applied to the rows the givens left. */
  when(...events: GivenEvent[]): Scenario<Row>;
  /** The rows (key → row) of every key the events named and of `keys`, as applied live and as loaded from zero. */
  rows(...keys: string[]): Promise<{ live: Record<string, Row>; fromZero: Record<string, Row> }>;
  /** Exactly these rows, live and from zero alike. */
  then(expected: Readonly<Record<string, Row>>): Promise<void>;
}

async function rowsOf<Row>(
  definition: ProjectionDefinition<Row>,
  given: readonly GivenEvent[],
  when: readonly GivenEvent[],
  expectedKeys: readonly string[] = [],
): Promise<{ live: Record<string, Row>; fromZero: Record<string, Row> }> {
  const store = await openEventStore('sqlite::memory:');
  const dbs: ReadModelDb[] = [];
  const open = (): { db: ReadModelDb; runner: ProjectionRunner } => {
    const db = openReadModelDb('sqlite::memory:', [definition as ProjectionDefinition]);
    dbs.push(db);
    return { db, runner: new ProjectionRunner(db, store, [definition as ProjectionDefinition]) };
  };
  try {
    const live = open();
    await append(store, given);
    await live.runner.catchUp(false);
    await append(store, when);
    await live.runner.catchUp(true);
    // The keys the events name without reading rows, and those the expectation names (a projection whose
    // keys follow from its own rows, as the ratings' players from the deal's row, is asked for them).
    const keys = new Set<string>(expectedKeys);
    for await (const event of store.readAll()) if (definition.eventTypes.includes(event.type)) for (const k of definition.keysOf(event)) keys.add(k);
    const fresh = open();
    await fresh.runner.catchUp(false);
    return { live: rowsByKey(definition, live.db, keys), fromZero: rowsByKey(definition, fresh.db, keys) };
  } finally {
    for (const db of dbs) closeReadModelDb(db);
    await store.dispose();
  }
}

function rowsByKey<Row>(definition: ProjectionDefinition<Row>, db: ReadModelDb, keys: ReadonlySet<string>): Record<string, Row> {
  const rows = definition.rows(db, tableNames(definition as ProjectionDefinition));
  const out: Record<string, Row> = {};
  for (const key of [...keys].sort()) {
    const row = rows.get(key);
    if (row !== null) out[key] = row;
  }
  return out;
}

/** Appends the events in order, each stream after what it already holds. */
async function append(store: EventStore, events: readonly GivenEvent[]): Promise<void> {
  for (const e of events) {
    const metadata = { eventId: randomUUID(), ...e.metadata } as EventMetadata;
    await store.appendToStream(e.streamName, [{ type: e.type, data: e.data, metadata }], { expectedRevision: 'any' });
  }
}
