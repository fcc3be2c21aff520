/**
 * Opens the EventStoreDB adapter for a connection string. Commands (appends and the stream reads
 * of command handling) always go to the leader: they set `requiresLeader`, and a follower that gets
 * one answers NotLeader, after which the client reconnects to the leader. The read models'
 * catch-up ($all reads, listings, subscriptions) goes where the connection string's
 * `nodePreference` points (`leader`, the client's default; `follower`, `readOnlyReplica` or
 * `random` to spare the leader): a follower may be a little behind, which a catch-up tolerates (it
 * sees only committed events, in order, and catches up). With a preference other than leader the
 * adapter opens two connections: one with `nodePreference=leader` for commands, one as given.
 */
import { EventStoreDBClient } from '@eventstore/db-client';
import type { EventStore } from '../event-store';
import { StoreConfigError } from '../errors';
import { EsdbEventStore, type EsdbEventStoreOptions } from './esdb-event-store';

const NODE_PREFERENCES = new Set(['leader', 'follower', 'random', 'readonlyreplica']);

/** The connection string's `nodePreference` (lower case), or undefined. */
export function nodePreferenceOf(url: string): string | undefined {
  const match = /[?&]nodePreference=([^&]*)/i.exec(url);
  return match ? decodeURIComponent(match[1]).toLowerCase() : undefined;
}

/** The same connection string asking for the leader. */
export function leaderUrl(url: string): string {
  if (nodePreferenceOf(url) !== undefined) return url.replace(/([?&]nodePreference=)[^&]*/i, '$1leader');
  return `${url}${url.includes('?') ? '&' : '?'}nodePreference=leader`;
}

/** The user named in the connection string (`esdb://user:password@…`), for error messages. */
export function userNameOf(url: string): string | undefined {
  return credentialsOf(url)?.username;
}

function credentialsOf(url: string): { username: string; password: string } | undefined {
  const match = /^esdb(?:\+discover)?:\/\/([^:@/?]+)(?::([^@/?]*))?@/.exec(url);
  return match ? { username: decodeURIComponent(match[1]), password: decodeURIComponent(match[2] ?? '') } : undefined;
}

/**
 * Credentials to pass with each append, which makes client 6.x append with Append rather than
 * BatchAppend. Its BatchAppend keeps every pending append of the process in ONE map: an error on
 * any BatchAppend stream (a failover) rejects and forgets all of them, and the answers that still
 * come for them then throw a TypeError inside the client's stream handler, an uncaught exception
 * (seen in the chaos run, chaos.ts). The connection's own user is passed (the same rights); an
 * insecure node ignores credentials, so any do there. A TLS connection without a user (a client
 * certificate) keeps BatchAppend.
 */
export function appendCredentialsOf(url: string): { username: string; password: string } | undefined {
  const own = credentialsOf(url);
  if (own) return own;
  return /[?&]tls=false(&|$)/i.test(url) ? { username: 'insecure', password: 'ignored' } : undefined;
}

function client(url: string): EventStoreDBClient {
  try {
    return EventStoreDBClient.connectionString(url);
  } catch (error) {
    throw new StoreConfigError(`invalid EventStoreDB connection string ${url.replace(/\/\/[^@/]*@/, '//…@')}: ${(error as Error).message}`);
  }
}

/** Opens the adapter for an `esdb://` or `esdb+discover://` connection string. Connects lazily, on first use. */
export async function openEsdbEventStore(url: string, options: EsdbEventStoreOptions = {}): Promise<EventStore> {
  if (typeof url !== 'string' || !/^esdb(\+discover)?:\/\//.test(url)) {
    throw new StoreConfigError(`not an EventStoreDB connection string: ${JSON.stringify(url)} (expected esdb://host:port?tls=false or esdb+discover://...)`);
  }
  const preference = nodePreferenceOf(url);
  if (preference !== undefined && !NODE_PREFERENCES.has(preference)) {
    throw new StoreConfigError(`nodePreference must be leader, follower, random or readOnlyReplica, got ${JSON.stringify(preference)}`);
  }
  const apart = preference !== undefined && preference !== 'leader';
  const commands = client(apart ? leaderUrl(url) : url);
  const catchUp = apart ? client(url) : undefined;
  return new EsdbEventStore(commands, { ...options, catchUpClient: catchUp, userName: userNameOf(url), appendCredentials: appendCredentialsOf(url) });
}
