import type { ProjectionRows } from './projection-definition';
import type { ReadModelDb } from './read-model-database';

/**
 * Rows kept as JSON under a text key, with optional extra columns to filter by: what most
 * projections need, so their definition names a table and a key column and nothing more.
 */
export function jsonRows<Row>(
  db: ReadModelDb,
  table: string,
  keyColumn: string,
  columns: (row: Row) => Readonly<Record<string, string | number | null>> = () => ({}),
): ProjectionRows<Row> {
  const get = db.prepare(`SELECT json FROM ${table} WHERE ${keyColumn} = ?`).pluck();
  const remove = db.prepare(`DELETE FROM ${table} WHERE ${keyColumn} = ?`);
  let put: { run(...values: unknown[]): unknown } | undefined;
  let names: string[] = [];
  return {
    get: (key) => {
      const json = get.get(key) as string | undefined;
      return json === undefined ? null : (JSON.parse(json) as Row);
    },
    put: (key, row) => {
      const extra = columns(row);
      // The extra columns are the same for every row of a table: prepared once, at the first write.
      if (!put) {
        names = Object.keys(extra);
        put = db.prepare(
          `INSERT OR REPLACE INTO ${table} (${[keyColumn, ...names, 'json'].join(', ')}) VALUES (${[keyColumn, ...names, 'json'].map(() => '?').join(', ')})`,
        );
      }
      put.run(key, ...names.map((n) => extra[n]), JSON.stringify(row));
    },
    delete: (key) => {
      remove.run(key);
    },
  };
}
