/**
 * Event type names as the small integers the events table stores (event_types). Ids are kept in
 * memory once seen; a write that rolls back may have added ids that do not exist, so the store
 * calls forget() after any failed write and they are looked up again.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { CorruptEventError } from '../errors';

export class EventTypes {
  private readonly ids = new Map<string, number>();
  private readonly names = new Map<number, string>();
  private readonly byName: Statement;
  private readonly byId: Statement;
  private readonly insert: Statement;

  constructor(db: SqliteDatabase) {
    this.byName = db.prepare('SELECT type_id FROM event_types WHERE name = ?').pluck();
    this.byId = db.prepare('SELECT name FROM event_types WHERE type_id = ?').pluck();
    this.insert = db.prepare('INSERT INTO event_types (name) VALUES (?)');
  }

  /** The id of a type, added when new; only inside a write transaction. */
  idFor(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = (this.byName.get(name) as number | undefined) ?? Number(this.insert.run(name).lastInsertRowid);
      this.remember(name, id);
    }
    return id;
  }

  /** The id of a type for a filter, -1 when no event has it (another process may add it later). */
  existingId(name: string): number {
    const id = this.ids.get(name);
    if (id !== undefined) return id;
    const found = this.byName.get(name) as number | undefined;
    if (found === undefined) return -1;
    this.remember(name, found);
    return found;
  }

  nameOf(id: number, where: () => [string, string, string]): string {
    let name = this.names.get(id);
    if (name === undefined) {
      name = this.byId.get(id) as string | undefined;
      if (name === undefined) throw new CorruptEventError(...where(), `its type id ${id} is not in event_types`);
      this.remember(name, id);
    }
    return name;
  }

  forget(): void {
    this.ids.clear();
    this.names.clear();
  }

  private remember(name: string, id: number): void {
    if (this.ids.size > 10_000) this.forget();
    this.ids.set(name, id);
    this.names.set(id, name);
  }
}
