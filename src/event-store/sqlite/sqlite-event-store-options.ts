/** What a SQLite event store is opened with (openSqliteEventStore, the store URL's parameters). */
import type { UpcasterRegistry } from '../versioning/upcasting';

export interface SqliteEventStoreOptions {
  /** Upcasters applied on read (not on raw reads). */
  readonly upcasters?: UpcasterRegistry;
  /** Largest event accepted, data + metadata JSON in bytes (default 1 MiB). */
  readonly maxEventBytes?: number;
  /** How often a live subscription looks for appends made by other processes (default 250 ms). */
  readonly pollIntervalMs?: number;
  /** How long a writer waits for another process's write lock (default 10 s). */
  readonly busyTimeoutMs?: number;
  /**
   * SQLite's page cache of this connection in KiB (default 32 MiB, SQLite's own is 2 MiB). Pages
   * are allocated as they are read, so a small store never holds it; a large one keeps the index
   * pages appends and lookups touch (event_id is random: a bulk import's inserts land all over it).
   */
  readonly cacheSizeKiB?: number;
  /** Events per page when reading the log (default 1000). */
  readonly pageSize?: number;
  /** A type-filtered read this many positions or fewer from the head scans them instead of seeking per type (default TAIL_SCAN_ROWS; 0: always seek). */
  readonly tailScanRows?: number;
  /** Open without write access (integrity checks, readers). Implies mustExist. */
  readonly readonly?: boolean;
  /** Refuse to create the file when it does not exist. */
  readonly mustExist?: boolean;
  /** Clock for metadata.recordedAt when the caller did not set it. */
  readonly now?: () => Date;
}
