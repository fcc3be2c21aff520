/**
 * Issue 11: the last move of a recording that reproduces a result-only deal's result, and the
 * deal's upgrade (ResultUpgraded with the copied play), are appended all or nothing. A write that
 * fails in the middle (an SQLite trigger refusing the ResultUpgraded row, after the move's row went
 * in) leaves neither; on a store that appends its batches one after the other (as EventStoreDB does)
 * the move may stay alone, and the same command again completes the upgrade.
 */
import Database from 'better-sqlite3';
import type { Card } from '../../rules/card';
import { legalMoves } from '../../rules/game';
import { commandOfMove } from '../../deal/command-of-move';
import type { DealCommand } from '../../deal/commands';
import { decide, type DecideContext } from '../../deal/decide';
import { initialDealState, type DealState } from '../../deal/deal-state';
import { evolve } from '../../deal/evolve';
import type { EventStore } from '../../event-store/event-store';
import { SqliteEventStore } from '../../event-store/sqlite/sqlite-event-store';
import { Ledger } from '../ledger';
import { ledgerStore } from '../store-port';

const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const CARDS = { kind: 'given' as const, hands: HANDS, skat: ['C7', 'D7'] as [Card, Card] };
const CLUBS = { gameType: 'clubs' as const, hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false };
const DEAL = 't-1';
const sys = (commandId: string) => ({ commandId, actorId: 'rec', role: 'system' as const });

/**
 * The moves of the reference play (Anna holds 18, picks up, discards C9 C8, plays clubs; each seat
 * then plays its last legal card), worked out with the pure decider: clubs with 11, 116 card points,
 * schneider (R27, R28).
 */
function playOfTheDeal(): DealCommand[] {
  const ctx: DecideContext = { actorId: 'rec', role: 'player', now: '2026-12-01T10:00:00.000Z' };
  const step = (state: DealState, c: DealCommand): DealState => {
    const decided = decide(c, state, ctx);
    if (!decided.ok) throw new Error(decided.refusal.reason);
    return decided.value.reduce((s, e, i) => evolve(s, { ...e, eventId: `${c.type}-${i}-${Math.random()}` }), state);
  };
  let state = step(initialDealState, { type: 'StartDeal', dealId: DEAL, dealer: 'Cleo', players: ['Anna', 'Ben', 'Cleo'], cards: CARDS });
  const moves: DealCommand[] = [
    { type: 'CallBid', dealId: DEAL, seat: 1, value: 18 },
    { type: 'HoldBid', dealId: DEAL, seat: 0 },
    { type: 'PassBid', dealId: DEAL, seat: 1 },
    { type: 'PassBid', dealId: DEAL, seat: 2 },
    { type: 'TakeSkat', dealId: DEAL, seat: 0 },
    { type: 'DiscardSkat', dealId: DEAL, seat: 0, cards: ['C9', 'C8'] },
    { type: 'DeclareGame', dealId: DEAL, seat: 0, declaration: CLUBS },
  ];
  for (const m of moves) state = step(state, m);
  while (!state.recordedResult) {
    const plays = legalMoves(state.game!).filter((m) => m.kind === 'play');
    const command = commandOfMove(DEAL, plays[plays.length - 1]);
    moves.push(command);
    state = step(state, command);
  }
  return moves;
}

/** A result-only deal 1 at table t (dealer Cleo: Anna, Ben, Cleo) whose recording has every move but the last. */
async function recordingButTheLast(ledger: Ledger): Promise<DealCommand> {
  await ledger.execute({ type: 'OpenTable', tableId: 't', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Cleo' }, sys('open'));
  const result = {
    kind: 'game' as const,
    declarer: 0 as const,
    declaration: CLUBS,
    matadors: 11,
    bid: 18,
    declarerPoints: 116,
    nullWon: null,
    schneider: true,
    schwarz: false,
  };
  await ledger.execute({ type: 'StartTableDeal', tableId: 't', result }, sys('enter'));
  await ledger.execute({ type: 'UpgradeDeal', dealId: DEAL, cards: CARDS }, sys('upgrade'));
  const moves = playOfTheDeal();
  for (const [i, m] of moves.slice(0, -1).entries()) await ledger.execute(m, sys(`move-${i}`));
  return moves[moves.length - 1];
}

const streamLength = async (store: EventStore, stream: string): Promise<number> => (await store.readStream(stream)).events.length;
const typesOf = async (store: EventStore, stream: string): Promise<string[]> => (await store.readStream(stream)).events.map((e) => e.type);

describe('upgradeDeal: the last move and the upgrade are appended together (issue 11)', () => {
  it('given a write failing between the move and ResultUpgraded, when the last card is recorded, then nothing of either is written; the same command later upgrades the deal', async () => {
    const db = new Database(':memory:');
    const ledger = await Ledger.withStore(new SqliteEventStore(db));
    try {
      const last = await recordingButTheLast(ledger);
      const count = () => db.prepare('SELECT count(*) FROM events').pluck().get() as number;
      const before = {
        events: count(),
        deal: await streamLength(ledgerStore(ledger), `deal-${DEAL}`),
        recording: await streamLength(ledgerStore(ledger), `upgrade-${DEAL}`),
      };
      // The move's rows go in first (the recording's batch), then the trigger refuses the deal's ResultUpgraded row.
      db.exec(
        `CREATE TRIGGER fail_upgrade BEFORE INSERT ON events WHEN NEW.type_id = (SELECT type_id FROM event_types WHERE name = 'ResultUpgraded') BEGIN SELECT RAISE(ABORT, 'simulated write failure'); END`,
      );
      await expect(ledger.execute(last, sys('last-card'))).rejects.toThrow(/simulated write failure/);
      expect({
        events: count(),
        deal: await streamLength(ledgerStore(ledger), `deal-${DEAL}`),
        recording: await streamLength(ledgerStore(ledger), `upgrade-${DEAL}`),
      }).toEqual(before);
      expect((await ledger.deal(DEAL))?.provenance).toBe('resultOnly');

      db.exec('DROP TRIGGER fail_upgrade');
      const done = await ledger.execute(last, sys('last-card'));
      expect(done.alreadyApplied).toBe(false);
      expect(await typesOf(ledgerStore(ledger), `deal-${DEAL}`)).toContain('ResultUpgraded');
      expect((await typesOf(ledgerStore(ledger), `upgrade-${DEAL}`)).filter((t) => t === 'DealScored')).toHaveLength(1);
      expect((await ledger.deal(DEAL))?.provenance).not.toBe('resultOnly');
    } finally {
      await ledger.close();
    }
  }, 30_000);

  // As EventStoreDB appends them: each batch whole, batches of different streams side by side, so either may fail alone.
  it.each([
    ['the deal', 'second', 'the move stays alone'],
    ['the recording', 'first', 'the upgrade stays alone'],
  ] as const)(
    'given a store without multi-stream transactions where the batch of %s fails (the %s), then %s, and the same command again completes the upgrade once',
    async (_what: string, failing: 'first' | 'second', _left: string) => {
      const real = new SqliteEventStore(new Database(':memory:'));
      let fail = false;
      const separate: EventStore['appendMany'] = async (batches) => {
        const results = new Array(batches.length);
        // The other batch lands; the failing one does not.
        const order = failing === 'first' ? [1, 0] : [0, 1];
        for (const i of order) {
          if (fail && i === (failing === 'first' ? 0 : 1)) {
            fail = false;
            throw new Error('connection lost');
          }
          const b = batches[i];
          if (b) results[i] = await real.appendToStream(b.streamName, b.events, { expectedRevision: b.expectedRevision });
        }
        return results.filter((r) => r !== undefined);
      };
      const store = new Proxy(real, {
        get: (target, key) => {
          if (key === 'appendMany') return separate;
          const value = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const ledger = await Ledger.withStore(store);
      try {
        const last = await recordingButTheLast(ledger);
        const dealBefore = await typesOf(ledgerStore(ledger), `deal-${DEAL}`);
        const recordingBefore = await typesOf(ledgerStore(ledger), `upgrade-${DEAL}`);
        fail = true;
        await expect(ledger.execute(last, sys('last-card'))).rejects.toThrow(/connection lost/);
        if (failing === 'second') {
          expect(await typesOf(ledgerStore(ledger), `deal-${DEAL}`)).toEqual(dealBefore);
          const recording = await typesOf(ledgerStore(ledger), `upgrade-${DEAL}`);
          expect(recording.slice(0, recordingBefore.length)).toEqual(recordingBefore);
          expect(recording.slice(recordingBefore.length)).toContain('DealScored');
        } else {
          expect(await typesOf(ledgerStore(ledger), `upgrade-${DEAL}`)).toEqual(recordingBefore);
          expect(await typesOf(ledgerStore(ledger), `deal-${DEAL}`)).toContain('ResultUpgraded');
        }

        await ledger.execute(last, sys('last-card'));
        const deal = await typesOf(ledgerStore(ledger), `deal-${DEAL}`);
        expect(deal.filter((t) => t === 'ResultUpgraded')).toHaveLength(1);
        expect(deal.slice(0, dealBefore.length)).toEqual(dealBefore);
        expect((await typesOf(ledgerStore(ledger), `upgrade-${DEAL}`)).filter((t) => t === 'DealScored')).toHaveLength(1);
        expect((await ledger.deal(DEAL))?.provenance).not.toBe('resultOnly');
        // Once more (the deal is card-level now): found applied in the recording, nothing changes.
        const lengths = [deal.length, (await typesOf(ledgerStore(ledger), `upgrade-${DEAL}`)).length];
        expect((await ledger.execute(last, sys('last-card'))).alreadyApplied).toBe(true);
        expect([await streamLength(ledgerStore(ledger), `deal-${DEAL}`), await streamLength(ledgerStore(ledger), `upgrade-${DEAL}`)]).toEqual(lengths);
      } finally {
        await ledger.close();
      }
    },
    30_000,
  );
});
