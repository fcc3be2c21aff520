import type Database from 'better-sqlite3';

/** The read models' SQLite connection (opened by read-model-db.ts): its own file, so a projection's definition needs nothing else of read-model-db. */
export type ReadModelDb = Database.Database;
