/**
 * Issue 24 item 4: squatting through what-if branches. A fork may not take a command id of the
 * imports (L17) nor derive event ids a live command will need; deleted and expired branches are
 * not read again; branches per deal and per caller are bounded; anonymous ones expire; only a
 * caller who may read the deal whole deletes a branch, and the answer shows no hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newCommandId, openTableAndDeal, playOn, position } from './deal-flow';
import { codesOf, startServer, type TestServer } from './harness';
import { ledgerStore } from '../../src/ledger/store-port';

const FORK = `mutation($c: ID!, $i: ForkBranchInput!) { forkBranch(commandId: $c, input: $i) { id capability } }`;
const DELETE = `mutation($c: ID!, $i: DeleteBranchInput!) { deleteBranch(commandId: $c, input: $i) { id deleted frames { hands { forehand { code } middlehand { code } rearhand { code } } } } }`;
const LIST = `query($id: ID!, $caps: [String!]) { deal(id: $id) { branches(capabilities: $caps) { id } } }`;
const IMPORT = `mutation($r: String!) { importIss(records: $r) { imported rejectedCount } }`;

const records = readFileSync(join(__dirname, '..', '..', '..', 'shared', 'data', 'iss', 'iss-dranidis-go-skat-history.sgf'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');
const recordId = (line: string): string => /ID\[(\d+)\]/.exec(line)![1];

describe('abuse: branches cannot squat on ids, pile up, or outlive their caller (issue 24 item 4)', () => {
  let s: TestServer;
  let admin: string;
  let finished: string;
  beforeAll(async () => {
    s = await startServer({ branches: { maxBranchesPerCaller: 3, maxBranchesPerDeal: 6, anonymousBranchTtlMs: 2_000 } });
    admin = s.token({ role: 'admin' });
    const first = await s.gql(IMPORT, { r: records[0] }, admin);
    expect(first.body.data.importIss).toEqual({ imported: 1, rejectedCount: 0 });
    finished = `iss-${recordId(records[0])}`;
  });
  afterAll(async () => s.close());

  it("refuses an anonymous fork with an import's command id (L17), so the ISS record still imports", async () => {
    const target = records[1];
    const squat = await s.gql(FORK, { c: `import:iss:${recordId(target)}`, i: { dealId: finished, step: 2 } });
    expect(codesOf(squat)).toEqual(['ILLEGAL_MOVE']);
    expect(squat.body.errors![0].extensions!.ruleId).toBe('L17');
    const imported = await s.gql(IMPORT, { r: target }, admin);
    expect(imported.body.data.importIss).toEqual({ imported: 1, rejectedCount: 0 });
  });

  it("a fork with a recorder's next command id does not block the recorder: branch events are namespaced", async () => {
    const recorder = s.token({ role: 'recorder', table: 'sq1' });
    const dealId = await openTableAndDeal(s, 'sq1', ['Anna', 'Ben', 'Cleo'], admin, recorder);
    const fork = await s.gql(FORK, { c: 'recorder-next-move', i: { dealId: finished, step: 1 } });
    expect(fork.body.errors).toBeUndefined();
    const { last } = await position(s, dealId, recorder);
    expect(last.toAct).toBe('MIDDLEHAND');
    const bid = await s.gql(
      `mutation($c: ID!, $d: ID!) { callBid(commandId: $c, input: { dealId: $d, seat: MIDDLEHAND, value: 18 }) { revision alreadyApplied } }`,
      { c: 'recorder-next-move', d: dealId },
      recorder,
    );
    expect(bid.body.errors).toBeUndefined();
    expect(bid.body.data.callBid.alreadyApplied).toBe(false);
    // The branch stays apart: retried, its fork is the same branch.
    const again = await s.gql(FORK, { c: 'recorder-next-move', i: { dealId: finished, step: 1 } });
    expect(again.body.data.forkBranch.id).toBe(fork.body.data.forkBranch.id);
  });

  it('a deleted branch is not read again: the list of a deal after 25 fork-and-delete cycles reads its index and the live branches only', async () => {
    const dealId = `iss-${recordId(records[1])}`;
    const token = s.token({ role: 'player', player: 'Churner', table: 'none' });
    for (let i = 0; i < 25; i++) {
      const f = await s.gql(FORK, { c: newCommandId(), i: { dealId, step: 3 } }, token);
      expect(f.body.errors).toBeUndefined();
      const d = await s.gql(DELETE, { c: newCommandId(), i: { branchId: f.body.data.forkBranch.id } }, token);
      expect(d.body.errors).toBeUndefined();
    }
    const kept = await s.gql(FORK, { c: newCommandId(), i: { dealId, step: 3, shared: true } }, token);
    const reads = jest.spyOn(ledgerStore(s.ledger), 'readStream');
    try {
      const listed = await s.gql(LIST, { id: dealId });
      expect(listed.body.data.deal.branches.map((b: { id: string }) => b.id)).toEqual([kept.body.data.forkBranch.id]);
      const branchReads = reads.mock.calls.filter(([name]) => name.startsWith('branch'));
      expect(branchReads.length).toBeLessThanOrEqual(2); // the deal's index and the one live branch
    } finally {
      reads.mockRestore();
    }
  });

  it('bounds the live branches of one deal, of all callers together (B8)', async () => {
    // A deal of its own, so that no branch of another test (nor its expiry) is counted.
    expect((await s.gql(IMPORT, { r: records[2] }, admin)).body.data.importIss).toEqual({ imported: 1, rejectedCount: 0 });
    const dealId = `iss-${recordId(records[2])}`;
    const made: string[] = [];
    for (let i = 0; i < 10; i++) {
      const t = s.token({ role: 'player', player: `P${i}`, table: 'none' });
      const f = await s.gql(FORK, { c: newCommandId(), i: { dealId, step: 0 } }, t);
      if (f.body.errors) {
        expect(f.body.errors[0].extensions!.ruleId).toBe('B8');
        break;
      }
      made.push(f.body.data.forkBranch.id);
    }
    expect(made).toHaveLength(6);
  });

  it("an anonymous caller's branches expire: no longer served nor listed, and they no longer count against the caller", async () => {
    const dealId = `iss-${recordId(records[1])}`;
    // The anonymous branches of earlier tests count against this caller until they expire (2 s).
    await new Promise((r) => setTimeout(r, 2_100));
    const forks = [];
    for (let i = 0; i < 3; i++) forks.push((await s.gql(FORK, { c: newCommandId(), i: { dealId, step: 1 } })).body.data.forkBranch);
    const over = await s.gql(FORK, { c: newCommandId(), i: { dealId, step: 1 } });
    expect(over.body.errors![0].extensions!.ruleId).toBe('B6');
    const caps = forks.map((f) => f.capability);
    expect((await s.gql(LIST, { id: dealId, caps })).body.data.deal.branches.map((b: { id: string }) => b.id)).toEqual(
      expect.arrayContaining(forks.map((f) => f.id)),
    );
    await new Promise((r) => setTimeout(r, 2_100));
    const listed = (await s.gql(LIST, { id: dealId, caps })).body.data.deal.branches.map((b: { id: string }) => b.id);
    for (const f of forks) expect(listed).not.toContain(f.id);
    const read = await s.gql(`query($id: ID!, $cap: String) { branch(id: $id, capability: $cap) { id } }`, { id: forks[0].id, cap: caps[0] });
    expect(read.body.data.branch).toBeNull();
    expect((await s.gql(FORK, { c: newCommandId(), i: { dealId, step: 1 } })).body.errors).toBeUndefined();
  });

  it("deleteBranch needs read access to the deal: another 'Anna' gets NOT_FOUND and no hand; the branch lives on", async () => {
    const recorder = s.token({ role: 'recorder', table: 'sq2' });
    const dealId = await openTableAndDeal(s, 'sq2', ['Anna', 'Ben', 'Cleo'], admin, recorder);
    await playOn(s, dealId, recorder, 4);
    const arbiterAnna = s.token({ role: 'arbiter', player: 'Anna' });
    const f = await s.gql(FORK, { c: newCommandId(), i: { dealId, step: 2 } }, arbiterAnna);
    expect(f.body.errors).toBeUndefined();
    const id = f.body.data.forkBranch.id;
    const otherAnna = s.token({ role: 'player', player: 'Anna', table: 'elsewhere' });
    const refused = await s.gql(DELETE, { c: newCommandId(), i: { branchId: id } }, otherAnna);
    expect(codesOf(refused)).toEqual(['NOT_FOUND']);
    expect(JSON.stringify(refused.body)).not.toMatch(/"code":"[CSHD][AKQJT987]"/);
    const still = await s.gql(`query($id: ID!) { branch(id: $id) { id deleted } }`, { id }, arbiterAnna);
    expect(still.body.data.branch).toEqual({ id, deleted: false });
    // The owner deletes it; the answer is the tombstone, without frames.
    const deleted = await s.gql(DELETE, { c: newCommandId(), i: { branchId: id } }, arbiterAnna);
    expect(deleted.body.data.deleteBranch).toEqual({ id, deleted: true, frames: [] });
  });
});
