/**
 * Another process writing to the server's SQLite file (a second Ledger on the same file, as a
 * scorer's CLI or a second API instance would be): the server's next query shows its writes even
 * with a response cache of a minute (the store's change token moved), and live subscribers on the
 * server hear its events, once each and in order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandOfMove } from '../../src/deal/command-of-move';
import { importIssText } from '../../src/archive/import/import-iss';
import { initialDealState } from '../../src/deal/deal-state';
import { evolve } from '../../src/deal/evolve';
import { Ledger } from '../../src/ledger/ledger';
import { legalMoves } from '../../src/rules/game';
import { corpusLines } from '../iss/corpus';
import { collect, startServer, untilSubscribers, type TestServer } from './harness';
import { openTableAndDeal } from './deal-flow';
import { storedDealEvent } from '../../src/deal/deal-stream';
import { ledgerImportTarget } from '../support/ledger-import-target';

const LIST = '{ deals(first: 50) { totalCount nodes { id } } }';
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
  for (const e of events) state = evolve(state, storedDealEvent(e));
  const move = legalMoves(state.game!)[0];
  await other.execute(commandOfMove(dealId, move), { commandId: `other-${dealId}-${n}`, actorId: 'other-process' });
}

describe('response cache and writes by another process on the same SQLite file', () => {
  it("answers the next identical query with the other process's deals, not the cached answer", async () => {
    const lines = corpusLines()
      .slice(0, 3)
      .map((l) => l.text);
    const empty = await server.gql(LIST);
    expect(empty.body.data.deals.totalCount).toBe(0);
    expect((await server.gql(LIST)).body.data.deals.totalCount).toBe(0); // now served from the cache

    expect((await importIssText(ledgerImportTarget(other), lines[0])).imported).toBe(1);
    const one = await server.gql(LIST);
    expect(one.body.data.deals.totalCount).toBe(1);

    expect((await importIssText(ledgerImportTarget(other), lines.slice(1).join('\n'))).imported).toBe(2);
    const three = await server.gql(LIST);
    expect(three.body.data.deals.totalCount).toBe(3);
    expect(three.body.data.deals.nodes.map((n: { id: string }) => n.id).sort()).toEqual(lines.map((l) => `iss-${/ID\[([^\]]+)\]/.exec(l)![1]}`).sort());
  });

  it('still answers repeated queries from the cache while nothing is written', async () => {
    const first = await server.gql(LIST);
    const again = await server.gql(LIST);
    expect(again.body).toEqual(first.body);
  });
});

describe('a second writer on the same SQLite file', () => {
  it("reaches the server's live subscribers once each, in order, and its cached answers", async () => {
    const admin = server.token({ role: 'admin' });
    const dealId = await openTableAndDeal(server, 't1', ['Anna', 'Ben', 'Cleo'], admin, server.token({ role: 'recorder', table: 't1' }));
    const revisionQuery = `query($id: ID!) { deal(id: $id) { frames(perspective: PUBLIC) { step } } }`;
    const before = (await server.gql(revisionQuery, { id: dealId })).body.data.deal.frames.length;
    const watcher = collect(server.ws(admin), UPDATES, { id: dealId });
    await untilSubscribers(server, dealId, 1);

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
