/**
 * Bytes on disk of a SQLite store file, from SQLite's dbstat table: the event store's tables and
 * indexes (every page, free space included), the read models' (rm_*) and the file as a whole.
 */
import Database from 'better-sqlite3';

export interface StoreBytes {
  readonly events: number;
  readonly eventStore: number;
  readonly readModels: number;
  readonly file: number;
  /** Each object of the event store (table or index) with its bytes. */
  readonly objects: readonly { readonly name: string; readonly bytes: number }[];
}

export function storeBytes(file: string): StoreBytes {
  const db = new Database(file, { readonly: true });
  try {
    const events = db.prepare('SELECT count(*) FROM events').pluck().get() as number;
    const rows = db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC').all() as { name: string; bytes: number }[];
    const readModel = (name: string) => name.startsWith('rm_') || name.startsWith('sqlite_autoindex_rm_');
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const pages = db.pragma('page_count', { simple: true }) as number;
    const objects = rows.filter((r) => !readModel(r.name));
    return {
      events,
      eventStore: objects.reduce((n, r) => n + r.bytes, 0),
      readModels: rows.filter((r) => readModel(r.name)).reduce((n, r) => n + r.bytes, 0),
      file: pageSize * pages,
      objects,
    };
  } finally {
    db.close();
  }
}

/** One line: bytes per event of the event store (goal <= 120), of the read models and of the file. */
export function storeBytesLine(b: StoreBytes): string {
  const per = (n: number) => (n / Math.max(1, b.events)).toFixed(1);
  const top = b.objects
    .slice(0, 5)
    .map((o) => `${o.name} ${per(o.bytes)}`)
    .join(', ');
  return `store bytes per event          ${per(b.eventStore)} event store (indexes included; goal <= 120: ${b.eventStore / Math.max(1, b.events) <= 120 ? 'met' : 'NOT met'}), ${per(b.readModels)} read models, ${per(b.file)} the whole file   (${top})\n`;
}
