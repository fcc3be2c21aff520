/**
 * Issue 13 item 2: a player's statistics and a list of tables (or of tournaments with their tables)
 * build a sheet per table unless the ledger keeps it, and their cost says so. For the lists: Before, `tables(first: 500) { tableId }` cost 201 however many deals
 * those tables held: on the 100,000-deal store it took 534 ms of CPU (106 ms with the sheets
 * kept), with /health waiting. Its cost now counts the listed tables' deals before anything runs,
 * cheaper for tables whose sheet is kept and current.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSchema, parse } from 'graphql';
import { importIssText } from '../../src/archive/import/import-iss';
import { operationCost } from '../../src/api/limits/complexity-plugin';
import { READ_COST } from '../../src/api/limits/read-model-cost-estimator';
import { Ledger } from '../../src/ledger/ledger';
import { ledgerImportTarget } from '../support/ledger-import-target';

const CORPUS = resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');

describe('the cost of player statistics and lists of tables counts the sheets they build (issue 13 item 2)', () => {
  // Each test on its own ledger: which sheets are kept is exactly what they look at.
  let ledger: Ledger;
  let seriesDeals: number;
  beforeEach(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const text = readdirSync(CORPUS)
      .filter((f) => f.endsWith('.sgf'))
      .map((f) => readFileSync(join(CORPUS, f), 'utf8'))
      .join('\n');
    await importIssText(ledgerImportTarget(ledger), text);
    const page = await ledger.deals({}, { first: 100 });
    seriesDeals = page.items.filter((d) => d.tableId !== null).length;
    expect(seriesDeals).toBeGreaterThan(0);
  });
  afterEach(async () => ledger?.close());

  it("counts the listed tables' deals, as kept once their sheets are built", async () => {
    const all = JSON.stringify({ tournamentId: null, limit: 500 });
    expect(ledger.readCost('tables', all)).toEqual({ rows: seriesDeals, known: false, cachedRows: 0 });
    const listed = await ledger.tables({ limit: 500 });
    expect(listed.length).toBeGreaterThan(0);
    expect(ledger.readCost('tables', all)).toEqual({ rows: 0, known: false, cachedRows: seriesDeals });
    // At most `limit` tables: the first one's deals only.
    const first = listed[0].tableId;
    const firstDeals = (await ledger.deals({ tableId: first }, { first: 100 })).totalCount;
    expect(ledger.readCost('tables', JSON.stringify({ tournamentId: null, limit: 1 }))).toEqual({ rows: 0, known: false, cachedRows: firstDeals });
    // No tournaments in an ISS archive.
    expect(ledger.readCost('tournaments', JSON.stringify({ tournamentId: null, limit: 500 }))).toEqual({ rows: 0, known: false, cachedRows: 0 });
  });

  it("counts a player's deals, and the deals of the sheets his statistics would build until they are kept", async () => {
    const player = (await ledger.deals({}, { first: 100 })).items.find((d) => d.tableId !== null)!.players[0];
    const before = ledger.readCost('playerStats', player);
    expect(before.known).toBe(false);
    expect(before.rows).toBeGreaterThan(0);
    expect(before.buildRows).toBeGreaterThanOrEqual(before.rows); // his tables' deals (the whole series), none kept yet
    await ledger.playerStats(player, { hiddenTournaments: ['another-view'] }); // builds and keeps his sheets (not the memo asked below)
    expect(ledger.readCost('playerStats', player)).toEqual({ known: false, rows: before.rows, buildRows: 0 });
    await ledger.playerStats(player);
    expect(ledger.readCost('playerStats', player)).toMatchObject({ known: true, buildRows: 0 });
  });

  it('charges per deal to build, less per deal kept, so 500 series of 36 deals are refused at the default limit unless kept', () => {
    const schema = buildSchema(`type T { tableId: ID } type Query { tables(first: Int = 100, tournamentId: ID): [T!]! tournaments(first: Int = 100): [T!]! }`);
    const cost = (rows: number, cachedRows: number, q = '{ tables(first: 500) { tableId } }') =>
      operationCost(schema, parse(q), {}, undefined, { readCost: () => ({ rows, known: false, cachedRows }) }).cost;
    expect(cost(500 * 36, 0)).toBeGreaterThan(5000);
    expect(cost(500 * 36, 0)).toBeGreaterThanOrEqual(500 * 36 * READ_COST.tableStatusPerDeal);
    expect(cost(0, 500 * 36)).toBeLessThan(cost(500 * 36, 0));
    // A tournament evening's 20 tables of 36 deals: admissible either way.
    expect(cost(20 * 36, 0, '{ tournaments { tableId } }')).toBeLessThan(5000);
    expect(cost(0, 0, '{ tables { tableId } }')).toBeLessThan(300);
  });
});
