/**
 * Issue 13, item 4: an import goes on past records it may not write. A store from before the
 * import namespaces were reserved may hold a live deal named `iss-<ID>` (a forged record) or a
 * live command with id `import:iss:<ID>` (its event ids are those the record's import writes).
 * Both are written here directly through the store port, as such a store holds them. The import
 * lists each as a conflict (never "already present", never overwritten), imports every other
 * record, and exits 1 — on every re-run too.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventIdFor } from '../../src/event-store/event-ids';
import { openEventStore } from '../../src/event-store/store-url';
import type { NewEvent } from '../../src/event-store/event-store';
import { Ledger } from '../../src/ledger/ledger';
import { runCliCaptured } from '../../src/cli/testing/captured-io';

const FILE = path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss', 'iss-b0n541-jskat-MessageParserTest.sgf');
const records = readFileSync(FILE, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');
const idOf = (line: string) => /ID\[(\d+)\]/.exec(line)![1];
// The first record squatted by a forged deal, one in the middle blocked by a taken command id.
const FORGED = idOf(records[0]);
const BLOCKED = idOf(records[2]);

/** The events of a live deal (Mallory, Eve, Trudy) as the ledger decides them, to be re-filed as a legacy store holds them. */
async function liveDealEvents(): Promise<readonly { type: string; data: unknown; metadata: Record<string, unknown> }[]> {
  const scratch = await Ledger.open({ storeUrl: 'sqlite::memory:' });
  try {
    await scratch.execute(
      { type: 'StartDeal', dealId: 'x', dealer: 'Trudy', players: ['Mallory', 'Eve', 'Trudy'], cards: { kind: 'seeded', seed: 'forged' } },
      { commandId: 'legacy', actorId: 'mallory' },
    );
    // Without the chain fields: the store writes those.
    return (await scratch.dealEvents('x')).map((e) => {
      const { hash: _h, prevHash: _p, recordedAt: _r, ...metadata } = e.metadata as Record<string, unknown>;
      return { type: e.type, data: e.data, metadata };
    });
  } finally {
    await scratch.close();
  }
}

function refiled(events: Awaited<ReturnType<typeof liveDealEvents>>, dealId: string, commandId: string): NewEvent[] {
  return events.map((e, i) => ({
    type: e.type,
    data: e.type === 'DealStarted' ? { ...(e.data as object), dealId } : e.data,
    metadata: { ...e.metadata, eventId: eventIdFor(commandId, i), commandId },
  })) as NewEvent[];
}

describe('ISS import past blocked records (issue 13)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'skat-import-blocked-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists a forged iss-<ID> deal and a record whose import:iss:<ID> ids are taken as conflicts, imports the rest, exits 1, and does so again on a re-run', async () => {
    const url = `sqlite:${path.join(dir, 'legacy.db')}`;
    const live = await liveDealEvents();
    const store = await openEventStore(url);
    await store.appendToStream(`deal-iss-${FORGED}`, refiled(live, `iss-${FORGED}`, 'legacy-forge'), { expectedRevision: 'noStream' });
    await store.appendToStream('deal-t1-blocker', refiled(live, 't1-blocker', `import:iss:${BLOCKED}`), { expectedRevision: 'noStream' });
    const forgedBefore = (await store.readStream(`deal-iss-${FORGED}`)).events.map((e) => e.eventId);
    await store.dispose();

    const first = await runCliCaptured(['import', 'iss', FILE, '--store', url, '--json']);
    expect(first.code).toBe(1);
    const summary = JSON.parse(first.stdout);
    expect(summary).toMatchObject({ records: records.length, imported: records.length - 2, alreadyPresent: 0, rejectedCount: 0, conflictCount: 2 });
    expect(summary.conflicts).toEqual(
      expect.arrayContaining([
        { file: FILE, line: 1, id: FORGED, fields: ['(the stored deal is not an imported ISS record)'], storedFile: null, storedLine: null },
        {
          file: FILE,
          line: 3,
          id: BLOCKED,
          fields: ['(the event ids of its import are taken by stream deal-t1-blocker)'],
          storedFile: null,
          storedLine: null,
          takenBy: 'deal-t1-blocker',
        },
      ]),
    );

    // Every record after the blocked one was imported; the forged deal and the blocker are untouched.
    const check = await Ledger.open({ storeUrl: url });
    try {
      for (const line of records.slice(3)) expect((await check.dealEvents(`iss-${idOf(line)}`)).length).toBeGreaterThan(0);
      expect(await check.dealEvents(`iss-${BLOCKED}`)).toEqual([]);
      expect((await check.dealEvents(`iss-${FORGED}`)).map((e) => e.eventId)).toEqual(forgedBefore);
      expect((await check.dealEvents('t1-blocker')).length).toBe(live.length);
    } finally {
      await check.close();
    }

    // A re-run does not stop at the blocked record either, and says the same in words.
    const again = await runCliCaptured(['import', 'iss', FILE, '--store', url]);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain(
      `CONFLICT ${FILE}:1 ID[${FORGED}]: stored with different content; differs in (the stored deal is not an imported ISS record); not imported`,
    );
    expect(again.stdout).toContain(
      `CONFLICT ${FILE}:3 ID[${BLOCKED}]: blocked (the event ids of its import are taken by stream deal-t1-blocker); not imported`,
    );
    expect(again.stdout).toContain(
      `${records.length} records read; nothing appended: ${records.length - 2} of ${records.length} readable records were already present; 0 rejected; 2 conflicts`,
    );
  });
});
