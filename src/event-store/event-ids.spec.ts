import { eventIdFor, streamEventIdFor, uuidV5 } from './event-ids';

describe('event ids', () => {
  it('uuidV5 matches the RFC test vector (www.example.com in the DNS namespace)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('a retried command gets the same ids; each index and command its own', () => {
    expect(eventIdFor('cmd-1', 0)).toBe(eventIdFor('cmd-1', 0));
    const ids = new Set([eventIdFor('cmd-1', 0), eventIdFor('cmd-1', 1), eventIdFor('cmd-2', 0), eventIdFor('cmd-10', 0)]);
    expect(ids.size).toBe(4);
    expect(eventIdFor('cmd-1', 3)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('refuses an empty command id and a bad index', () => {
    expect(() => eventIdFor('', 0)).toThrow(/commandId/);
    expect(() => eventIdFor('c', -1)).toThrow(/index/);
    expect(() => eventIdFor('c', 1.5)).toThrow(/index/);
  });
});

describe('stream-scoped event ids (issue 22)', () => {
  it('the same command id on two streams gives two ids, the same on one stream the same id; each differs from the unscoped id', () => {
    expect(streamEventIdFor('tournament-a', 'c1', 0)).not.toBe(streamEventIdFor('tournament-b', 'c1', 0));
    expect(streamEventIdFor('tournament-a', 'c1', 0)).toBe(streamEventIdFor('tournament-a', 'c1', 0));
    expect(streamEventIdFor('tournament-a', 'c1', 0)).not.toBe(eventIdFor('c1', 0));
    expect(() => streamEventIdFor('', 'c1', 0)).toThrow(/streamName/);
  });
});
