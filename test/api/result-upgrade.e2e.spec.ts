/**
 * Issue 11: a result-only deal upgraded by recording its cards, over GraphQL/HTTP. A reference deal
 * is played card by card at a table of its own; its result is entered on a second table's list
 * twice: right (deal 1) and with the declarer's card points off by one (deal 2). Recording the same
 * cards and moves upgrades deal 1 (its sheet row unchanged, now card-level) and is refused at the
 * last card of deal 2 with the difference named, leaving deal 2 as it was.
 */
import { GIVEN_CARDS, newCommandId, playOn, SEAT_NAMES } from './deal-flow';
import { codesOf, startServer, gqlData, type TestServer } from './harness';
import { ledgerStore } from '../../src/ledger/store-port';

describe('upgrading a result-only deal by recording its cards (issue 11)', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer();
    admin = s.token({ role: 'admin' });
  });
  afterAll(() => s.close());

  const ok = (query: string, variables: Record<string, unknown>, token: string) => gqlData(s, query, variables, token);
  const eventsOf = async (stream: string): Promise<number> => (await ledgerStore(s.ledger).readStream(stream)).events.length;
  const UPGRADE = `mutation($c: ID!, $i: UpgradeDealInput!) { upgradeDeal(commandId: $c, input: $i) { streamName events { type } } }`;
  const SHEET = `query { scoreSheet(tableId: "up") { rows { dealNumber declarer entry resultOnly } totals { player seegerFabian } } }`;

  it('reproducing the entered result upgrades the deal (sheet row unchanged, card-level); a different one is refused at the last card, naming the difference (L18)', async () => {
    const players = ['Anna', 'Ben', 'Cleo'];
    for (const tableId of ['ref', 'up'])
      await ok(
        `mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`,
        { c: newCommandId(), i: { tableId, players, firstDealer: 'Anna' } },
        admin,
      );
    const ref = s.token({ role: 'recorder', table: 'ref' });
    const rec = s.token({ role: 'recorder', table: 'up' });

    // The reference: deal 1 of its table, card by card (Anna deals: Ben, Cleo, Anna).
    await ok(
      `mutation($c: ID!, $i: StartTableDealInput!) { startTableDeal(commandId: $c, input: $i) { dealId } }`,
      { c: newCommandId(), i: { tableId: 'ref', cards: GIVEN_CARDS } },
      ref,
    );
    const moves = await playOn(s, 'ref-1', ref);
    const r = (
      await ok(`query { deal(id: "ref-1") { players result { declarer game hand bid matadors declarerPoints schneider schwarz won score } } }`, {}, ref)
    ).deal;
    const res = r.result;
    expect(res.game).not.toBe('NULL'); // the script declares grand: a game decided by card points
    const seat = SEAT_NAMES.indexOf(res.declarer);
    const facts = (dealer: number, points: number) => {
      // R2/R37: at deal n of a 3-table the seats are the three players clockwise from the dealer's left.
      const seated = [players[(dealer + 1) % 3], players[(dealer + 2) % 3], players[dealer]];
      return {
        declarer: seated[seat],
        game: res.game,
        hand: res.hand,
        matadors: res.matadors,
        bid: res.bid,
        declarerPoints: points,
        schneider: points >= 90 || points <= 30,
        schwarz: res.schwarz,
      };
    };
    // A wrong count that keeps everything else (won/lost, schneider) as it was.
    const p = res.declarerPoints as number;
    const wrong = [p + 1, p - 1].find(
      (q) => q >= 0 && q <= 120 && q >= 61 === p >= 61 && (q >= 90 || q <= 30) === (p >= 90 || p <= 30) && (q === 120 || q <= 22) === (p === 120 || p <= 22),
    ) as number;
    const ENTER = `mutation($c: ID!, $i: EnterResultInput!) { enterResult(commandId: $c, input: $i) { dealId } }`;
    await ok(ENTER, { c: newCommandId(), i: { tableId: 'up', result: facts(0, p) } }, rec);
    await ok(ENTER, { c: newCommandId(), i: { tableId: 'up', result: facts(1, wrong) } }, rec);
    const before = (await ok(SHEET, {}, admin)).scoreSheet;
    expect(before.rows.map((x: any) => [x.dealNumber, x.entry, x.resultOnly])).toEqual([
      [1, res.score, true],
      [2, res.score, true],
    ]);

    // Deal 1: the same cards and moves, recorded against the result-only deal.
    const began = await ok(UPGRADE, { c: newCommandId(), i: { dealId: 'up-1', cards: GIVEN_CARDS } }, rec);
    expect(began.upgradeDeal).toMatchObject({ streamName: 'upgrade-up-1', events: [{ type: 'DealStarted' }, { type: 'CardsDealt' }] });
    const dealEvents = await eventsOf('deal-up-1');
    for (const [i, m] of moves.entries()) {
      await ok(m.mutation, { ...m.variables, dealId: 'up-1', commandId: newCommandId() }, rec);
      // Nothing reaches the deal itself until the recording ends with its result.
      if (i < moves.length - 1) expect(await eventsOf('deal-up-1')).toBe(dealEvents);
    }
    const recorded = (await ok(`query { deal(id: "up-1") { frames { step } recordingFrames(from: 0, to: 0) { step } } }`, {}, rec)).deal;
    expect(recorded.frames).toHaveLength(moves.length + 1);
    expect(recorded.recordingFrames).toEqual([{ step: 0 }]);
    const after = (await ok(SHEET, {}, admin)).scoreSheet;
    expect(after.rows[0]).toMatchObject({ dealNumber: 1, declarer: before.rows[0].declarer, entry: res.score, resultOnly: false });
    expect(after.totals).toEqual(before.totals);
    expect(codesOf(await s.gql(UPGRADE, { c: newCommandId(), i: { dealId: 'up-1', cards: GIVEN_CARDS } }, rec))).toEqual(['ILLEGAL_MOVE']);

    // Deal 2: entered with one card point off; the seats of deal 2 differ, the cards per seat are the same.
    await ok(UPGRADE, { c: newCommandId(), i: { dealId: 'up-2', cards: GIVEN_CARDS } }, rec);
    for (const m of moves.slice(0, -1)) await ok(m.mutation, { ...m.variables, dealId: 'up-2', commandId: newCommandId() }, rec);
    const untouched = await eventsOf('deal-up-2');
    const recording = await eventsOf('upgrade-up-2');
    const last = moves[moves.length - 1];
    const refused = await s.gql(last.mutation, { ...last.variables, dealId: 'up-2', commandId: newCommandId() }, rec);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ ruleId: 'L18' });
    expect(refused.body.errors?.[0]?.message).toContain(`entered ${wrong} card points, the cards give ${p}`);
    expect([await eventsOf('deal-up-2'), await eventsOf('upgrade-up-2')]).toEqual([untouched, recording]);
    expect((await ok(SHEET, {}, admin)).scoreSheet.rows[1]).toEqual(before.rows[1]);
    // The recording is open still: its last move can be withdrawn like any slip.
    await ok(
      `mutation($c: ID!, $i: WithdrawMoveInput!) { withdrawMove(commandId: $c, input: $i) { streamName } }`,
      { c: newCommandId(), i: { dealId: 'up-2', reason: 'check the last trick' } },
      rec,
    );

    // A deal recorded card by card has nothing to upgrade; another table's recorder may not record it.
    expect((await s.gql(UPGRADE, { c: newCommandId(), i: { dealId: 'ref-1', cards: GIVEN_CARDS } }, ref)).body.errors?.[0]?.extensions).toMatchObject({
      ruleId: 'L18',
    });
    expect(codesOf(await s.gql(UPGRADE, { c: newCommandId(), i: { dealId: 'up-2', cards: GIVEN_CARDS } }, ref))).toEqual(['FORBIDDEN']);

    // replaceHands (issue 23, L25) goes to the open recording like its moves: cards have been played
    // there, so the hands are no longer replaced; a finished deal takes none (L3); the cards must be
    // GIVEN ones; only the table's recorder replaces them.
    const REPLACE = `mutation($c: ID!, $i: ReplaceHandsInput!) { replaceHands(commandId: $c, input: $i) { revision } }`;
    const swapped = { ...GIVEN_CARDS, hands: [GIVEN_CARDS.hands[1], GIVEN_CARDS.hands[0], GIVEN_CARDS.hands[2]] };
    const replace = (dealId: string, cards: unknown, token: string) => s.gql(REPLACE, { c: newCommandId(), i: { dealId, cards, reason: 'mistyped' } }, token);
    const inRecording = await replace('up-2', swapped, rec);
    expect(inRecording.body.errors?.[0]?.extensions).toMatchObject({ code: 'ILLEGAL_MOVE', ruleId: 'L25' });
    expect(inRecording.body.errors?.[0]?.message).toMatch(/a card has been played/);
    expect((await replace('ref-1', swapped, ref)).body.errors?.[0]?.extensions).toMatchObject({ ruleId: 'L3' });
    expect(codesOf(await replace('up-2', { shuffle: 'SEEN' }, rec))).toEqual(['BAD_USER_INPUT']);
    expect(codesOf(await replace('up-2', swapped, ref))).toEqual(['FORBIDDEN']);
  }, 60_000);
});
