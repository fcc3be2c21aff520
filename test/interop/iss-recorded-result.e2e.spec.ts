/**
 * Recorded versus recomputed: an imported deal keeps the record's own result next to the
 * engine's. The ledger scores with the engine's (D3/R31: a lost game is -2 x its value); the
 * audit, the deal summary, player statistics, the NDJSON export and GraphQL say which result they
 * use and whether the record's own agrees, and `export iss` still writes the record's line byte
 * for byte, wrong value included.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bulkImportTarget } from '../../src/archive/import/bulk-import-target';
import { importIssText } from '../../src/archive/import/import-iss';
import { eventStoreDealSource } from '../../src/archive/export/deal-stream-source';
import { exportIssLines } from '../../src/archive/export/export-iss';
import { ndjsonDealLines } from '../../src/archive/ndjson/ndjson-writer';
import { Ledger } from '../../src/ledger/ledger';
import { startServer } from '../api/harness';
import { ledgerStore } from '../../src/ledger/store-port';

const source = readFileSync(path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss', 'iss-dranidis-go-skat-history.sgf'), 'utf8')
  .split('\n')
  .find((l) => l.includes(' v:-48 ')) as string;
const id = /ID\[([^\]]+)\]/.exec(source)![1];
// The same record claiming twice the loss the rules give.
const claimsMinus96 = source.replace(' v:-48 ', ' v:-96 ');
const recordedPoints = Number(/ p:(\d+) /.exec(source)![1]);
const declarerName = (line: string) => {
  const seat = Number(/R\[d:(\d)/.exec(line)![1]);
  return new RegExp(`P${seat}\\[([^\\]]+)\\]`).exec(line)![1];
};
const disagreesOnV = {
  uses: 'engine',
  agrees: false,
  mismatches: [{ field: 'v', recorded: -96, recomputed: -48 }],
  text: 'recorded result disagrees: v',
  recordedValue: -96,
  recordedDeclarerPoints: recordedPoints,
};

describe('recorded versus recomputed result of an imported deal', () => {
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const summary = await importIssText(bulkImportTarget(ledger), claimsMinus96);
    expect(summary).toMatchObject({ imported: 1, rejectedCount: 0 });
  });
  afterAll(() => ledger.close());

  it('R31: the ledger scores the engine result (-48); the audit says the recorded result disagrees: v', async () => {
    expect((await ledger.deal(`iss-${id}`))?.score).toBe(-48);
    const audit = await ledger.audit(`iss-${id}`);
    expect(audit?.archive).toEqual(disagreesOnV);
    // The engine's own result is unchanged since import: recorded (DealScored) and recomputed agree.
    expect(audit?.differences).toEqual([]);
  });

  it("the deal summary scores with the engine's result and carries the record's own check, v and p", async () => {
    const summary = await ledger.deal(`iss-${id}`);
    expect(summary).toMatchObject({ score: -48, won: false, archive: disagreesOnV });
  });

  it("player statistics say they use the engine's results and count the deals whose record disagrees", async () => {
    const stats = await ledger.playerStats(declarerName(claimsMinus96));
    expect(stats).toMatchObject({ uses: 'engine', lostAsDeclarer: 1, archiveRecordsCompared: 1, archiveRecordsDisagreeing: 1 });
  });

  it('GraphQL: Deal.archive and PlayerStats show which result is used, whether it agrees and the recorded v/p', async () => {
    const server = await startServer();
    try {
      await importIssText(bulkImportTarget(server.ledger), claimsMinus96);
      const r = await server.gql(
        `query($id: ID!, $p: String!) {
          deal(id: $id) { result { score } archive { uses agrees text recordedValue recordedDeclarerPoints mismatches { field recorded recomputed } } }
          playerStats(player: $p) { uses archiveRecordsCompared archiveRecordsDisagreeing }
        }`,
        { id: `iss-${id}`, p: declarerName(claimsMinus96) },
      );
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data.deal).toEqual({
        result: { score: -48 },
        archive: {
          uses: 'ENGINE',
          agrees: false,
          text: 'recorded result disagrees: v',
          recordedValue: -96,
          recordedDeclarerPoints: recordedPoints,
          mismatches: [{ field: 'v', recorded: '-96', recomputed: '-48' }],
        },
      });
      expect(r.body.data.playerStats).toEqual({ uses: 'ENGINE', archiveRecordsCompared: 1, archiveRecordsDisagreeing: 1 });
    } finally {
      await server.close();
    }
  });

  it('the NDJSON record carries both results and the check', async () => {
    const lines: string[] = [];
    for await (const l of ndjsonDealLines(eventStoreDealSource(ledgerStore(ledger)))) lines.push(l);
    const record = JSON.parse(lines[0]);
    expect(record.result.score).toBe(-48);
    expect(record.iss.recordedResult.value).toBe(-96);
    expect(record.iss.resultCheck).toEqual({
      uses: 'engine',
      agrees: false,
      mismatches: [{ field: 'v', recorded: -96, recomputed: -48 }],
      text: 'recorded result disagrees: v',
    });
  });

  it('export iss writes the record as it was, byte for byte (its own v:-96 included)', async () => {
    const out: (string | null)[] = [];
    for await (const l of exportIssLines(eventStoreDealSource(ledgerStore(ledger)))) out.push(l.line);
    expect(out).toEqual([claimsMinus96]);
  });

  it('a record whose result the rules give agrees', async () => {
    const other = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    try {
      await importIssText(bulkImportTarget(other), source);
      const agrees = {
        uses: 'engine',
        agrees: true,
        mismatches: [],
        text: 'recorded result agrees',
        recordedValue: -48,
        recordedDeclarerPoints: recordedPoints,
      };
      expect((await other.audit(`iss-${id}`))?.archive).toEqual(agrees);
      expect((await other.deal(`iss-${id}`))?.archive).toEqual(agrees);
      expect(await other.playerStats(declarerName(source))).toMatchObject({ archiveRecordsCompared: 1, archiveRecordsDisagreeing: 0 });
    } finally {
      await other.close();
    }
  });
});
