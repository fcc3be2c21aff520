import { ConcurrencyError } from '../event-store/errors';
import type { EventStore } from '../event-store/event-store';
import { openEventStore } from '../event-store/store-url';
import { IllegalCommandError, Ledger, NotFoundError } from '../ledger/ledger';
import type { StartDeal } from '../deal/commands';
import { eventIdFor, streamEventIdFor } from '../event-store/event-ids';
import { commandEventId } from './handle-command';

const start: StartDeal = { type: 'StartDeal', dealId: 'h1', dealer: 'C', players: ['A', 'B', 'C'], cards: { kind: 'seeded', seed: 'h1' } };

/** A store that reports a conflict on the first `failures` appends, as if another writer got there first. */
function flakyStore(inner: EventStore, failures: number): EventStore & { attempts: number } {
  let left = failures;
  const wrapper = Object.create(inner) as EventStore & { attempts: number };
  wrapper.attempts = 0;
  wrapper.appendToStream = async (name, events, options) => {
    wrapper.attempts++;
    if (left-- > 0) throw new ConcurrencyError(name, String(options.expectedRevision), 'someone else');
    return inner.appendToStream(name, events, options);
  };
  return wrapper;
}

describe('command handling', () => {
  it('a retried command (same commandId) is recorded once and reports alreadyApplied with the same event ids', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const first = await ledger.execute(start, { commandId: 'c1', actorId: 'A' });
    const again = await ledger.execute(start, { commandId: 'c1', actorId: 'A' });
    expect(first.alreadyApplied).toBe(false);
    expect(again.alreadyApplied).toBe(true);
    expect(again.events).toEqual(first.events);
    expect(await ledger.dealEvents('h1')).toHaveLength(2);
    await ledger.close();
  });

  it('given a command id used on one stream, when the same id comes on another stream, then it is a new command there; a retry on each stream records nothing (issue 22)', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const first = await ledger.execute({ type: 'CreateTournament', tournamentId: 'eve-w1', name: 'Week 1' }, { commandId: 'c1', actorId: 'org' });
    const second = await ledger.execute({ type: 'CreateTournament', tournamentId: 'eve-w2', name: 'Week 2' }, { commandId: 'c1', actorId: 'org' });
    expect([first.alreadyApplied, second.alreadyApplied]).toEqual([false, false]);
    expect(second.streamName).toBe('tournament-eve-w2');
    expect(second.events[0].eventId).not.toBe(first.events[0].eventId);
    const retried = await ledger.execute({ type: 'CreateTournament', tournamentId: 'eve-w2', name: 'Week 2' }, { commandId: 'c1', actorId: 'org' });
    expect(retried.alreadyApplied).toBe(true);
    expect(retried.events).toEqual(second.events);
    const deal = await ledger.execute(start, { commandId: 'c1', actorId: 'A' });
    expect(deal.alreadyApplied).toBe(false);
    expect(await ledger.dealEvents('h1')).toHaveLength(2);
    await ledger.close();
    expect(commandEventId('c1', 0, 'tournament-a')).toBe(streamEventIdFor('tournament-a', 'c1', 0));
    // An import's ids stay as they were (unscoped), so a re-import finds its records again.
    expect(commandEventId('import:iss:1', 2, 'deal-iss-1')).toBe(eventIdFor('import:iss:1', 2));
  });

  it('records metadata: commandId, actorId, source, recordedAt, schemaVersion, rulesVersion, correlation and causation', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await ledger.execute(start, { commandId: 'c1', actorId: 'A', source: 'manual', correlationId: 'session-9', occurredAt: '2026-01-01T00:00:00Z' });
    const [e] = await ledger.dealEvents('h1');
    expect(e.metadata).toMatchObject({
      commandId: 'c1',
      actorId: 'A',
      source: 'manual',
      schemaVersion: '1',
      rulesVersion: 'isko@1',
      $correlationId: 'session-9',
      $causationId: 'c1',
      occurredAt: '2026-01-01T00:00:00Z',
      recordedAt: expect.any(String),
      hash: expect.any(String),
    });
    await ledger.close();
  });

  it('an explicit stale expected revision surfaces as ConcurrencyError and appends nothing', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const started = await ledger.execute(start, { commandId: 'c1', actorId: 'A' });
    expect(started.nextExpectedRevision).toBe(1n);
    await expect(
      ledger.execute({ type: 'CallBid', dealId: 'h1', seat: 1, value: 18 }, { commandId: 'c2', actorId: 'B', expectedRevision: 0n }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await ledger.dealEvents('h1')).toHaveLength(2);
    const ok = await ledger.execute({ type: 'CallBid', dealId: 'h1', seat: 1, value: 18 }, { commandId: 'c3', actorId: 'B', expectedRevision: 1n });
    expect(ok.nextExpectedRevision).toBe(2n);
    await ledger.close();
  });

  it('without an expected revision a conflict is retried against the latest state (bounded)', async () => {
    const inner = await openEventStore('sqlite::memory:');
    const flaky = flakyStore(inner, 2);
    const ledger = await Ledger.withStore(flaky);
    await ledger.execute(start, { commandId: 'c1', actorId: 'A' });
    expect(flaky.attempts).toBe(3);
    const hopeless = flakyStore(inner, 100);
    const ledger2 = await Ledger.withStore(hopeless);
    await expect(ledger2.execute({ type: 'CallBid', dealId: 'h1', seat: 1, value: 18 }, { commandId: 'c2', actorId: 'B' })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    expect(hopeless.attempts).toBe(6);
    await ledger.close();
  });

  it('an illegal command throws IllegalCommandError with the rule id and appends nothing', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await ledger.execute(start, { commandId: 'c1', actorId: 'A' });
    const err = await ledger.execute({ type: 'CallBid', dealId: 'h1', seat: 1, value: 19 }, { commandId: 'c2', actorId: 'B' }).catch((e) => e);
    expect(err).toBeInstanceOf(IllegalCommandError);
    expect(err.ruleId).toBe('R5');
    expect(await ledger.dealEvents('h1')).toHaveLength(2);
    await ledger.close();
  });

  it('a command on an unknown deal or table is NotFoundError; a missing commandId is refused', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await expect(ledger.execute({ type: 'PassBid', dealId: 'nope', seat: 1 }, { commandId: 'c1', actorId: 'A' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      ledger.execute({ type: 'StartTableDeal', tableId: 'nope', cards: { kind: 'crypto' } }, { commandId: 'c2', actorId: 'A' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      ledger.execute({ type: 'OpenTable', tableId: 't', players: ['A', 'B', 'C'], firstDealer: 'A', tournamentId: 'nope' }, { commandId: 'c3', actorId: 'A' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(ledger.execute(start, { commandId: '', actorId: 'A' })).rejects.toMatchObject({ ruleId: 'L10' });
    await ledger.close();
  });

  it('bulk append of a deal reports alreadyPresent the second time', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const events = [
      {
        type: 'DealStarted',
        data: {
          dealId: 'b1',
          tableId: null,
          tournamentId: null,
          dealNumber: 1,
          dealer: 'C',
          players: ['A', 'B', 'C'],
          sittingOut: [],
          computerSeats: [],
          profileId: 'isko',
          profileOptions: {},
          profileVersion: '1',
          startedAt: '2026-01-01T00:00:00Z',
        },
        metadata: { eventId: '00000000-0000-5000-8000-000000000001', source: 'import:test' },
      },
    ];
    expect((await ledger.appendDealEvents('b1', events)).status).toBe('appended');
    expect((await ledger.appendDealEvents('b1', events)).status).toBe('alreadyPresent');
    expect((await ledger.deal('b1'))?.source).toBe('import:test');
    await ledger.close();
  });

  it('listeners hear each recorded event after the projections applied it', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const heard: string[] = [];
    const off = ledger.subscribe((e) => {
      heard.push(e.type);
    });
    await ledger.execute(start, { commandId: 'c1', actorId: 'A' });
    expect(heard).toEqual(['DealStarted', 'CardsDealt']);
    off();
    await ledger.execute({ type: 'PassBid', dealId: 'h1', seat: 1 }, { commandId: 'c2', actorId: 'B' });
    expect(heard).toHaveLength(2);
    await ledger.close();
  });
});
