/**
 * How a SQLite file is left when its last writer closes, and why a read-only open may fail.
 *
 * A database in WAL mode can only be read where SQLite may create `<file>-shm` (and `-wal`)
 * beside it, or where both exist already: a store in a read-only folder (a mounted backup, an
 * archive on read-only media) could not be opened even by `verify`. So the last connection that
 * closes a file it could write switches it back to rollback-journal mode (SQLite checkpoints the
 * WAL into the file and removes it first); the next writer turns WAL on again. While another
 * connection (any process) still has the file open the switch is refused at once (busy) and the
 * file stays in WAL mode: that connection's own close will do it.
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import type { Database as SqliteDatabase } from 'better-sqlite3';

/** Closes the connection, leaving the file in rollback-journal mode when it is the last one. */
export function closeLeavingRollbackJournal(db: SqliteDatabase): void {
  if (db.open && !db.readonly && !db.memory) {
    try {
      // Never wait for other connections: if there are any, the file stays in WAL mode.
      db.pragma('busy_timeout = 0');
      db.pragma('journal_mode = DELETE');
    } catch {
      /* busy or read-only: the file stays as it is */
    }
  }
  db.close();
}

/** True when the file's header says WAL mode (bytes 18 and 19 are 2); false when unreadable. */
export function isWalModeFile(path: string): boolean {
  let fd: number | null = null;
  try {
    fd = openSync(path, 'r');
    const header = Buffer.alloc(20);
    if (readSync(fd, header, 0, 20, 0) < 20) return false;
    return header[18] === 2 && header[19] === 2;
  } catch {
    return false;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/**
 * Why a read-only open of a file failed, when the cause is the WAL mode in a folder that cannot
 * be written (SQLite says only "unable to open database file"); null for any other cause.
 */
export function walReadOnlyProblem(path: string): string | null {
  if (!isWalModeFile(path) || existsSync(`${path}-shm`)) return null;
  return (
    `the file is in WAL mode and SQLite cannot create ${path}-shm beside it (its folder cannot be written). ` +
    'A store whose last writer closed it cleanly is left in rollback-journal mode and reads anywhere; ' +
    'this one was not (an older version, or a writer that did not close): open it once where it can be written ' +
    '(any skat-ledger command that writes to it, then let it finish), or copy it to a writable folder'
  );
}
