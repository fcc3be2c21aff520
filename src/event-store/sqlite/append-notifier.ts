import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import type { Database as SqliteDatabase } from 'better-sqlite3';

/**
 * One notifier per file per process, so every store object on the same file (server, projector,
 * CLI in one process) wakes at once; in-memory databases are private to their connection.
 */
const notifiers = new Map<string, { emitter: EventEmitter; users: number }>();

export function appendNotifier(db: SqliteDatabase): EventEmitter {
  if (db.memory) {
    const own = new EventEmitter();
    own.setMaxListeners(0);
    return own;
  }
  const key = resolve(db.name);
  let entry = notifiers.get(key);
  if (!entry) {
    entry = { emitter: new EventEmitter(), users: 0 };
    entry.emitter.setMaxListeners(0);
    notifiers.set(key, entry);
  }
  entry.users++;
  return entry.emitter;
}

export function releaseNotifier(db: SqliteDatabase): void {
  if (db.memory) return;
  const key = resolve(db.name);
  const entry = notifiers.get(key);
  if (entry && --entry.users === 0) notifiers.delete(key);
}
