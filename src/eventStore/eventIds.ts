/**
 * Deterministic event ids: UUIDv5 (RFC 9562, sha1) of `commandId:index` in the Skat Ledger
 * namespace. A retried command yields the same ids, so the store recognises it as already applied.
 */
import * as crypto from 'node:crypto';
import { InvalidEventError } from './errors';

/** The namespace UUID of Skat Ledger event ids (fixed forever: changing it changes every id). */
export const EVENT_ID_NAMESPACE = '6f1c2a9e-3b4d-5e8f-9a0b-1c2d3e4f5a6b';

// crypto.hash (Node >= 20.12) skips the Hash object: ids are derived for every event of an import.
const oneShot = (crypto as { hash?: (algorithm: string, data: Buffer, outputEncoding: 'buffer') => Buffer }).hash;
const namespaceBytes = new Map<string, Buffer>();

function namespaceOf(namespace: string): Buffer {
  let ns = namespaceBytes.get(namespace);
  if (!ns) {
    ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
    if (ns.length !== 16) throw new InvalidEventError(`namespace ${namespace} is not a UUID`);
    if (namespaceBytes.size < 16) namespaceBytes.set(namespace, ns);
  }
  return ns;
}

export function uuidV5(name: string, namespace: string = EVENT_ID_NAMESPACE): string {
  const ns = namespaceOf(namespace);
  const input = Buffer.allocUnsafe(16 + Buffer.byteLength(name, 'utf8'));
  ns.copy(input, 0);
  input.write(name, 16, 'utf8');
  const bytes = oneShot ? oneShot('sha1', input, 'buffer') : crypto.createHash('sha1').update(input).digest();
  bytes[6] = (bytes[6] & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC variant
  const hex = bytes.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of the `index`-th event a command produces. */
export function eventIdFor(commandId: string, index: number): string {
  if (typeof commandId !== 'string' || commandId.length === 0) {
    throw new InvalidEventError('commandId must be a non-empty string');
  }
  if (!Number.isSafeInteger(index) || index < 0) throw new InvalidEventError(`event index must be an integer >= 0, got ${index}`);
  return uuidV5(`${commandId}:${index}`);
}
