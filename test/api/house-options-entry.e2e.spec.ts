/**
 * Issue 11, result-only entry with the house options a table switches on (rules.md §8): Kontra/Re
 * (R40) and Ramsch (R42), over GraphQL/HTTP. The expected sheet is computed here by hand from the
 * entered facts (R26-R31, R40, R42, R34/R35); every refusal leaves the event count unchanged.
 */
import { newCommandId } from './deal-flow';
import { startServer, gqlData, refusedWith, type TestServer } from './harness';

describe('result-only entry with Kontra/Re and Ramsch (R40, R42)', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer();
    admin = s.token({ role: 'admin' });
  });
  afterAll(() => s.close());

  const ok = (query: string, variables: Record<string, unknown>, token: string) => gqlData(s, query, variables, token);
  /** A refused command: the error's rule (or code) and the event count unchanged. */
  const refused = (query: string, variables: Record<string, unknown>, token: string) => refusedWith(s, query, variables, token);
  const OPEN = `mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`;
  const ENTER = `mutation($c: ID!, $i: EnterResultInput!) { enterResult(commandId: $c, input: $i) { dealId } }`;

  it('a table with KONTRA_RE and RAMSCH takes Kontra, Re and Ramsch lines; a plain isko table refuses them', async () => {
    await ok(
      OPEN,
      { c: newCommandId(), i: { tableId: 'house', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna', houseOptions: ['KONTRA_RE', 'RAMSCH'] } },
      admin,
    );
    await ok(OPEN, { c: newCommandId(), i: { tableId: 'plain', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna' } }, admin);
    const rec = s.token({ role: 'recorder', table: 'house' });
    const plain = s.token({ role: 'recorder', table: 'plain' });

    // Deal 1 (Anna deals; Ben, Cleo, Anna): Cleo clubs with 2, 75 points, Kontra: 12 × 3 = 36, × 2 = +72 (R27, R40).
    await ok(
      ENTER,
      { c: newCommandId(), i: { tableId: 'house', result: { declarer: 'Cleo', game: 'CLUBS', matadors: 2, bid: 18, declarerPoints: 75, kontra: true } } },
      rec,
    );
    // R42: where Ramsch is played, all passing is a Ramsch, not a passed-in deal; the lines name the deal's three players.
    expect(await refused(ENTER, { c: newCommandId(), i: { tableId: 'house', result: { passedIn: true } } }, rec)).toBe('R42');
    const lines = (a: number, b: number, c: number) => [
      { player: 'Cleo', points: a, tricks: 5 },
      { player: 'Anna', points: b, tricks: 5 },
      { player: 'Ben', points: c, tricks: 0 },
    ];
    expect(
      await refused(
        ENTER,
        { c: newCommandId(), i: { tableId: 'house', result: { ramsch: [{ player: 'Zed', points: 60, tricks: 5 }, ...lines(60, 60, 0).slice(1)] } } },
        rec,
      ),
    ).toBe('R2');
    expect(await refused(ENTER, { c: newCommandId(), i: { tableId: 'house', result: { ramsch: lines(60, 50, 10) } } }, rec)).toBe('R42');
    // Deal 2 (Ben deals; Cleo, Anna, Ben): Cleo and Anna 60 each lose them, Ben took no trick (Jungfrau): × 2 = -120 each (R42).
    const d2 = await ok(ENTER, { c: newCommandId(), i: { tableId: 'house', result: { ramsch: lines(60, 60, 0) } } }, rec);
    expect(d2.enterResult.dealId).toBe('house-2');
    // R40: Re answers a Kontra.
    expect(
      await refused(
        ENTER,
        { c: newCommandId(), i: { tableId: 'house', result: { declarer: 'Ben', game: 'SPADES', matadors: 1, bid: 18, declarerPoints: 50, re: true } } },
        rec,
      ),
    ).toBe('R40');
    // Deal 3 (Cleo deals; Anna, Ben, Cleo): Ben spades with 1, 50 points, Kontra and Re: 11 × 2 = 22, × 4 = 88, lost -176 (R31, R40).
    await ok(
      ENTER,
      {
        c: newCommandId(),
        i: { tableId: 'house', result: { declarer: 'Ben', game: 'SPADES', matadors: 1, bid: 18, declarerPoints: 50, kontra: true, re: true } },
      },
      rec,
    );

    const sheet = (
      await ok(
        `query { scoreSheet(tableId: "house") { rows { dealNumber game declarer entry resultOnly totals { player total } } totals { player gamePoints won lost opponentsLost seegerFabian } } }`,
        {},
        admin,
      )
    ).scoreSheet;
    expect(sheet.rows.map((r: any) => [r.dealNumber, r.declarer, r.entry, r.resultOnly])).toEqual([
      [1, 'Cleo', 72, true],
      [2, null, 0, true],
      [3, 'Ben', -176, true],
    ]);
    expect(sheet.rows[1].game).toBe('ramsch');
    const last = Object.fromEntries(sheet.rows[2].totals.map((t: any) => [t.player, t.total]));
    expect(last).toEqual({ Anna: -120, Ben: -176, Cleo: 72 - 120 });
    // R35: Ramsch entries are game points, not won or lost games. Cleo -48 + 50 (won) + 40 (Ben lost) = 42;
    // Anna -120 + 40 = -80; Ben -176 - 50 = -226.
    expect(sheet.totals.map((t: any) => [t.player, t.gamePoints, t.won, t.lost, t.seegerFabian])).toEqual([
      ['Anna', -120, 0, 0, -80],
      ['Ben', -176, 0, 1, -226],
      ['Cleo', -48, 1, 0, 42],
    ]);

    // The plain isko table: no Kontra (R40), no Ramsch (R42: all passing is passed in, R8).
    expect(
      await refused(
        ENTER,
        { c: newCommandId(), i: { tableId: 'plain', result: { declarer: 'Cleo', game: 'CLUBS', matadors: 2, bid: 18, declarerPoints: 75, kontra: true } } },
        plain,
      ),
    ).toBe('R40');
    expect(
      await refused(
        ENTER,
        {
          c: newCommandId(),
          i: {
            tableId: 'plain',
            result: {
              ramsch: [
                { player: 'Ben', points: 60, tricks: 5 },
                { player: 'Cleo', points: 60, tricks: 5 },
                { player: 'Anna', points: 0, tricks: 0 },
              ],
            },
          },
        },
        plain,
      ),
    ).toBe('R42');
    expect(
      await refused(
        ENTER,
        { c: newCommandId(), i: { tableId: 'plain', result: { ramsch: [{ player: 'Ben', points: 60, tricks: 5 }], declarer: 'Ben' } } },
        plain,
      ),
    ).toBe('BAD_USER_INPUT');
  }, 30_000);
});
