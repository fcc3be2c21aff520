/**
 * What-if branches over GraphQL (issue 15 item 5): forked from any step, private to their creator
 * (token identity, or an anonymous capability), listed per deal, deleted with a tombstone, never
 * touching the deal's stream, and never showing the hands of a live deal to a caller who may not
 * see them.
 */
import { dealStreamName } from '../../src/deal/events';
import { newCommandId, openTableAndDeal, playOn, position } from './deal-flow';
import { startServer, type TestServer } from './harness';
import { ledgerStore } from '../../src/ledger/store-port';

const FORK = `mutation($c: ID!, $i: ForkBranchInput!) { forkBranch(commandId: $c, input: $i) { id dealId forkStep shared mine capability moves link } }`;
const MOVE = `mutation($c: ID!, $i: BranchMoveInput!) { playBranchMove(commandId: $c, input: $i) { id moves revision } }`;
const DELETE = `mutation($c: ID!, $i: DeleteBranchInput!) { deleteBranch(commandId: $c, input: $i) { id deleted } }`;
const READ = `query($id: ID!, $cap: String) { branch(id: $id, capability: $cap) { id mine steps link(step: 3) frames { step hands { forehand { code } middlehand { code } rearhand { code } } currentTrick { cards { card { code } } } legalMoves { kind card { code } } } } }`;
const LIST = `query($id: ID!, $caps: [String!]) { deal(id: $id) { branches(capabilities: $caps) { id mine shared } } }`;

async function rawStream(server: TestServer, dealId: string): Promise<string> {
  const read = await ledgerStore(server.ledger).readStream(dealStreamName(dealId));
  return JSON.stringify(read.events.map((e) => ({ ...e, revision: e.revision.toString() })));
}

describe('what-if branches over GraphQL (issue 15 item 5)', () => {
  let server: TestServer;
  let admin: string;
  let recorder: string;
  let anna: string;
  let dealId: string;

  beforeAll(async () => {
    server = await startServer();
    admin = server.token({ role: 'admin' });
    recorder = server.token({ role: 'recorder', table: 'bt' });
    anna = server.token({ role: 'player', player: 'Anna' });
    dealId = await openTableAndDeal(server, 'bt', ['Anna', 'Ben', 'Cleo'], admin, recorder);
    await playOn(server, dealId, recorder, 12);
  });
  afterAll(() => server.close());

  it('a live deal: only callers who see every hand may fork; the branch stays hidden from the others', async () => {
    const { last } = await position(server, dealId, recorder);
    for (const token of [undefined, anna]) {
      const r = await server.gql(FORK, { c: newCommandId(), i: { dealId, step: last.step } }, token);
      expect(r.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    const mine = await server.gql(FORK, { c: newCommandId(), i: { dealId, step: last.step, shared: true } }, recorder);
    expect(mine.body.errors).toBeUndefined();
    const id = mine.body.data.forkBranch.id;
    // Shared, but the deal is live: Anna (a seat) and the public may not see the other hands yet.
    for (const token of [undefined, anna]) {
      expect((await server.gql(READ, { id }, token)).body.data.branch).toBeNull();
      expect((await server.gql(LIST, { id: dealId }, token)).body.data.deal.branches).toEqual([]);
    }
    expect((await server.gql(READ, { id }, recorder)).body.data.branch.mine).toBe(true);
    // Its analysis follows the deal's rule: not even the recorder before the deal ends.
    const analysed = await server.gql(`query($id: ID!) { branch(id: $id) { analysis { steps { step } } } }`, { id }, recorder);
    expect(analysed.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it("after the deal: anyone may fork, play other moves with a capability, and the deal's stream stays byte-identical", async () => {
    await playOn(server, dealId, recorder);
    const before = await rawStream(server, dealId);
    const frames = (await position(server, dealId, recorder)).deal.frames;
    const at = frames.find((f: any) => f.phase === 'PLAYING' && f.legalMoves.length > 1);
    const played = frames[at.step + 1];
    const fork = await server.gql(FORK, { c: newCommandId(), i: { dealId, step: at.step } });
    expect(fork.body.errors).toBeUndefined();
    const b = fork.body.data.forkBranch;
    expect(b).toMatchObject({ dealId, forkStep: at.step, shared: false, mine: true, moves: 0 });
    expect(b.capability).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(b.link).toBe(`/?branch=${b.id}#step=${at.step}`);

    const seat = at.toAct.toLowerCase();
    const heldAfter = new Set(played.hands[seat].map((c: any) => c.code));
    const playedCard = at.hands[seat].map((c: any) => c.code).find((c: string) => !heldAfter.has(c));
    const other = at.legalMoves.find((m: any) => m.kind === 'play' && m.card.code !== playedCard);
    // Without the capability an anonymous caller cannot prove ownership.
    const refused = await server.gql(MOVE, { c: newCommandId(), i: { branchId: b.id, kind: 'PLAY', card: other.card.code } });
    expect(refused.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    // R15: a card of another seat's hand is refused, and nothing is recorded.
    const elsewhere = (['forehand', 'middlehand', 'rearhand'] as const).filter((s) => s !== seat).flatMap((s) => at.hands[s].map((c: any) => c.code))[0];
    const illegal = await server.gql(MOVE, { c: newCommandId(), i: { branchId: b.id, capability: b.capability, kind: 'PLAY', card: elsewhere } });
    expect(illegal.body.errors?.[0].extensions).toMatchObject({ code: 'ILLEGAL_MOVE', ruleId: 'R15' });
    const moved = await server.gql(MOVE, { c: newCommandId(), i: { branchId: b.id, capability: b.capability, kind: 'PLAY', card: other.card.code } });
    expect(moved.body.errors).toBeUndefined();

    const read = await server.gql(READ, { id: b.id, cap: b.capability });
    const branch = read.body.data.branch;
    expect(branch.mine).toBe(true);
    expect(branch.link).toBe(`/?branch=${b.id}#step=3`);
    expect(branch.frames.slice(0, at.step + 1).map((f: any) => f.hands)).toEqual(frames.slice(0, at.step + 1).map((f: any) => f.hands));
    expect(branch.frames[branch.frames.length - 1].currentTrick.cards.map((c: any) => c.card.code)).toContain(other.card.code);
    expect(await rawStream(server, dealId)).toBe(before);
    // Shown with the solver's verdicts: the branch's own line, its last position the card just played.
    const verdicts = await server.gql(
      `query($id: ID!, $cap: String) { branch(id: $id, capability: $cap) { analysis { steps { step alternatives { move } } } } }`,
      { id: b.id, cap: b.capability },
    );
    expect(verdicts.body.errors).toBeUndefined();
    const steps = verdicts.body.data.branch.analysis.steps;
    expect(steps[steps.length - 1].step).toBe(at.step + 1);

    // Private: another caller (a token) neither reads nor lists it; its creator lists it with the capability.
    expect((await server.gql(READ, { id: b.id }, anna)).body.data.branch).toBeNull();
    expect((await server.gql(LIST, { id: dealId }, anna)).body.data.deal.branches.map((x: any) => x.id)).not.toContain(b.id);
    expect((await server.gql(LIST, { id: dealId, caps: [b.capability] })).body.data.deal.branches).toContainEqual({ id: b.id, mine: true, shared: false });

    // Another caller cannot delete it; the creator can, and then nobody reads it.
    expect((await server.gql(DELETE, { c: newCommandId(), i: { branchId: b.id } }, anna)).body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const del = await server.gql(DELETE, { c: newCommandId(), i: { branchId: b.id, capability: b.capability } });
    expect(del.body.data.deleteBranch).toEqual({ id: b.id, deleted: true });
    expect((await server.gql(READ, { id: b.id, cap: b.capability })).body.data.branch).toBeNull();
    expect(await rawStream(server, dealId)).toBe(before);
  });

  it('a shared branch is listed for every reader of a finished deal; a token owner needs no capability', async () => {
    const fork = await server.gql(FORK, { c: newCommandId(), i: { dealId, step: 2, shared: true } }, anna);
    const id = fork.body.data.forkBranch.id;
    expect(fork.body.data.forkBranch.capability).toBeNull();
    const listed = (await server.gql(LIST, { id: dealId })).body.data.deal.branches;
    expect(listed).toContainEqual({ id, mine: false, shared: true });
    expect((await server.gql(READ, { id }, anna)).body.data.branch.mine).toBe(true);
    expect((await server.gql(READ, { id })).body.data.branch.mine).toBe(false);
    expect((await server.gql(MOVE, { c: newCommandId(), i: { branchId: id, kind: 'PASS' } }, recorder)).body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
