/** Everything the API needs from its environment, resolved once at start. */
import { limitsFromEnv, type ApiLimits } from './api-limits';
import { parseProxyTrust, type ProxyTrust } from '../auth/client-address';
import { DEFAULT_STORE_URL, resolveTokenSecret } from './token-secret';
import { parseStoreUrl, StoreConfigError } from './store-connection';
import { parseMismatchPolicy, type ReadModelMismatchPolicy } from '../projections/read-model-binding';

export interface ApiSettings {
  readonly storeUrl: string;
  /** Where the read models live; default the SQLite store's own file (for EventStoreDB ./data/read-models-<hash>.db). */
  readonly readModelUrl?: string;
  /** Read models built from another store: refused at start (default) or rebuilt. */
  readonly readModelMismatch: ReadModelMismatchPolicy;
  readonly tokenSecret: Buffer;
  /** Where the secret came from (logged at start; never the secret itself). */
  readonly tokenSecretSource: string;
  readonly limits: ApiLimits;
  /** Tournaments whose deals, sheets and standings anonymous readers may not see. */
  readonly privateTournaments: ReadonlySet<string>;
  /** How long a query result may be served again (0 = never); any write through this server clears it. */
  readonly responseCacheMs: number;
  /** How many finished deals' frames (per perspective and range) are kept in memory, ~180 KB each with the views and JSON the API keeps beside them; 0 = none. */
  readonly frameCacheDeals: number;
  /** Requests the server sends itself before it listens, so V8 has compiled its request path (app/warm-up.ts); 0 = none. */
  readonly warmUpRequests: number;
  /** Log unexpected errors to stderr (off in tests that provoke them on purpose). */
  readonly logErrors: boolean;
  /** The reverse proxies whose forwarding headers name the client (SKAT_LEDGER_TRUST_PROXY; null: none, the socket's peer is the client). */
  readonly trustProxy: ProxyTrust | null;
}

export const STORE_ENV = 'SKAT_LEDGER_STORE';
export const READ_MODELS_ENV = 'SKAT_LEDGER_READ_MODELS';
/** `refuse` (default) or `rebuild`: what a start does with read models built from another store. */
export const READ_MODEL_MISMATCH_ENV = 'SKAT_LEDGER_READ_MODEL_MISMATCH';
export const PRIVATE_TOURNAMENTS_ENV = 'SKAT_LEDGER_PRIVATE_TOURNAMENTS';
export const FRAME_CACHE_ENV = 'SKAT_LEDGER_FRAME_CACHE';
export const WARM_UP_ENV = 'SKAT_LEDGER_WARM_UP';
/** Off by default; `loopback` or a list of addresses and CIDRs of the reverse proxies in front (docs/security.md). */
export const TRUST_PROXY_ENV = 'SKAT_LEDGER_TRUST_PROXY';
/** `x-forwarded-for` (default) or `forwarded`: the header those proxies set. */
export const TRUST_PROXY_HEADER_ENV = 'SKAT_LEDGER_TRUST_PROXY_HEADER';

/** The private tournaments SKAT_LEDGER_PRIVATE_TOURNAMENTS names (comma-separated ids). */
export function privateTournamentsFromEnv(env: NodeJS.ProcessEnv): string[] {
  return (env[PRIVATE_TOURNAMENTS_ENV] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function settingsFromEnv(env: NodeJS.ProcessEnv, overrides: Partial<ApiSettings> = {}): ApiSettings {
  const storeUrl = overrides.storeUrl ?? (env[STORE_ENV] || DEFAULT_STORE_URL);
  // Checked first: a mistyped URL is named as such, not reported as a missing token secret.
  checkStoreUrl(STORE_ENV, storeUrl);
  const readModelUrl = overrides.readModelUrl ?? (env[READ_MODELS_ENV] || undefined);
  const secret = overrides.tokenSecret ? { secret: overrides.tokenSecret, source: 'given' } : resolveTokenSecret(env, storeUrl);
  return {
    storeUrl,
    readModelUrl,
    readModelMismatch: overrides.readModelMismatch ?? parseMismatchPolicy(env[READ_MODEL_MISMATCH_ENV]),
    tokenSecret: secret.secret,
    tokenSecretSource: overrides.tokenSecretSource ?? secret.source,
    limits: overrides.limits ?? limitsFromEnv(env),
    privateTournaments: overrides.privateTournaments ?? new Set(privateTournamentsFromEnv(env)),
    responseCacheMs: overrides.responseCacheMs ?? readWhole('SKAT_LEDGER_RESPONSE_CACHE_MS', env.SKAT_LEDGER_RESPONSE_CACHE_MS, 1000, 'milliseconds'),
    frameCacheDeals: overrides.frameCacheDeals ?? readWhole(FRAME_CACHE_ENV, env[FRAME_CACHE_ENV], 1000, 'entries'),
    warmUpRequests: overrides.warmUpRequests ?? readWhole(WARM_UP_ENV, env[WARM_UP_ENV], 2000, 'requests'),
    logErrors: overrides.logErrors ?? true,
    trustProxy: overrides.trustProxy !== undefined ? overrides.trustProxy : parseProxyTrust(env[TRUST_PROXY_ENV], env[TRUST_PROXY_HEADER_ENV]),
  };
}

function checkStoreUrl(name: string, url: string): void {
  try {
    parseStoreUrl(url);
  } catch (error) {
    throw new StoreConfigError(`${name}: ${(error as Error).message}`);
  }
}

function readWhole(name: string, text: string | undefined, fallback: number, unit: string): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of ${unit}, got ${text}`);
  return n;
}
