import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { canonicalJson } from './canonical-json';
import { InvalidEventError } from './errors';
import type { NewEvent } from './event-store';
import { eventIdFor } from './event-ids';
import {
  chainEvents,
  computeEventHash,
  flatStringMapJson,
  GENESIS_HASH,
  prepareEvent,
  sealEvents,
  sealNewStreamRows,
  verifyChain,
  type ChainedEventView,
} from './hash-chain';

const event = (type: string, data: unknown, extra: Record<string, string> = {}): NewEvent => ({
  type,
  data,
  metadata: { eventId: randomUUID(), ...extra },
});

/** What a store would hand back for chained events of one stream. */
const recorded = (events: NewEvent[], streamName = 's-1'): ChainedEventView[] =>
  events.map((e, i) => ({
    streamName,
    revision: BigInt(i),
    eventId: e.metadata.eventId,
    type: e.type,
    data: e.data,
    metadata: e.metadata,
  }));

describe('hash chain', () => {
  it('starts at the genesis hash and links each event to the previous one', () => {
    const chained = chainEvents(null, [event('A', { n: 1 }), event('B', { n: 2 })]);
    expect(chained[0].metadata.prevHash).toBe(GENESIS_HASH);
    expect(chained[1].metadata.prevHash).toBe(chained[0].metadata.hash);
    const next = chainEvents(chained[1].metadata.hash!, [event('C', {})]);
    expect(next[0].metadata.prevHash).toBe(chained[1].metadata.hash);
    expect(verifyChain(recorded([...chained, ...next])).breaks).toEqual([]);
  });

  it('hashes type, canonical data and every metadata field but the hash itself', () => {
    const [e] = chainEvents(null, [event('A', { b: 1, a: 2 }, { actorId: 'p1' })]);
    const { hash, ...rest } = e.metadata;
    expect(hash).toBe(computeEventHash('A', '{"a":2,"b":1}', canonicalJson(rest)));
  });

  it('is the same for the same event whatever the key order of its data', () => {
    const id = randomUUID();
    const a = chainEvents(null, [{ type: 'T', data: { x: 1, y: [1, 2] }, metadata: { eventId: id } }]);
    const b = chainEvents(null, [{ type: 'T', data: { y: [1, 2], x: 1 }, metadata: { eventId: id } }]);
    expect(a[0].metadata.hash).toBe(b[0].metadata.hash);
  });

  it('names the altered event when data, type, metadata or a link changes', () => {
    const base = chainEvents(null, [event('A', { n: 1 }), event('B', { n: 2 }, { actorId: 'p' }), event('C', { n: 3 })]);
    const alter = (i: number, change: (e: NewEvent) => NewEvent) => recorded(base.map((e, j) => (j === i ? change(e) : e)));
    const cases = [
      alter(1, (e) => ({ ...e, data: { n: 20 } })),
      alter(1, (e) => ({ ...e, type: 'X' })),
      alter(1, (e) => ({ ...e, metadata: { ...e.metadata, actorId: 'q' } })),
      alter(1, (e) => ({ ...e, metadata: { ...e.metadata, prevHash: GENESIS_HASH } })),
    ];
    for (const events of cases) {
      const { breaks } = verifyChain(events);
      expect(new Set(breaks.map((b) => `${b.revision} ${b.eventId}`))).toEqual(new Set([`1 ${base[1].metadata.eventId}`]));
    }
  });

  it('reports a missing event at the event after the gap', () => {
    const base = recorded(chainEvents(null, [event('A', 1), event('B', 2), event('C', 3)]));
    const { breaks } = verifyChain([base[0], base[2]]);
    expect(breaks.map((b) => b.revision)).toEqual(['2', '2']);
    expect(breaks.map((b) => b.reason).join(' ')).toMatch(/missing|prevHash/);
  });

  it('writes metadata exactly as canonicalJson would (fast path = general path)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), (map) => {
        expect(flatStringMapJson(map)).toBe(canonicalJson(map));
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), fc.jsonValue(), (extra, data) => {
        const metadata = { ...extra, eventId: randomUUID() };
        delete (metadata as Record<string, string>).hash;
        delete (metadata as Record<string, string>).prevHash;
        const [sealed] = sealEvents(null, [prepareEvent({ type: 'T', data, metadata })]);
        expect(sealed.metadataJson).toBe(canonicalJson(sealed.metadata));
      }),
    );
  });

  it('seals metadata an adapter rebuilt after preparing (an added field is hashed and stored)', () => {
    const prepared = prepareEvent({ type: 'T', data: { a: 1 }, metadata: { eventId: randomUUID(), source: 'live' } });
    const rebuilt = { ...prepared, metadata: { ...prepared.metadata, recordedAt: '2026-01-01T00:00:00.000Z', zzz: 'last', $c: 'first' } };
    const [sealed] = sealEvents(null, [rebuilt]);
    expect(sealed.metadataJson).toBe(canonicalJson(sealed.metadata));
    expect(JSON.parse(sealed.metadataJson)).toMatchObject({ recordedAt: '2026-01-01T00:00:00.000Z', zzz: 'last', $c: 'first' });
    const view = { streamName: 's', revision: 0n, eventId: sealed.eventId, type: 'T', data: { a: 1 }, metadata: sealed.metadata };
    expect(verifyChain([view]).breaks).toEqual([]);
  });

  it('prepareEvent fills defaults only where the caller left a field out', () => {
    const a = prepareEvent({ type: 'T', data: {}, metadata: { eventId: randomUUID() } }, 0, undefined, { recordedAt: 'now' });
    const b = prepareEvent({ type: 'T', data: {}, metadata: { eventId: randomUUID(), recordedAt: 'then' } }, 0, undefined, { recordedAt: 'now' });
    expect([a.metadata.recordedAt, b.metadata.recordedAt]).toEqual(['now', 'then']);
    expect(sealEvents(null, [a])[0].metadataJson).toContain('"recordedAt":"now"');
  });

  it('prepareEvent refuses bad events with the index and type', () => {
    expect(() => prepareEvent({ type: 'T', data: { x: 1n }, metadata: { eventId: randomUUID() } }, 4)).toThrow(/event #4 \(T\): data\.x: a BigInt/);
    expect(() => prepareEvent({ type: 'T', data: 'x'.repeat(100), metadata: { eventId: randomUUID() } }, 0, 64)).toThrow(/over the limit of 64 bytes/);
    expect(() => prepareEvent({ type: 'T', data: {}, metadata: { eventId: 'nope' } })).toThrow(InvalidEventError);
  });

  it('prepareEvent writes one spelling of the event id (lower case)', () => {
    const id = randomUUID().toUpperCase();
    const p = prepareEvent({ type: 'T', data: {}, metadata: { eventId: id } });
    expect(p.eventId).toBe(id.toLowerCase());
    expect(p.metadata.eventId).toBe(id.toLowerCase());
  });
});

describe('sealNewStreamRows: the command the ids derive from', () => {
  const at = '2026-12-02T10:00:00.000Z';
  const event = (eventId: string, commandId = 'c-1'): NewEvent => ({ type: 'T', data: { n: 1 }, metadata: { eventId, commandId } });

  it("is the events' command when the i-th id is eventIdFor(command, i)", () => {
    expect(sealNewStreamRows('s-1', [event(eventIdFor('c-1', 0)), event(eventIdFor('c-1', 1))], at).idCommand).toBe('c-1');
  });

  it('is null when an id is named otherwise, out of order, or another command is named', () => {
    expect(sealNewStreamRows('s-1', [event(eventIdFor('c-1', 0)), event(randomUUID())], at).idCommand).toBeNull();
    expect(sealNewStreamRows('s-1', [event(eventIdFor('c-1', 1)), event(eventIdFor('c-1', 0))], at).idCommand).toBeNull();
    expect(sealNewStreamRows('s-1', [event(eventIdFor('c-1', 0)), event(eventIdFor('c-1', 1), 'c-2')], at).idCommand).toBeNull();
    expect(sealNewStreamRows('s-1', [{ type: 'T', data: null, metadata: { eventId: randomUUID() } }], at).idCommand).toBeNull();
  });
});
