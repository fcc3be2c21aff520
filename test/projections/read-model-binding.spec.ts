/**
 * Read models bound to their store (#13 item 6, #17): the read-model file records the identity and
 * head of the store it was built from; a file from another store (or from this store before it was
 * restored to an earlier state) is refused at start with a clear error, or rebuilt when asked,
 * never served. The leak this closes: a live deal, still in bidding, shown with all its cards
 * because a foreign file says that deal id is finished.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { EventStore } from '../../src/event-store/event-store';
import { eventIdFor } from '../../src/event-store/event-ids';
import { openEventStore } from '../../src/event-store/store-url';
import { defaultReadModelUrl, Ledger, ReadModelMismatchError } from '../../src/ledger/ledger';
import { BINDING_TABLE } from '../../src/projections/read-model-db';
import { randomDeal } from '../deal/random-deal';
import { startEsdbTestServer, type EsdbTestServer } from '../event-store/esdb/esdb-test-server';
import { transferSince } from '../event-store/esdb/transfer-counters';
import { ledgerStore } from '../../src/ledger/store-port';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'skat-binding-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The whole deal `dealId` (played out), or only its first `upTo` events (a live deal). */
async function appendDeal(store: EventStore, dealId: string, seed: string, upTo?: number): Promise<void> {
  const { events } = randomDeal(dealId, seed);
  const chosen = upTo === undefined ? events : events.slice(0, upTo);
  await store.appendToStream(
    `deal-${dealId}`,
    chosen.map((e, k) => ({ ...e, metadata: { eventId: eventIdFor(`${seed}-${dealId}`, k) } })),
    { expectedRevision: 'noStream' },
  );
}

describe.each([
  ['SQLite', false],
  ['EventStoreDB (test double)', true],
])('read models bound to their store: %s', (_label, esdb) => {
  const servers: EsdbTestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });
  let n = 0;
  /** A fresh, empty store: a SQLite file, or a double of its own. */
  async function freshStore(): Promise<string> {
    if (!esdb) return `sqlite:${path.join(dir, `store-${++n}-${Date.now()}.db`)}`;
    const server = await startEsdbTestServer();
    servers.push(server);
    return server.connectionString;
  }
  const readModels = () => `sqlite:${path.join(dir, `read-models-${esdb ? 'esdb' : 'sqlite'}-${++n}.db`)}`;

  it('a file built from another store is refused at start; a live deal of this store is never served from it', async () => {
    const storeA = await freshStore();
    const storeB = await freshStore();
    const file = readModels();
    const a = await Ledger.open({ storeUrl: storeA, readModelUrl: file });
    await appendDeal(ledgerStore(a), 'shared-id', 'finished');
    expect((await a.deal('shared-id'))?.status).not.toBe('inProgress');
    await a.close();

    const b = await openEventStore(storeB);
    await appendDeal(b, 'shared-id', 'live', 2); // started, one bid: still in bidding
    await b.dispose();

    const refused = Ledger.open({ storeUrl: storeB, readModelUrl: file });
    await expect(refused).rejects.toThrow(ReadModelMismatchError);
    await expect(Ledger.open({ storeUrl: storeB, readModelUrl: file })).rejects.toThrow(
      /do not belong to this event store: it was built from another store.*Nothing is served/,
    );

    // Asked to rebuild: what is served is store B's live deal, not the foreign finished one.
    const rebuilt = await Ledger.open({ storeUrl: storeB, readModelUrl: file, readModelMismatch: 'rebuild' });
    try {
      expect(rebuilt.readModelsRebuiltAtStart).toMatch(/^it was built from another store/);
      const deal = await rebuilt.deal('shared-id');
      expect(deal?.status).toBe('inProgress');
      expect((await rebuilt.deals({}, { first: 10 })).totalCount).toBe(1);
    } finally {
      await rebuilt.close();
    }
    // Now bound to B: it opens without complaint.
    await (await Ledger.open({ storeUrl: storeB, readModelUrl: file })).close();
  });

  it('the same store opens its file again and resumes from the checkpoint', async () => {
    const storeUrl = await freshStore();
    const file = readModels();
    const first = await Ledger.open({ storeUrl, readModelUrl: file });
    for (let i = 0; i < 3; i++) await appendDeal(ledgerStore(first), `r${i}`, 'resume');
    await first.catchUp();
    await first.close();
    const writer = await openEventStore(storeUrl);
    await appendDeal(writer, 'r3', 'resume');
    await writer.dispose();
    const server = servers[servers.length - 1];
    const before = esdb ? { ...server.counters } : undefined;
    const again = await Ledger.open({ storeUrl, readModelUrl: file });
    try {
      expect((await again.deals({}, { first: 10 })).totalCount).toBe(4);
      if (esdb) {
        // The binding check (first event, head event) and the catch-up of one deal: not the log again.
        const dealEvents = randomDeal('r3', 'resume').events.length;
        expect(transferSince(before!, server.counters).eventsSent).toBeLessThanOrEqual(dealEvents + 2);
      }
    } finally {
      await again.close();
    }
  });

  it('a file whose rows reach an event the store does not hold (the store restored from an older copy) is refused', async () => {
    if (esdb) {
      // The double's log can be copied: the "restored" server keeps only the events up to the first deal.
      const storeUrl = await freshStore();
      const file = readModels();
      const ledger = await Ledger.open({ storeUrl, readModelUrl: file });
      await appendDeal(ledgerStore(ledger), 'h0', 'head');
      const server = servers[servers.length - 1];
      const restored = await startEsdbTestServer();
      servers.push(restored);
      for (const e of server.log.events) if (!e.streamName.startsWith('$')) restored.log.append(e.streamName, { kind: 'any' }, [e]);
      await appendDeal(ledgerStore(ledger), 'h1', 'head');
      await ledger.catchUp();
      await ledger.close();
      // The restored copy has h0 (same identity) but not h1, which the read models reach.
      await expect(Ledger.open({ storeUrl: restored.connectionString, readModelUrl: file })).rejects.toThrow(/does not hold|different content|another store/);
      return;
    }
    const storeFile = path.join(dir, `restored-${Date.now()}.db`);
    const file = readModels();
    const ledger = await Ledger.open({ storeUrl: `sqlite:${storeFile}`, readModelUrl: file });
    await appendDeal(ledgerStore(ledger), 'h0', 'head');
    await ledger.close();
    const backup = `${storeFile}.backup`;
    const db = new Database(storeFile);
    await db.backup(backup);
    db.close();
    const later = await Ledger.open({ storeUrl: `sqlite:${storeFile}`, readModelUrl: file });
    await appendDeal(ledgerStore(later), 'h1', 'head');
    await later.catchUp();
    await later.close();
    copyFileSync(backup, storeFile);
    rmSync(`${storeFile}-wal`, { force: true });
    rmSync(`${storeFile}-shm`, { force: true });
    await expect(Ledger.open({ storeUrl: `sqlite:${storeFile}`, readModelUrl: file })).rejects.toThrow(/rows reach event .* which this store does not hold/);
  });

  it('a file written before read models were bound (rows, no binding) is rebuilt once, not refused', async () => {
    const storeUrl = await freshStore();
    const file = readModels();
    const ledger = await Ledger.open({ storeUrl, readModelUrl: file });
    await appendDeal(ledgerStore(ledger), 'u0', 'unbound');
    await ledger.catchUp();
    await ledger.close();
    const raw = new Database(file.slice('sqlite:'.length));
    raw.exec(`DELETE FROM ${BINDING_TABLE}`);
    raw.close();
    const reopened = await Ledger.open({ storeUrl, readModelUrl: file });
    try {
      expect((await reopened.deal('u0'))?.dealId).toBe('u0');
    } finally {
      await reopened.close();
    }
    const check = new Database(file.slice('sqlite:'.length), { readonly: true });
    expect(check.prepare(`SELECT COUNT(*) FROM ${BINDING_TABLE}`).pluck().get()).toBe(2);
    check.close();
  });
});

describe('the default read-model file', () => {
  it('is the SQLite store itself, or for EventStoreDB a file of its own under ./data named by the connection string without credentials', () => {
    expect(defaultReadModelUrl('sqlite:./data/x.db')).toBe('sqlite:./data/x.db');
    expect(defaultReadModelUrl('sqlite::memory:')).toBe('sqlite::memory:');
    const plain = defaultReadModelUrl('esdb+discover://node1:2113,node2:2113?tlsCAFile=/ca.crt');
    expect(plain).toMatch(/^sqlite:\.\/data\/read-models-[0-9a-f]{8}\.db$/);
    expect(defaultReadModelUrl('esdb+discover://ledger:secret@node1:2113,node2:2113?tlsCAFile=/ca.crt')).toBe(plain);
    expect(defaultReadModelUrl('esdb://other:2113?tls=false')).not.toBe(plain);
  });
});
