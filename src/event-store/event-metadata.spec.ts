import { fillTracingIds } from './event-metadata';

describe('tracing ids ($correlationId, $causationId) on every event', () => {
  it('keeps the ids a writer set (a live request, a command caused by another)', () => {
    const metadata: Record<string, string> = { eventId: 'e1', commandId: 'c1', $correlationId: 'request-7', $causationId: 'c0' };
    fillTracingIds(metadata);
    expect(metadata).toMatchObject({ $correlationId: 'request-7', $causationId: 'c0' });
  });

  it('derives missing ids from the command id, so a re-import writes the same metadata', () => {
    const once: Record<string, string> = { eventId: 'e1', commandId: 'import:iss:4947663' };
    const again: Record<string, string> = { eventId: 'e1', commandId: 'import:iss:4947663' };
    fillTracingIds(once);
    fillTracingIds(again);
    expect(once).toEqual({ eventId: 'e1', commandId: 'import:iss:4947663', $correlationId: 'import:iss:4947663', $causationId: 'import:iss:4947663' });
    expect(again).toEqual(once);
  });

  it('falls back to the event id when there is no command id', () => {
    const metadata: Record<string, string> = { eventId: 'e9' };
    fillTracingIds(metadata);
    expect(metadata).toMatchObject({ $correlationId: 'e9', $causationId: 'e9' });
  });
});
