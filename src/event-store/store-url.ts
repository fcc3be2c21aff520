/**
 * One way to name a store, for the CLI and the server alike:
 *   sqlite:./data/skat-ledger.db   a SQLite file (parent directories are created)   [the default]
 *   sqlite::memory:                a private in-memory store (tests)
 *   esdb://host:2113?tls=false     EventStoreDB (also esdb+discover://)
 */
import { StoreConfigError } from './errors';
import type { EventStore } from './event-store';
import { openSqliteEventStore } from './sqlite/sqlite-event-store';
import type { SqliteEventStoreOptions } from './sqlite/sqlite-event-store-options';
import type { UpcasterRegistry } from './versioning/upcasting';

export const DEFAULT_STORE_URL = 'sqlite:./data/skat-ledger.db';

export interface OpenEventStoreOptions {
  readonly upcasters?: UpcasterRegistry;
  readonly maxEventBytes?: number;
  /** Open without write access; SQLite then also requires the file to exist. */
  readonly readonly?: boolean;
  /** Refuse to create a SQLite file that does not exist (integrity checks, readers). */
  readonly mustExist?: boolean;
  /** SQLite only: the rest of its tuning (poll interval, page size, busy timeout). */
  readonly sqlite?: Omit<SqliteEventStoreOptions, 'upcasters' | 'maxEventBytes' | 'readonly' | 'mustExist'>;
}

export type StoreLocation = { readonly kind: 'sqlite'; readonly path: string } | { readonly kind: 'esdb'; readonly connectionString: string };

const ACCEPTED = 'sqlite:<path>, sqlite::memory:, esdb://host:port?tls=false or esdb+discover://…';

/** Parses a store URL; anything else is a StoreConfigError naming the URL and the accepted forms. */
export function parseStoreUrl(url: string): StoreLocation {
  if (typeof url !== 'string' || url.trim() === '') throw new StoreConfigError(`no store URL given (accepted: ${ACCEPTED})`);
  if (url.startsWith('sqlite:')) {
    const rest = url.slice('sqlite:'.length);
    if (rest === ':memory:') return { kind: 'sqlite', path: ':memory:' };
    // sqlite:///abs/path and sqlite://rel are common spellings of the same thing.
    const path = rest.startsWith('//') ? rest.slice(2) : rest;
    if (path === '') throw new StoreConfigError(`store URL ${url} names no file (accepted: ${ACCEPTED})`);
    return { kind: 'sqlite', path };
  }
  if (/^esdb(\+discover)?:\/\/./.test(url)) return { kind: 'esdb', connectionString: url };
  throw new StoreConfigError(`unknown store URL ${redactUrl(url)} (accepted: ${ACCEPTED})`);
}

/** Opens the store a URL names. */
export async function openEventStore(url: string, options: OpenEventStoreOptions = {}): Promise<EventStore> {
  const location = parseStoreUrl(url);
  if (location.kind === 'sqlite') {
    return openSqliteEventStore(location.path, {
      ...options.sqlite,
      upcasters: options.upcasters,
      maxEventBytes: options.maxEventBytes,
      readonly: options.readonly,
      mustExist: options.mustExist,
    });
  }
  let adapter: { openEsdbEventStore?: (url: string, options?: OpenEventStoreOptions) => Promise<EventStore> | EventStore };
  try {
    // Loaded lazily: SQLite users never pay for the gRPC client.
    adapter = require('./esdb/esdb-connection');
  } catch (err) {
    throw new StoreConfigError(`the EventStoreDB adapter cannot be loaded: ${(err as Error).message}`);
  }
  if (typeof adapter.openEsdbEventStore !== 'function') {
    throw new StoreConfigError('the EventStoreDB adapter does not export openEsdbEventStore');
  }
  return adapter.openEsdbEventStore(location.connectionString, options);
}

/** A URL fit for messages: any password replaced by ***. */
export function redactUrl(url: string): string {
  return String(url).replace(/^([a-z+]+:\/\/[^:/@]+:)[^@/]*@/i, '$1***@');
}
