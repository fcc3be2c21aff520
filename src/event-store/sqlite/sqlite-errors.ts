import { CorruptEventError, StoreConfigError, StoreUnavailableError } from '../errors';

/** Turns better-sqlite3's errors into the port's, naming the cause. */
export function classifySqliteError(err: unknown, doing: string): Error {
  if (err instanceof StoreUnavailableError || err instanceof StoreConfigError || err instanceof CorruptEventError) return err;
  const code = String((err as { code?: string }).code ?? '');
  const message = (err as Error)?.message ?? String(err);
  if (code.startsWith('SQLITE_FULL')) return new StoreUnavailableError(`${doing}: the disk is full (nothing was written)`, err);
  if (code.startsWith('SQLITE_READONLY')) return new StoreUnavailableError(`${doing}: the database file is read-only`, err);
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new StoreUnavailableError(`${doing}: the database is locked by another writer (busy timeout passed)`, err);
  }
  if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT')) {
    return new StoreUnavailableError(`${doing}: the file is not a valid SQLite database (${message})`, err);
  }
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_IOERR')) {
    return new StoreUnavailableError(`${doing}: the database file cannot be accessed (${message})`, err);
  }
  if (/database connection is not open/.test(message)) return new StoreUnavailableError(`${doing}: the store is closed`, err);
  return err instanceof Error ? err : new Error(String(err));
}
