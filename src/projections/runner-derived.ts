import { checkpointVersion, tableNames, type ProjectionDefinition } from './projection-definition';
import { createProjectionIndexes, dropProjectionIndexes, REBUILD_CHECKPOINT_TABLE, CHECKPOINT_TABLE, type ReadModelDb } from './read-model-db';

// The runner's helpers beside its batches: a load from zero of projections derived from another (ProjectionDefinition.derivedFrom): the
// runner loads the others from the log first, then each derived one from its source's rows, and
// gives it the source's checkpoint (they read the same event types, so the same events).

/** Of the projections loading from zero (`empty`), those whose source loads with them. */
export function derivedOf(projections: readonly ProjectionDefinition[], empty: readonly number[]): Set<number> {
  const loading = new Set(empty.map((i) => projections[i].name));
  return new Set(empty.filter((i) => projections[i].derivedFrom !== undefined && loading.has(projections[i].derivedFrom!.source)));
}

/** The projections other than the derived ones, and which of them load from zero (their indices among them). */
export function othersOf(projections: readonly ProjectionDefinition[], derived: ReadonlySet<number>, empty: readonly number[]) {
  const keep = projections.flatMap((_, i) => (derived.has(i) ? [] : [i]));
  return { projections: keep.map((i) => projections[i]), empty: keep.flatMap((i, j) => (empty.includes(i) ? [j] : [])) };
}

/** Fills each derived projection from its source's rows (already loaded) and writes it the source's checkpoint. */
export async function loadDerived(
  db: ReadModelDb,
  projections: readonly ProjectionDefinition[],
  derived: ReadonlySet<number>,
  rebuild: boolean,
): Promise<void> {
  const checkpoints = rebuild ? REBUILD_CHECKPOINT_TABLE : CHECKPOINT_TABLE;
  for (const i of derived) {
    const p = projections[i];
    const source = projections.find((s) => s.name === p.derivedFrom!.source)!;
    dropProjectionIndexes(db, p, rebuild);
    try {
      const loaded = await p.derivedFrom!.load(db, tableNames(source, rebuild), tableNames(p, rebuild));
      db.transaction(() => {
        loaded.write(p.rows(db, tableNames(p, rebuild)));
        const at = db.prepare(`SELECT position, events FROM ${checkpoints} WHERE projection = ?`).get(source.name) as
          { position: string | null; events: number } | undefined;
        db.prepare(`INSERT OR REPLACE INTO ${checkpoints} (projection, version, tables, position, events) VALUES (?, ?, ?, ?, ?)`).run(
          p.name,
          checkpointVersion(p),
          JSON.stringify(Object.values(tableNames(p))),
          at?.position ?? null,
          at?.events ?? 0,
        );
      })();
    } finally {
      createProjectionIndexes(db, p, rebuild);
    }
  }
}

/** Rows of each projection's first table (the runner's rowCounts). */
export function rowCountsOf(db: ReadModelDb, projections: readonly ProjectionDefinition[]): Record<string, number> {
  return Object.fromEntries(
    projections.map((p) => [
      p.name,
      db
        .prepare(`SELECT COUNT(*) FROM ${tableNames(p)[p.tables[0].name]}`)
        .pluck()
        .get() as number,
    ]),
  );
}
