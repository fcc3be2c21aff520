/**
 * Where the token secret comes from: SKAT_LEDGER_TOKEN_SECRET, else a file beside the SQLite
 * database (created with mode 0600 on first use), else, for an in-memory store, a fresh random
 * secret for this process only.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseStoreUrl } from './store-connection';

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
  return writeSecretFile(file, secret) ? Buffer.from(secret, 'utf8') : readOrCreate(file);
}

/** How the secret's bytes reach the disk (replaceable in tests, to simulate a full disk). */
export type WriteAll = (fd: number, text: string) => void;
const writeAll: WriteAll = (fd, text) => {
  writeSync(fd, text);
};

/**
 * Writes the secret atomically: into a temp file beside it (mode 0600, flushed to disk), then
 * linked into place, which fails if another process created the file meanwhile (false: read
 * theirs). A write that fails part way (a full disk) leaves no secret file behind, so the next
 * start generates one instead of refusing a truncated file.
 */
export function writeSecretFile(file: string, secret: string, write: WriteAll = writeAll): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    try {
      write(fd, secret + '\n');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temp, file);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
  }
}
