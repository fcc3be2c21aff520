import { createUpcasterRegistry, NO_UPCASTERS, upcastEvent } from './upcasting';

describe('upcasting', () => {
  const registry = createUpcasterRegistry([
    { eventType: 'BidMade', fromVersion: '1', toVersion: '2', upcast: (d) => ({ value: (d as { bid: number }).bid }) },
    { eventType: 'BidMade', fromVersion: '2', toVersion: '3', upcast: (d) => ({ ...(d as object), held: false }) },
  ]);

  it('runs every step from the stored version to the current one', () => {
    const out = upcastEvent(registry, { type: 'BidMade', data: { bid: 18 }, metadata: { eventId: 'e' } });
    expect(out.data).toEqual({ value: 18, held: false });
    expect(out.metadata.schemaVersion).toBe('3');
    const fromTwo = upcastEvent(registry, { type: 'BidMade', data: { value: 20 }, metadata: { eventId: 'e', schemaVersion: '2' } });
    expect(fromTwo.data).toEqual({ value: 20, held: false });
  });

  it('leaves current events and other types alone (the same object)', () => {
    const current = { type: 'BidMade', data: { value: 1, held: true }, metadata: { eventId: 'e', schemaVersion: '3' } };
    expect(upcastEvent(registry, current)).toBe(current);
    const other = { type: 'CardPlayed', data: {}, metadata: { eventId: 'e' } };
    expect(upcastEvent(registry, other)).toBe(other);
    expect(upcastEvent(NO_UPCASTERS, other)).toBe(other);
  });

  it('can rename an event type', () => {
    const r = createUpcasterRegistry([{ eventType: 'Old', fromVersion: '1', toVersion: '2', renames: true, upcast: (d) => ({ type: 'New', data: d }) }]);
    expect(upcastEvent(r, { type: 'Old', data: { a: 1 }, metadata: { eventId: 'e' } })).toEqual({
      type: 'New',
      data: { a: 1 },
      metadata: { eventId: 'e', schemaVersion: '2' },
    });
  });

  it('refuses two steps from one version, a step to the same version, and loops', () => {
    const step = { eventType: 'T', fromVersion: '1', toVersion: '2', upcast: (d: unknown) => d };
    expect(() => createUpcasterRegistry([step, step])).toThrow(/two upcasters/);
    expect(() => createUpcasterRegistry([{ ...step, toVersion: '1' }])).toThrow(/does not change/);
    const loop = createUpcasterRegistry([step, { ...step, fromVersion: '2', toVersion: '1' }]);
    expect(() => upcastEvent(loop, { type: 'T', data: {}, metadata: { eventId: 'e' } })).toThrow(/loop/);
  });
});
