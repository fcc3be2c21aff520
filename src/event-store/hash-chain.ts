/**
 * The hash chain, shared by every adapter so they write identical chains. Each event's metadata
 * carries `prevHash` (the hash of the previous event of its stream, GENESIS_HASH for the first) and
 * `hash` = sha256 over its type, canonical data and canonical metadata (every field but `hash`,
 * so prevHash and the envelope are covered too). Pure apart from sha256.
 */
import * as crypto from 'node:crypto';
import { canonicalJson, flatString } from './canonical-json';
import { InvalidEventError } from './errors';
import { eventIdFor } from './event-ids';
import { fillTracingIds, type EventMetadata } from './event-metadata';
import type { NewEvent } from './event-store';

/** prevHash of the first event of a stream. */
export const GENESIS_HASH = '0'.repeat(64);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Default largest event (data + metadata JSON, bytes) a store accepts. */
export const DEFAULT_MAX_EVENT_BYTES = 1024 * 1024;

/** An event checked and serialised, ready to be chained: the store's unit of work. */
export interface PreparedEvent {
  readonly type: string;
  readonly eventId: string;
  readonly dataJson: string;
  /** Metadata without prevHash/hash; the chain adds them. */
  readonly metadata: Readonly<Record<string, string>>;
}

/** Sorted keys and `"key":"value"` members of metadata objects prepareEvent built, for sealing. */
interface MetadataMembers {
  /** The metadata object these members were computed from. */
  readonly of: object;
  readonly keys: readonly string[];
  readonly members: readonly string[];
}

/**
 * The members prepareEvent computed travel on the prepared event, tagged with the metadata object
 * they belong to: a caller that rebuilds the metadata (adds a field) simply misses them and the
 * members are computed from what it handed in.
 */
const MEMBERS = Symbol('metadataMembers');
type WithMembers = PreparedEvent & { readonly [MEMBERS]?: MetadataMembers };

function membersOf(event: PreparedEvent): { readonly keys: readonly string[]; readonly members: readonly string[] } {
  const cached = (event as WithMembers)[MEMBERS];
  if (cached && cached.of === event.metadata) return cached;
  const metadata = event.metadata;
  const keys = Object.keys(metadata)
    .filter((k) => k !== 'prevHash' && k !== 'hash')
    .sort();
  return { keys, members: keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(metadata[k])}`) };
}

/** `"key":` of metadata keys seen before (a handful in practice; bounded against odd callers). */
const keyJson = new Map<string, string>();
function quotedKey(key: string): string {
  let q = keyJson.get(key);
  if (q === undefined) {
    q = `${JSON.stringify(key)}:`;
    if (keyJson.size < 256) keyJson.set(key, q);
  }
  return q;
}

/**
 * The last `"key":"value"` member written per metadata key: the events of one command (a deal of
 * an import: 30-odd events) share every value but eventId, so most members are reused, not
 * re-serialised. Bounded like keyJson.
 */
const lastMember = new Map<string, { value: string; member: string }>();
function metadataMember(key: string, value: string): string {
  const last = lastMember.get(key);
  if (last !== undefined && last.value === value) return last.member;
  const member = quotedKey(key) + JSON.stringify(value);
  if (last !== undefined) {
    last.value = value;
    last.member = member;
  } else if (lastMember.size < 256) lastMember.set(key, { value, member });
  return member;
}

/** The previous metadata's keys as given and sorted: events of one command list the same keys in the same order. */
let lastKeys: { readonly given: readonly string[]; readonly sorted: readonly string[] } = { given: [], sorted: [] };
function sortedKeys(metadata: Readonly<Record<string, string>>): readonly string[] {
  const given = Object.keys(metadata);
  const last = lastKeys.given;
  let same = given.length === last.length;
  for (let i = 0; same && i < given.length; i++) same = given[i] === last[i];
  if (same) return lastKeys.sorted;
  const sorted = [...given].sort();
  lastKeys = { given, sorted };
  return sorted;
}

/** An event with its chain fields, as it is stored. */
export interface SealedEvent extends PreparedEvent {
  readonly metadata: Readonly<Record<string, string>> & { readonly prevHash: string; readonly hash: string };
  readonly metadataJson: string;
  readonly hash: string;
}

/**
 * Checks and serialises one event. Refuses (InvalidEventError naming the event and the cause) a
 * missing type, a missing or malformed eventId, non-string metadata, chain fields set by the
 * caller, data JSON cannot carry faithfully, and events over `maxEventBytes`.
 */
export function prepareEvent(
  event: NewEvent,
  index = 0,
  maxEventBytes = DEFAULT_MAX_EVENT_BYTES,
  /** Metadata the store fills in when the caller left it out (recordedAt). */
  defaults?: Readonly<Record<string, string>>,
  /** An id known to be a lowercase UUID (one derived by eventIdFor): an eventId equal to it needs no check. */
  knownId?: string,
): PreparedEvent {
  const where = `event #${index}`;
  if (event === null || typeof event !== 'object') throw new InvalidEventError(`${where}: not an event object`);
  if (typeof event.type !== 'string' || event.type.length === 0) {
    throw new InvalidEventError(`${where}: type must be a non-empty string`);
  }
  const label = `${where} (${event.type})`;
  const rawMeta = event.metadata as Record<string, unknown> | undefined;
  if (rawMeta === null || typeof rawMeta !== 'object') throw new InvalidEventError(`${label}: metadata is required`);
  const eventId = rawMeta.eventId;
  if (typeof eventId !== 'string' || (eventId !== knownId && !UUID.test(eventId))) {
    throw new InvalidEventError(`${label}: metadata.eventId must be a UUID, got ${JSON.stringify(eventId) ?? 'undefined'}`);
  }
  const metadata: Record<string, string> = {};
  for (const key in rawMeta) {
    if (!Object.prototype.hasOwnProperty.call(rawMeta, key)) continue;
    const value = rawMeta[key];
    if (value === undefined) continue;
    if (key === 'prevHash' || key === 'hash') {
      throw new InvalidEventError(`${label}: metadata.${key} is written by the store, not the caller`);
    }
    if (typeof value !== 'string') {
      throw new InvalidEventError(`${label}: metadata.${key} must be a string (metadata is a flat string map), got ${typeof value}`);
    }
    metadata[key] = value;
  }
  // One spelling of each id, so the id column, metadata.eventId and ESDB's id always agree.
  metadata.eventId = eventId === knownId ? eventId : eventId.toLowerCase();
  if (defaults) for (const key in defaults) if (metadata[key] === undefined) metadata[key] = defaults[key];
  fillTracingIds(metadata);
  if (!('data' in event)) throw new InvalidEventError(`${label}: data is required (use null for none)`);
  let dataJson: string;
  try {
    dataJson = canonicalJson(event.data, 'data');
  } catch (err) {
    throw new InvalidEventError(`${label}: ${(err as Error).message}`);
  }
  const metadataKeys = sortedKeys(metadata);
  const metadataMembers = new Array<string>(metadataKeys.length);
  let metadataChars = 0;
  for (let i = 0; i < metadataKeys.length; i++) {
    const key = metadataKeys[i];
    metadataMembers[i] = metadataMember(key, metadata[key]);
    metadataChars += metadataMembers[i].length + 1;
  }
  // UTF-16 length × 3 bounds the UTF-8 size; count exactly only when near the limit.
  const size = (dataJson.length + metadataChars) * 3 <= maxEventBytes ? 0 : Buffer.byteLength(dataJson) + Buffer.byteLength(metadataMembers.join(','));
  if (size > maxEventBytes) {
    throw new InvalidEventError(`${label}: event is ${size} bytes, over the limit of ${maxEventBytes} bytes`);
  }
  const prepared: WithMembers = {
    type: event.type,
    eventId: metadata.eventId,
    dataJson,
    metadata,
    [MEMBERS]: { of: metadata, keys: metadataKeys, members: metadataMembers },
  };
  return prepared;
}

// crypto.hash (Node ≥ 20.12) skips the Hash object; fall back where it is missing.
const oneShot = (crypto as { hash?: (algorithm: string, data: string) => string }).hash;
const sha256Hex = oneShot ? (text: string) => oneShot('sha256', text) : (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** sha256 over type, canonical data and canonical metadata without `hash`. */
export function computeEventHash(type: string, dataJson: string, metadataWithoutHashJson: string): string {
  return sha256Hex(`${JSON.stringify(type)}\n${dataJson}\n${metadataWithoutHashJson}`);
}

/** canonicalJson of a flat string map, without the general walk (metadata is always one). */
export function flatStringMapJson(map: Readonly<Record<string, string>>, keys: readonly string[] = Object.keys(map).sort()): string {
  let out = '{';
  for (let i = 0; i < keys.length; i++) out += `${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:${JSON.stringify(map[keys[i]])}`;
  return out + '}';
}

/** Adds prevHash and hash to one prepared event. */
export function sealEvent(prevHash: string, event: PreparedEvent): SealedEvent {
  const { metadataJson, hash } = sealMetadata(prevHash, event);
  return {
    type: event.type,
    eventId: event.eventId,
    dataJson: event.dataJson,
    metadata: { ...event.metadata, prevHash, hash },
    metadataJson,
    hash,
  };
}

/**
 * The sorted members of a metadata object as the sealed text splices them: around its eventId
 * (the one member the events of a command do not share) and where `hash` and `prevHash` go.
 */
interface MetadataSegments {
  readonly keys: readonly string[];
  readonly members: readonly string[];
  /** Where eventId is in the keys. */
  readonly idAt: number;
  /** The members before eventId, each followed by a comma. */
  readonly head: string;
  /** The members after eventId that sort before 'hash', each after a comma. */
  readonly mid: string;
  /** The members between 'hash' and 'prevHash', each after a comma. */
  readonly between: string;
  /** The members after 'prevHash', each after a comma. */
  readonly after: string;
}

function segmentsOf(keys: readonly string[], members: readonly string[], idAt: number): MetadataSegments {
  let head = '';
  let mid = '';
  let between = '';
  let after = '';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (i < idAt) head += `${members[i]},`;
    else if (i === idAt) continue;
    else if (key < 'hash') mid += `,${members[i]}`;
    else if (key < 'prevHash') between += `,${members[i]}`;
    else after += `,${members[i]}`;
  }
  return { keys, members, idAt, head, mid, between, after };
}

/** The last event's segments: the next event of the same command reuses them (same keys, same members but its id). */
let lastSegments: MetadataSegments | null = null;

function segmentsFor(keys: readonly string[], members: readonly string[]): MetadataSegments | null {
  const last = lastSegments;
  if (last !== null && last.keys === keys) {
    let same = true;
    for (let i = 0; same && i < members.length; i++) same = i === last.idAt || members[i] === last.members[i];
    if (same) return last;
  }
  const idAt = keys.indexOf('eventId');
  if (idAt < 0) return null;
  return (lastSegments = segmentsOf(keys, members, idAt));
}

/**
 * The stored metadata JSON and the hash of one event, without building objects (the SQLite
 * append path stores only the text). 'hash' sorts before 'prevHash', so both members are spliced
 * into the already sorted members in one pass.
 */
export function sealMetadata(prevHash: string, event: PreparedEvent): { metadataJson: string; hash: string } {
  const { keys, members } = membersOf(event);
  const prevMember = `"prevHash":${JSON.stringify(prevHash)}`;
  const segments = segmentsFor(keys, members);
  if (segments !== null) {
    const before = segments.head + members[segments.idAt] + segments.mid;
    const hash = computeEventHash(event.type, event.dataJson, `{${before}${segments.between},${prevMember}${segments.after}}`);
    return { metadataJson: flatString(`{${before},"hash":"${hash}"${segments.between},${prevMember}${segments.after}}`), hash };
  }
  let before = ''; // members sorting before 'hash'
  let between = ''; // members between 'hash' and 'prevHash'
  let after = ''; // members after 'prevHash'
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key < 'hash') before += before === '' ? members[i] : `,${members[i]}`;
    else if (key < 'prevHash') between += `,${members[i]}`;
    else after += `,${members[i]}`;
  }
  const lead = before === '' ? '' : `${before},`;
  const hash = computeEventHash(event.type, event.dataJson, `{${lead}${between === '' ? '' : between.slice(1) + ','}${prevMember}${after}}`);
  return { metadataJson: flatString(`{${lead}"hash":"${hash}"${between},${prevMember}${after}}`), hash };
}

/** A new stream's events as the SQLite store writes them: four strings per event and the head's hash. */
export interface SealedRows {
  /** type, event id, data JSON and metadata JSON (chain fields included) of each event in turn. */
  readonly rows: string[];
  readonly lastHash: string;
  /**
   * The command every event's id derives from, the i-th event's being eventIdFor(idCommand, i)
   * (how the ledger names a command's events); null when they are named otherwise. A store that
   * derives ids from the command (SQLite) then need not derive each one again to know it.
   */
  readonly idCommand: string | null;
  /** Each event's data in the store's own form (SQLite's compact JSON; null: none), when asked for. */
  readonly dataForms?: (Uint8Array | null)[];
}

/**
 * Checks, serialises and chains the events of a new stream (prevHash GENESIS_HASH), metadata
 * `recordedAt` filled where the caller left it out; the same checks as an append (InvalidEventError,
 * a repeated eventId included). Pure apart from sha256, so a worker thread can seal for a store.
 */
export function sealNewStreamRows(
  streamName: string,
  events: readonly NewEvent[],
  recordedAt: string,
  maxEventBytes = DEFAULT_MAX_EVENT_BYTES,
  /** The store's form of a value (it must read back as the value's canonical JSON), for dataForms. */
  encodeData?: (data: unknown) => Uint8Array | null,
): SealedRows {
  if (!Array.isArray(events) || events.length === 0) throw new InvalidEventError(`append to ${streamName}: no events given (an append needs at least one)`);
  const defaults = { recordedAt };
  const rows = new Array<string>(events.length * 4);
  const ids = new Set<string>();
  let prevHash = GENESIS_HASH;
  const dataForms = encodeData ? new Array<Uint8Array | null>(events.length) : undefined;
  const command = events[0]?.metadata?.commandId;
  let idCommand = typeof command === 'string' && command.length > 0 ? command : null;
  for (let i = 0; i < events.length; i++) {
    // The ids were derived just before (eventIdFor keeps a command's latest ids): a lookup, not a sha1.
    const derived = idCommand === null ? undefined : eventIdFor(idCommand, i);
    const event = prepareEvent(events[i], i, maxEventBytes, defaults, derived);
    ids.add(event.eventId);
    if (idCommand !== null && (event.metadata.commandId !== idCommand || derived !== event.eventId)) idCommand = null;
    const sealed = sealMetadata(prevHash, event);
    rows[4 * i] = event.type;
    rows[4 * i + 1] = event.eventId;
    rows[4 * i + 2] = event.dataJson;
    rows[4 * i + 3] = sealed.metadataJson;
    if (dataForms) dataForms[i] = (encodeData as (data: unknown) => Uint8Array | null)(events[i].data);
    prevHash = sealed.hash;
  }
  if (ids.size !== events.length) throw new InvalidEventError(`append to ${streamName}: the same eventId appears twice in one append`);
  return dataForms ? { rows, lastHash: prevHash, idCommand, dataForms } : { rows, lastHash: prevHash, idCommand };
}

/** Chains prepared events after `prevHash` (null: the stream is new). */
export function sealEvents(prevHash: string | null, events: readonly PreparedEvent[]): SealedEvent[] {
  let previous = prevHash ?? GENESIS_HASH;
  return events.map((event) => {
    const sealed = sealEvent(previous, event);
    previous = sealed.hash;
    return sealed;
  });
}

/**
 * For adapters that hand objects to their client (EventStoreDB): checks the events and returns
 * them with metadata.prevHash/hash set, chained after `prevHash` (null: the stream is new).
 */
export function chainEvents(prevHash: string | null, events: readonly NewEvent[], maxEventBytes = DEFAULT_MAX_EVENT_BYTES): NewEvent[] {
  const sealed = sealEvents(
    prevHash,
    events.map((e, i) => prepareEvent(e, i, maxEventBytes)),
  );
  return sealed.map((s, i) => ({ type: s.type, data: events[i].data, metadata: s.metadata as EventMetadata }));
}

/** One place where a stream's chain does not hold. */
export interface ChainBreak {
  readonly streamName: string;
  readonly revision: string;
  readonly eventId: string;
  readonly reason: string;
}

/** The part of a recorded event the chain is checked over. */
export interface ChainedEventView {
  readonly streamName: string;
  readonly revision: bigint;
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Readonly<Record<string, string | undefined>>;
  readonly storedForm?: { readonly data: string; readonly metadata: string };
}

/** Carries the chain from one page of a stream to the next. */
export interface ChainCursor {
  readonly expectedRevision: bigint;
  readonly prevHash: string;
}

export const CHAIN_START: ChainCursor = { expectedRevision: 0n, prevHash: GENESIS_HASH };

/**
 * Recomputes the chain over events of one stream, in revision order, starting at `cursor`.
 * Returns every break and the cursor to continue with. After a break the chain continues from the
 * stored hash, so one altered event is reported once, not as a cascade.
 */
export function verifyChain(events: readonly ChainedEventView[], cursor: ChainCursor = CHAIN_START): { breaks: ChainBreak[]; cursor: ChainCursor } {
  const breaks: ChainBreak[] = [];
  let { expectedRevision, prevHash } = cursor;
  for (const event of events) {
    const reasons = checkEvent(event, expectedRevision, prevHash);
    for (const reason of reasons) {
      breaks.push({ streamName: event.streamName, revision: event.revision.toString(), eventId: event.eventId, reason });
    }
    const storedHash = readStoredMetadata(event)?.hash;
    prevHash = typeof storedHash === 'string' ? storedHash : prevHash;
    expectedRevision = event.revision + 1n;
  }
  return { breaks, cursor: { expectedRevision, prevHash } };
}

function readStoredMetadata(event: ChainedEventView): Record<string, unknown> | undefined {
  if (!event.storedForm) return event.metadata;
  try {
    const parsed: unknown = JSON.parse(event.storedForm.metadata);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function checkEvent(event: ChainedEventView, expectedRevision: bigint, prevHash: string): string[] {
  const reasons: string[] = [];
  if (event.revision !== expectedRevision) {
    reasons.push(`revision ${event.revision} where ${expectedRevision} was expected (an event is missing or out of place)`);
  }
  let data: unknown = event.data;
  let metadata: Record<string, unknown> | undefined = event.metadata;
  if (event.storedForm) {
    try {
      data = JSON.parse(event.storedForm.data);
    } catch {
      return [...reasons, 'stored data is not valid JSON'];
    }
    metadata = readStoredMetadata(event);
    if (!metadata) return [...reasons, 'stored metadata is not a valid JSON object'];
  }
  const { hash, ...withoutHash } = metadata as Record<string, unknown>;
  if (withoutHash.eventId !== event.eventId) {
    reasons.push(`metadata.eventId ${String(withoutHash.eventId)} differs from the event id ${event.eventId}`);
  }
  if (withoutHash.prevHash !== prevHash) reasons.push('prevHash does not match the hash of the previous event');
  let dataJson: string;
  let metadataJson: string;
  try {
    dataJson = canonicalJson(data, 'data');
    metadataJson = canonicalJson(withoutHash, 'metadata');
  } catch (err) {
    return [...reasons, `cannot be re-serialised: ${(err as Error).message}`];
  }
  if (event.storedForm) {
    if (event.storedForm.data !== dataJson) reasons.push('stored data bytes differ from their canonical form (altered outside the store)');
    if (event.storedForm.metadata !== canonicalJson(metadata, 'metadata')) {
      reasons.push('stored metadata bytes differ from their canonical form (altered outside the store)');
    }
  }
  if (typeof hash !== 'string') reasons.push('metadata.hash is missing');
  else if (computeEventHash(event.type, dataJson, metadataJson) !== hash) {
    reasons.push('hash does not match the type, data and metadata (the event was altered)');
  }
  return reasons;
}
