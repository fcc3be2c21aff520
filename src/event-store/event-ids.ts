/**
 * Deterministic event ids: UUIDv5 (RFC 9562, sha1) of `commandId:index` in the Skat Ledger
 * namespace. A retried command yields the same ids, so the store recognises it as already applied.
 */
import * as crypto from 'node:crypto';
import { InvalidEventError } from './errors';

/** The namespace UUID of Skat Ledger event ids (fixed forever: changing it changes every id). */
export const EVENT_ID_NAMESPACE = '6f1c2a9e-3b4d-5e8f-9a0b-1c2d3e4f5a6b';

// crypto.hash (Node >= 20.12) skips the Hash object: ids are derived for every event of an import.
const oneShotHex = (crypto as { hash?: (algorithm: string, data: Buffer) => string }).hash;
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
  return uuidOfSha1(input);
}

/** The variant nibble (RFC 4122: binary 10xx) for each hex digit of the digest's 17th nibble. */
const VARIANT: Readonly<Record<string, string>> = Object.fromEntries([...'0123456789abcdef'].map((d, i) => [d, '89ab'[i & 3]]));

/** sha1 of the input as a version 5 UUID: the digest's first 16 bytes with version and variant set, in hex. */
function uuidOfSha1(input: Buffer): string {
  // Straight from the hex digest (no Buffer for the output): nibble 12 is the version, 16 the variant.
  const hex = oneShotHex ? oneShotHex('sha1', input) : crypto.createHash('sha1').update(input).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${VARIANT[hex[16]]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The namespace and a command id as bytes, kept for the command's next events (an import derives
 * 30-odd ids per deal): only the index digits are written per id.
 */
let lastCommand: { commandId: string; namespace: string; buffer: Buffer; prefixLength: number; ids: string[]; views: Buffer[] } | null = null;

/** The ids of the last command kept for its first this many indexes (a deal's are asked for twice: named, then sealed). */
const KEPT_IDS = 256;

function commandEventId(commandId: string, index: number, namespace: string = EVENT_ID_NAMESPACE): string {
  let c = lastCommand;
  if (c === null || c.commandId !== commandId || c.namespace !== namespace) {
    const ns = namespaceOf(namespace);
    const prefixLength = 16 + Buffer.byteLength(commandId, 'utf8') + 1;
    const buffer = Buffer.alloc(prefixLength + 16);
    ns.copy(buffer, 0);
    buffer.write(commandId, 16, 'utf8');
    buffer[prefixLength - 1] = 0x3a; // ':'
    c = lastCommand = { commandId, namespace, buffer, prefixLength, ids: [], views: [] };
  }
  const kept = index < KEPT_IDS ? c.ids[index] : undefined;
  if (kept !== undefined) return kept;
  const digits = c.buffer.write(String(index), c.prefixLength, 'latin1');
  // One view of the buffer per number of index digits, not one per id.
  const view = (c.views[digits] ??= c.buffer.subarray(0, c.prefixLength + digits));
  const id = uuidOfSha1(view);
  if (index < KEPT_IDS) c.ids[index] = id;
  return id;
}

/** The id of the `index`-th event a command produces. */
export function eventIdFor(commandId: string, index: number): string {
  if (typeof commandId !== 'string' || commandId.length === 0) {
    throw new InvalidEventError('commandId must be a non-empty string');
  }
  if (!Number.isSafeInteger(index) || index < 0) throw new InvalidEventError(`event index must be an integer >= 0, got ${index}`);
  return commandEventId(commandId, index);
}

/**
 * The id of the `index`-th event a live command records on `streamName`: derived from the stream
 * and the command id, so the same command id on another stream is another command (an evening's
 * `c1` does not collide with last week's), while a retry on the same stream gets the same ids.
 * Imports keep their unscoped ids (eventIdFor): their records' ids stay what they always were.
 */
export function streamEventIdFor(streamName: string, commandId: string, index: number): string {
  if (typeof streamName !== 'string' || streamName.length === 0) throw new InvalidEventError('streamName must be a non-empty string');
  // A NUL cannot occur in a stream name or command id the API admits, so no two pairs meet.
  return eventIdFor(`${streamName}\u0000${commandId}`, index);
}
