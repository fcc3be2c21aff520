/** What an ISS import reports and how it is asked to run (import-iss.ts runs it). */

export interface IssRejection {
  /** The file the record came from (null for imported text). */
  readonly file: string | null;
  /** 1-based line number in that file or text. */
  readonly line: number;
  /** The record's ID when it could be read. */
  readonly id: string | null;
  readonly reason: string;
}

/** A record whose ID is stored already with different content: listed, never written over. */
export interface IssConflict {
  readonly file: string | null;
  readonly line: number;
  readonly id: string;
  /** The properties that differ (`P0`, `MV`, `R.v`, ...; see issRecordDifferences). */
  readonly fields: readonly string[];
  /** Where the stored deal was imported from (null: unknown, or not an imported record). */
  readonly storedFile: string | null;
  readonly storedLine: number | null;
  /**
   * Set when the record is blocked rather than different: the event ids its import writes are
   * recorded already in this stream (a command of the reserved `import:*` ids written by
   * something else, as a store from before the reservation may hold).
   */
  readonly takenBy?: string;
}

export interface IssImportSummary {
  /** Record lines read (blank lines are not records). */
  records: number;
  /** Deals appended now. */
  imported: number;
  /** Deals that were in the store already with the same record: nothing appended. */
  alreadyPresent: number;
  /** The first `maxRejectionsListed` rejected records; `rejectedCount` counts them all. */
  rejected: IssRejection[];
  rejectedCount: number;
  /** The first `maxRejectionsListed` conflicts; `conflictCount` counts them all. */
  conflicts: IssConflict[];
  conflictCount: number;
  /** Events appended now (0 on a re-import). */
  events: number;
}

export interface IssImportOptions {
  /** Stop listing rejections and conflicts after this many each (they are still counted). Default 1000. */
  readonly maxRejectionsListed?: number;
  /**
   * Events per transaction (appendMany); default 20,000 (about 560 deals). The waiting deals are
   * text (sealed by the store as they are decided), about 1.8 KB of heap an event; SQLite's
   * commits cost less the larger the transaction (each one rewrites the event_id index pages its
   * random ids touched: 10,000 events a transaction cost half as much again as 100,000), peak
   * memory grows with it (the default keeps a run under 300 MB). With groupCommitEvents, batches
   * are written into an open transaction instead, so they can be small.
   */
  readonly batchEvents?: number;
  /**
   * Only for an import that is its store's sole writer (the CLI's): events per commit when the
   * store offers groupCommit. Batches of `batchEvents` are then written into one open transaction
   * and committed every this many events, so SQLite's commits cost what large transactions cost
   * while the heap holds only the batch being written. Default: a commit per batch.
   */
  readonly groupCommitEvents?: number;
  /** How many series a run remembers before it writes, lets the read models catch up and forgets them; default 100,000. */
  readonly maxSeriesRemembered?: number;
  /**
   * Whether records are judged, decided and sealed on a worker thread while this thread writes
   * (files only, on a store that offers newStreamSealing). Default: when the input is large (over
   * PARALLEL_IMPORT_FROM_BYTES in import-iss.ts, or standard input) and the machine has more than one core.
   */
  readonly worker?: boolean;
  /** Worker threads when `worker` holds (default 1 on two cores, 2 on more); each takes the next batch of 200 lines in turn. */
  readonly workers?: number;
}

export interface IssImportProgress {
  readonly file: string | null;
  readonly bytesRead: number;
  readonly totalBytes: number;
  readonly summary: Readonly<IssImportSummary>;
}

export const emptyImportSummary = (): IssImportSummary => ({
  records: 0,
  imported: 0,
  alreadyPresent: 0,
  rejected: [],
  rejectedCount: 0,
  conflicts: [],
  conflictCount: 0,
  events: 0,
});
