import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Ajv2020 from 'ajv/dist/2020';
import { openEventStore } from '../../src/event-store/store-url';
import type { EventStore } from '../../src/event-store/event-store';
import { importIssFiles } from '../../src/archive/import/import-iss';
import { eventStoreDealSource } from '../../src/archive/export/deal-stream-source';
import { ndjsonDealLines, writeLines } from '../../src/archive/ndjson/ndjson-writer';
import { parseDealFilter, DealFilterError, type DealExportFilter } from '../../src/archive/ndjson/deal-filter';
import { dealRecordOfEvents } from '../../src/archive/ndjson/deal-record';
import { decideAll } from '../../src/deal/decide-all';
import schema from '../../src/archive/ndjson/deal.schema.json';
import { storeImportTarget } from './support/store-import-target';

const ISS_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');
const files = readdirSync(ISS_DIR)
  .filter((f) => f.endsWith('.sgf'))
  .sort()
  .map((f) => path.join(ISS_DIR, f));

function validator() {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  return ajv.compile(schema);
}

async function exportAll(store: EventStore, filter: DealExportFilter = {}): Promise<Record<string, any>[]> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d) => (text += d));
  await writeLines(out, ndjsonDealLines(eventStoreDealSource(store), filter));
  out.end();
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
}

describe('NDJSON hand histories (issue 6)', () => {
  let store: EventStore;
  beforeAll(async () => {
    store = await openEventStore('sqlite::memory:');
    await importIssFiles(storeImportTarget(store), files);
  });
  afterAll(async () => {
    await store.dispose();
  });

  it('the schema is a valid draft 2020-12 schema with descriptions', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(() => validator()).not.toThrow();
    for (const [name, prop] of Object.entries(schema.properties))
      expect([name, typeof (prop as { description?: string }).description === 'string' || '$ref' in prop]).toEqual([name, true]);
  });

  it('every imported deal exports as one line that validates against deal.schema.json', async () => {
    const validate = validator();
    const deals = await exportAll(store);
    expect(deals).toHaveLength(33);
    for (const d of deals) {
      const ok = validate(d);
      expect([d.dealId, ok ? null : validate.errors]).toEqual([d.dealId, null]);
    }
  });

  it('carries players, seats, the deal, bidding, skat, declaration, tricks and the result with its derivation', async () => {
    const [d] = (await exportAll(store)).filter((x) => x.dealId === 'iss-541932');
    expect(d.players).toEqual(['zoot', 'kermit', 'foo']);
    expect(d.seats[2]).toEqual({ seat: 2, position: 'rearhand', player: 'foo', computer: false });
    expect(d.deal.skat).toEqual(['H8', 'CK']);
    expect(d.bidding.slice(0, 3)).toEqual([
      { seat: 1, call: 'pass', value: null },
      { seat: 2, call: 'bid', value: 18 },
      { seat: 0, call: 'pass', value: null },
    ]);
    expect(d.declarer).toEqual({ seat: 2, player: 'foo' });
    expect(d.skat).toEqual({ pickedUp: true, discarded: ['ST', 'H8'] });
    expect(d.declaration).toMatchObject({ gameType: 'diamonds', hand: false });
    expect(d.tricks).toHaveLength(10);
    expect(d.tricks[0]).toMatchObject({
      number: 1,
      leader: 0,
      cards: [
        { seat: 0, card: 'SA' },
        { seat: 1, card: 'S7' },
        { seat: 2, card: 'DA' },
      ],
      winner: 2,
    });
    // R[d:2 loss v:-54 m:-2 bidok p:59 t:4 ...]: the engine agrees with the server here.
    expect(d.result).toMatchObject({ kind: 'scored', won: false, score: -54, matadors: -2, declarerPoints: 59, declarerTricks: 4 });
    expect(d.result.derivation.length).toBeGreaterThan(0);
    expect(d.iss).toMatchObject({ recordId: '541932', recordedResult: { kind: 'game', value: -54 } });
    expect(d.source).toBe('import:iss');
  });

  it('honours the filters: player, table, date range, game type, result', async () => {
    const all = await exportAll(store);
    const ids = (xs: Record<string, any>[]) => xs.map((x) => x.dealId).sort();
    expect(ids(await exportAll(store, { player: 'goskat' }))).toEqual(ids(all.filter((d) => d.players.includes('goskat'))));
    expect((await exportAll(store, { player: 'goskat' })).length).toBeGreaterThan(3);
    expect(ids(await exportAll(store, { tableId: 'iss-series-251395' }))).toEqual(ids(all.filter((d) => d.tableId === 'iss-series-251395')));
    const range = await exportAll(store, parseDealFilter({ from: '2017-09-04', to: '2017-09-05' }));
    expect(range.length).toBeGreaterThan(3);
    expect(range.every((d) => d.startedAt.startsWith('2017-09-04'))).toBe(true);
    const grands = await exportAll(store, { gameType: 'grand' });
    expect(grands).toHaveLength(10);
    const passed = await exportAll(store, { result: 'passedIn' });
    expect(passed).toHaveLength(2);
    const notScoreable = await exportAll(store, { result: 'notScoreable' });
    expect(notScoreable.map((d) => d.abandoned?.reason).sort()).toEqual(['left', 'left', 'timeout', 'timeout']);
    const won = await exportAll(store, { result: 'won' });
    const lost = await exportAll(store, { result: 'lost' });
    expect(won.length + lost.length + passed.length + notScoreable.length).toBe(33);
  });

  it('refuses a bad filter value with a clear error, never ignoring it', () => {
    expect(() => parseDealFilter({ gameType: 'skat' })).toThrow(DealFilterError);
    expect(() => parseDealFilter({ from: 'yesterday' })).toThrow(/is not an ISO 8601 date/);
    expect(() => parseDealFilter({ result: 'maybe' })).toThrow(/won, lost/);
    expect(() => parseDealFilter({ colour: 'red' })).toThrow(/unknown filter/);
    expect(parseDealFilter({ table: 't1', gameType: 'null' })).toEqual({ tableId: 't1', gameType: 'null' });
  });

  it('a live deal in progress validates too (status inProgress, open trick, no result)', () => {
    const ctx = { actorId: 'test', now: '2026-11-29T10:00:00Z' };
    const decided = decideAll(
      [
        { type: 'StartDeal', dealId: 'live-1', dealer: 'C', players: ['A', 'B', 'C'], cards: { kind: 'seeded', seed: 'ndjson' } },
        { type: 'PassBid', dealId: 'live-1', seat: 1 },
        { type: 'PassBid', dealId: 'live-1', seat: 2 },
      ],
      ctx,
    );
    if (!decided.ok) throw new Error(decided.refusal.reason);
    const record = dealRecordOfEvents(decided.events);
    const validate = validator();
    expect(validate(JSON.parse(JSON.stringify(record)))).toBe(true);
    expect(record).toMatchObject({ status: 'inProgress', result: null, source: 'live', declarer: null, iss: null });
  });
});
