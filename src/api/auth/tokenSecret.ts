/**
 * Where the token secret comes from: SKAT_LEDGER_TOKEN_SECRET, else a file beside the SQLite
 * database (created with mode 0600 on first use), else, for an in-memory store, a fresh random
 * secret for this process only.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseStoreUrl } from '../../eventStore/storeUrl';

export const TOKEN_SECRET_ENV = 'SKAT_LEDGER_TOKEN_SECRET';
export const DEFAULT_STORE_URL = 'sqlite:./data/skat-ledger.db';

export class TokenSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenSecretError';
  }
}

/** The file that keeps the generated secret, or null when the store has no file. */
export function secretFileFor(storeUrl: string): string | null {
  if (!storeUrl.startsWith('sqlite:')) return null;
  const location = parseStoreUrl(storeUrl); // the store's own reading of the URL, so both name one file
  if (location.kind !== 'sqlite' || location.path === ':memory:') return null;
  return resolve(location.path) + '.token-secret';
}

export function resolveTokenSecret(env: NodeJS.ProcessEnv, storeUrl: string): { secret: Buffer; source: string } {
  const fromEnv = env[TOKEN_SECRET_ENV];
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 16) throw new TokenSecretError(`${TOKEN_SECRET_ENV} must be at least 16 characters`);
    return { secret: Buffer.from(fromEnv, 'utf8'), source: TOKEN_SECRET_ENV };
  }
  const file = secretFileFor(storeUrl);
  if (file === null) {
    if (storeUrl.startsWith('sqlite:')) return { secret: randomBytes(32), source: 'ephemeral (in-memory store)' };
    throw new TokenSecretError(`set ${TOKEN_SECRET_ENV}: the store ${storeUrl.split(':')[0]} has no local file to keep a secret beside`);
  }
  return { secret: readOrCreate(file), source: file };
}

function readOrCreate(file: string): Buffer {
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (text.length >= 32) return Buffer.from(text, 'utf8');
    throw new TokenSecretError(`token secret file ${file} is too short; delete it to generate a new one`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': never overwrite a secret another process wrote meanwhile.
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreate(file);
    throw err;
  }
  return Buffer.from(secret, 'utf8');
}
