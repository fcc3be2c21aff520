/** Cutting the chain members out of sealed metadata text gives what parsing and re-serialising gives. */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { flatStringMapJson, sealNewStreamRows } from '../hash-chain';
import { sealedMetadataParts } from './sealed-metadata';

describe('sealed metadata parts', () => {
  it('equal the parsed metadata: its id and chain fields, the rest in canonical form', () => {
    const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !['eventId', 'hash', 'prevHash'].includes(k));
    fc.assert(
      fc.property(fc.dictionary(key, fc.string({ maxLength: 12 }), { maxKeys: 6 }), (extra) => {
        const { rows } = sealNewStreamRows('s-1', [{ type: 'T', data: null, metadata: { ...extra, eventId: randomUUID() } }], '2026-12-02T10:00:00.000Z');
        const text = rows[3];
        const parsed = JSON.parse(text) as Record<string, string>;
        const { eventId, hash, prevHash, ...shared } = parsed;
        expect(sealedMetadataParts(text)).toEqual({ eventId, hash, prevHash, sharedText: flatStringMapJson(shared) });
      }),
      { numRuns: 300 },
    );
  });

  it('text in another shape is not cut (the caller parses it)', () => {
    expect(sealedMetadataParts('{"eventId":"x","hash":"y"}')).toBeNull();
    expect(sealedMetadataParts('[oops')).toBeNull();
  });
});
