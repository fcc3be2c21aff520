import Database from 'better-sqlite3';
import { readTextForm, writeTextForm, type TextFormEvent } from '../../src/event-store/sqlite/stored-text-form';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decideAll } from '../../src/deal/decide-all';
import { eventIdFor } from '../../src/event-store/event-ids';
import type { NewEvent } from '../../src/event-store/event-store';
import { Ledger } from '../../src/ledger/ledger';
import { CTX, randomDeal } from '../deal/random-deal';
import { ctx, playOut, playTableDeal } from './helpers';

function asNewEvents(dealId: string, events: readonly { type: string; data: unknown }[]): NewEvent[] {
  return events.map((e, i) => ({ type: e.type, data: e.data, metadata: { eventId: eventIdFor(`t:${dealId}`, i), source: 'manual' } }));
}

describe('audit and re-scoring', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'skat-audit-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("a live deal's audit follows every move: a card play moves no read model, yet the next audit lists it", async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const { commands } = randomDeal('live1', 'audit-live');
    const plays = commands.filter((c) => c.type === 'PlayCard');
    expect(plays.length).toBeGreaterThan(2);
    const upTo = commands.indexOf(plays[1]);
    let n = 0;
    for (const c of commands.slice(0, upTo)) await ledger.execute(c, ctx('p', { commandId: `l1-${n++}` }));
    const before = (await ledger.audit('live1'))!.events.length;
    await ledger.execute(commands[upTo], ctx('p', { commandId: `l1-${n++}` }));
    const after = (await ledger.audit('live1'))!;
    expect(after.events.length).toBe(before + 1);
    expect(after.events.map((e) => e.eventId)).toEqual((await ledger.dealEvents('live1')).map((e) => e.eventId));
    await ledger.close();
  });

  it('the audit lists every event with metadata and hash, the chain intact, the recorded and recomputed result, and derivation lines with their events', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const { commands } = randomDeal('a1', 'audit-1');
    let n = 0;
    for (const c of commands) await ledger.execute(c, ctx('p', { commandId: `a1-${n++}` }));
    const audit = (await ledger.audit('a1'))!;
    const events = await ledger.dealEvents('a1');
    expect(audit.events.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
    expect(audit.events.every((e) => typeof e.hash === 'string' && e.metadata.commandId)).toBe(true);
    expect(audit.chain).toEqual({ intact: true, brokenAt: null, reason: null });
    expect(audit.recomputed).toEqual(audit.recorded);
    expect(audit.differences).toEqual([]);
    expect(audit.profileId).toBe('isko');
    expect(audit.currentProfileVersion).toBe(audit.profileVersion);
    const ids = new Set(events.map((e) => e.eventId));
    expect(audit.derivation.length).toBeGreaterThan(0);
    for (const line of audit.derivation) {
      expect(line.eventIds.length).toBeGreaterThan(0);
      for (const id of line.eventIds) expect(ids.has(id)).toBe(true);
    }
    expect(await ledger.audit('missing')).toBeNull();
    await ledger.close();
  });

  it('shows where the hash chain breaks when a stored event was altered outside the store', async () => {
    const file = path.join(dir, 'l.db');
    const ledger = await Ledger.open({ storeUrl: `sqlite:${file}` });
    const { commands } = randomDeal('a2', 'audit-2');
    let n = 0;
    for (const c of commands) await ledger.execute(c, ctx('p', { commandId: `a2-${n++}` }));
    await ledger.close();
    const db = new Database(file);
    const stored = readTextForm(db, { streamName: 'deal-a2', revision: 3 }) as TextFormEvent;
    writeTextForm(db, stored.position, { data: JSON.stringify({ ...(JSON.parse(stored.data) as object), value: 264 }) });
    const changed = stored.type;
    db.close();
    const reopened = await Ledger.open({ storeUrl: `sqlite:${file}` });
    const audit = (await reopened.audit('a2'))!;
    expect(changed).toBeDefined();
    expect(audit.chain.intact).toBe(false);
    expect(audit.chain.brokenAt).toBe('3');
    await reopened.close();
  });

  it('re-scoring lists every deal whose recorded result differs from what the engine derives now', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const good = randomDeal('r1', 'rescore-1');
    await ledger.appendDealEvents('r1', asNewEvents('r1', good.events));
    // A deal recorded by an engine with a scoring bug: its DealScored says +1 more than the rules give.
    let bad = randomDeal('r2', 'rescore-2');
    for (let i = 3; bad.state.recordedResult?.kind !== 'scored'; i++) bad = randomDeal('r2', `rescore-${i}`);
    const tampered = bad.events.map((e) =>
      e.type === 'DealScored' ? { ...e, data: { ...e.data, result: { ...e.data.result, score: (e.data.result.score as number) + 1 } } } : e,
    );
    await ledger.appendDealEvents('r2', asNewEvents('r2', tampered));
    const diffs = await ledger.rescore();
    expect(diffs).toEqual([
      { dealId: 'r2', field: 'score', recorded: (bad.state.recordedResult!.score as number) + 1, recomputed: bad.state.recordedResult!.score },
    ]);
    const audit = await ledger.audit('r2');
    expect(audit?.differences).toEqual([
      { field: 'score', recorded: (bad.state.recordedResult!.score as number) + 1, recomputed: bad.state.recordedResult!.score },
    ]);
    await ledger.close();
  });

  it('decideAll builds a whole deal in memory that appends in one batch (noStream) and replays like a live one', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const { commands } = randomDeal('m1', 'batch-1');
    const decided = decideAll(commands, CTX);
    expect(decided.ok).toBe(true);
    if (!decided.ok) return;
    expect((await ledger.appendDealEvents('m1', asNewEvents('m1', decided.events))).status).toBe('appended');
    expect((await ledger.deal('m1'))?.status).not.toBe('inProgress');
    await ledger.close();
  });

  it('R4: after a misdeal the same dealer deals again under the same deal number; then the deal passes on (R37)', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await ledger.execute({ type: 'OpenTable', tableId: 'm', players: ['A', 'B', 'C'], firstDealer: 'A' }, ctx());
    const first = await ledger.execute({ type: 'StartTableDeal', tableId: 'm', cards: { kind: 'seeded', seed: 'm1' } }, ctx());
    await ledger.execute({ type: 'AbandonDeal', dealId: first.dealId!, reason: 'misdeal', note: 'card exposed' }, ctx());
    const again = await ledger.execute({ type: 'StartTableDeal', tableId: 'm', cards: { kind: 'seeded', seed: 'm2' } }, ctx());
    expect(again.dealId).toBe('m-1-redeal-1');
    expect(await ledger.deal(again.dealId!)).toMatchObject({ dealer: 'A', dealNumber: 1 });
    await playOut(ledger, again.dealId!, 'm2');
    const next = await ledger.execute({ type: 'StartTableDeal', tableId: 'm', cards: { kind: 'seeded', seed: 'm3' } }, ctx());
    expect(await ledger.deal(next.dealId!)).toMatchObject({ dealer: 'B', dealNumber: 2 });
    const sheet = await ledger.scoreSheet('m');
    expect(sheet?.rows.map((r) => [r.dealId, r.notScoreable])).toEqual([
      ['m-1', true],
      ['m-1-redeal-1', false],
    ]);
    expect(sheet?.dealsPlayed).toBe(1);
    expect(sheet?.problem).toBeNull();
    await ledger.close();
  });

  it('a 4-table deal seats three players and records the sitting dealer', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await ledger.execute({ type: 'OpenTable', tableId: 'q', players: ['A', 'B', 'C', 'D'], firstDealer: 'A' }, ctx());
    const dealId = await playTableDeal(ledger, 'q', 'four-1');
    const summary = await ledger.deal(dealId);
    expect(summary).toMatchObject({ dealer: 'A', players: ['B', 'C', 'D'], sittingOut: ['A'], tableId: 'q', dealNumber: 1 });
    const sheet = await ledger.scoreSheet('q');
    expect(sheet?.rows).toHaveLength(1);
    await ledger.close();
  });
});
