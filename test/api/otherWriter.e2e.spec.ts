/**
 * Another process writing to the server's SQLite file (a second Ledger on the same file, as a
 * scorer's CLI or a second API instance would be): live subscribers on the server hear its events,
 * once each and in order, and the read models and cached answers follow.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandOfMove } from '../../src/deal/commandOfMove';
import { initialDealState } from '../../src/deal/dealState';
import { evolve } from '../../src/deal/evolve';
import { Ledger } from '../../src/ledger/ledger';
import { toStoredDealEvent } from '../../src/projections/replayFrames/replayFrames';
import { legalMoves } from '../../src/rules/game';
import { collect, startServer, type TestServer } from './harness';
import { openTableAndDeal } from './dealFlow';

const UPDATES = `subscription($id: ID!) { dealUpdates(dealId: $id) { eventType revision status frame { step } } }`;

let dir: string;
let server: TestServer;
let other: Ledger;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skat-other-writer-'));
  const storeUrl = `sqlite:${join(dir, 'ledger.db')}`;
  server = await startServer({ storeUrl, responseCacheMs: 60_000 });
  other = await Ledger.open({ storeUrl });
});

afterAll(async () => {
  await other?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Plays the first legal move through the other process's Ledger. */
async function playThroughOther(dealId: string, n: number): Promise<void> {
  const events = await other.dealEvents(dealId);
  let state = initialDealState;
  for (const e of events) state = evolve(state, toStoredDealEvent(e));
  const move = legalMoves(state.game!)[0];
  await other.execute(commandOfMove(dealId, move), { commandId: `other-${dealId}-${n}`, actorId: 'other-process' });
}

describe('a second writer on the same SQLite file', () => {
  it("reaches the server's live subscribers once each, in order, and its cached answers", async () => {
    const admin = server.token({ role: 'admin' });
    const dealId = await openTableAndDeal(server, 't1', ['Anna', 'Ben', 'Cleo'], admin, server.token({ role: 'recorder', table: 't1' }));
    const revisionQuery = `query($id: ID!) { deal(id: $id) { frames(perspective: PUBLIC) { step } } }`;
    const before = (await server.gql(revisionQuery, { id: dealId })).body.data.deal.frames.length;
    const watcher = collect(server.ws(admin), UPDATES, { id: dealId });
    await new Promise((r) => setTimeout(r, 300)); // let the subscription register

    const moves = 12;
    for (let n = 0; n < moves; n++) await playThroughOther(dealId, n);
    await watcher.until((r) => r.length >= moves);
    await new Promise((r) => setTimeout(r, 600)); // nothing more, nothing twice
    watcher.stop();

    expect(watcher.failure).toBeNull();
    const recorded = (await other.dealEvents(dealId)).slice(-moves);
    expect(watcher.received.map((m) => m.data.dealUpdates.revision)).toEqual(recorded.map((e) => String(e.revision)));
    expect(watcher.received.map((m) => m.data.dealUpdates.eventType)).toEqual(recorded.map((e) => e.type));
    // The server's own reads, cached or not, show the moves too.
    expect((await server.gql(revisionQuery, { id: dealId })).body.data.deal.frames.length).toBe(before + moves);
  });
});
