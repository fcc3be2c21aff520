/**
 * The start-up check of the EventStoreDB adapter: the server must be 23.10 or later. Filtered reads
 * (listing a prefix, reading one event type) are filtered catch-up subscriptions that end at the
 * server's CaughtUp message, which servers send from 23.10; filters themselves exist since 20.6.
 * The version comes from ServerFeatures.GetSupportedMethods, which the client asks once per
 * connection anyway (servers before 21.10 do not answer it: their version is unknown, and refused).
 */
import type { EventStoreDBClient } from '@eventstore/db-client';
import { StoreConfigError } from '../errors';

export const MINIMUM_SERVER_VERSION = [23, 10] as const;

/** The client keeps what the server reported in a protected member; read it, typed narrowly. */
interface ServerFeaturesView {
  readonly capabilities: Promise<{ readonly serverVersion: string }>;
}

/** Major and minor of a version string such as `24.10.0` or `23.10.1-rc1`; undefined when unknown. */
export function parseServerVersion(version: string): readonly [number, number] | undefined {
  const match = /^(\d+)\.(\d+)/.exec(version);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

export function isSupportedServerVersion(version: string): boolean {
  const parsed = parseServerVersion(version);
  if (!parsed) return false;
  const [major, minor] = parsed;
  return major > MINIMUM_SERVER_VERSION[0] || (major === MINIMUM_SERVER_VERSION[0] && minor >= MINIMUM_SERVER_VERSION[1]);
}

/** Resolves for a supported server; StoreConfigError for an older one; connection errors as the client raises them. */
export async function checkServerVersion(client: EventStoreDBClient): Promise<string> {
  const { serverVersion } = await (client as unknown as ServerFeaturesView).capabilities;
  if (!isSupportedServerVersion(serverVersion)) {
    throw new StoreConfigError(
      `EventStoreDB server version ${serverVersion} is not supported: Skat Ledger needs 23.10 or later (filtered reads end at the server's CaughtUp message)`,
    );
  }
  return serverVersion;
}
