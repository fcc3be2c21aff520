import { randomDeal } from '../../../test/deal/random-deal';
import { BRANCH_STREAM_PREFIX, branchStreamName } from '../../branch/events';
import { dealStreamName } from '../../deal/events';
import { legalMoves } from '../../rules/game';
import type { Move } from '../../rules/move';
import { Branches, BRANCHES_OF_DEAL_PREFIX, branchesOfDealStream } from './branches';
import { Ledger } from '../ledger';
import { ledgerStore } from '../store-port';

const ctx = (commandId: string) => ({ commandId, actorId: 'tester', role: 'system' as const });

/** A finished deal with a declared game played out (seeds are tried in order until one is). */
async function finishedDeal(ledger: Ledger, dealId: string): Promise<void> {
  for (let seed = 0; ; seed++) {
    const deal = randomDeal(dealId, `branch-${seed}`);
    const g = deal.state.game;
    if (!g || !g.declaration || g.declaration.gameType === 'null' || g.tricks.filter((t) => !t.unplayed).length < 10) continue;
    for (const [i, c] of deal.commands.entries()) await ledger.execute(c, ctx(`${dealId}-${i}`));
    return;
  }
}

async function rawStream(ledger: Ledger, stream: string): Promise<string> {
  const read = await ledgerStore(ledger).readStream(stream);
  return JSON.stringify(read.events.map((e) => ({ ...e, revision: e.revision.toString(), storedForm: e.storedForm })));
}

async function streams(ledger: Ledger, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const s of ledgerStore(ledger).listStreams(prefix)) out.push(s);
  return out.sort();
}

/** The step of the first card played in trick 3 and a legal card other than the one played there. */
async function forkPoint(ledger: Ledger, dealId: string): Promise<{ step: number; other: Move }> {
  const frames = await ledger.frames(dealId, {}, { kind: 'all' });
  const idx = frames.findIndex((f) => f.completedTricks.length === 2 && f.currentTrick === null && f.toAct !== null && f.legalMoves.length > 1);
  const next = frames[idx + 1];
  const played = next.currentTrick!.cards[0].card;
  const other = frames[idx].legalMoves.find((m) => m.kind === 'play' && m.card !== played)!;
  return { step: frames[idx].step, other };
}

describe('what-if branches (issue 15 item 5)', () => {
  let ledger: Ledger;
  beforeEach(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await finishedDeal(ledger, 'd1');
  });
  afterEach(() => ledger.close());

  it("plays other moves in a stream of its own: the deal's stream is byte-identical before and after", async () => {
    const before = await rawStream(ledger, dealStreamName('d1'));
    const dealStreams = await streams(ledger, 'deal-');
    const { step, other } = await forkPoint(ledger, 'd1');
    const { info } = await ledger.branches.fork({ dealId: 'd1', step, owner: 'o1', creator: 'c1', shared: false }, ctx('f1'));
    let loaded = (await ledger.branches.load(info.branchId))!;
    await ledger.branches.play(info.branchId, 'o1', other, ctx('m1'));
    // Play on to the end of the game with whatever is legal (R15-R19 apply in a branch as in the deal).
    for (let i = 0; i < 40; i++) {
      loaded = (await ledger.branches.load(info.branchId))!;
      const g = loaded.state.deal.game!;
      if (g.result) break;
      const m = legalMoves(g).find((x) => x.kind === 'play')!;
      await ledger.branches.play(info.branchId, 'o1', m, ctx(`m-${i}`));
    }
    loaded = (await ledger.branches.load(info.branchId))!;
    expect(loaded.state.deal.game!.result).not.toBeNull();
    expect(await rawStream(ledger, dealStreamName('d1'))).toBe(before);
    expect(await streams(ledger, 'deal-')).toEqual(dealStreams);
    expect(await streams(ledger, BRANCH_STREAM_PREFIX)).toEqual([branchStreamName(info.branchId)]);

    const dealFrames = await ledger.frames('d1', { to: step }, { kind: 'all' });
    const frames = ledger.branches.frames(loaded);
    expect(frames.slice(0, step + 1).map((f) => [f.step, f.hands, f.completedTricks])).toEqual(dealFrames.map((f) => [f.step, f.hands, f.completedTricks]));
    expect(frames[step + 1].currentTrick!.cards[0].card).toBe((other as { card: string }).card);
    expect(frames[frames.length - 1].finished).toBe(true);
  });

  it('refuses a move by anyone but the owner, and an illegal move (with its rule id), appending nothing', async () => {
    const { step, other } = await forkPoint(ledger, 'd1');
    const { info } = await ledger.branches.fork({ dealId: 'd1', step, owner: 'o1', creator: 'c1', shared: false }, ctx('f1'));
    await expect(ledger.branches.play(info.branchId, 'someone-else', other, ctx('m1'))).rejects.toMatchObject({ ruleId: 'B3' });
    const g = (await ledger.branches.load(info.branchId))!.state.deal.game!;
    const notHeld = (['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'SA'] as const).find((c) => !g.hands[(other as { seat: 0 | 1 | 2 }).seat].includes(c))!;
    await expect(
      ledger.branches.play(info.branchId, 'o1', { kind: 'play', seat: (other as { seat: 0 | 1 | 2 }).seat, card: notHeld }, ctx('m2')),
    ).rejects.toMatchObject({ name: 'IllegalCommandError' });
    expect((await ledgerStore(ledger).readStream(branchStreamName(info.branchId))).events).toHaveLength(1);
  });

  it('is idempotent per command id, listed per deal, and deleted with a tombstone (nothing lost)', async () => {
    const a = await ledger.branches.fork({ dealId: 'd1', step: 3, owner: 'o1', creator: 'c1', shared: false }, ctx('f1'));
    const again = await ledger.branches.fork({ dealId: 'd1', step: 3, owner: 'o1', creator: 'c1', shared: false }, ctx('f1'));
    expect(again.info.branchId).toBe(a.info.branchId);
    expect(again.outcome.alreadyApplied).toBe(true);
    const b = await ledger.branches.fork({ dealId: 'd1', step: 5, owner: 'o2', creator: 'c2', shared: true }, ctx('f2'));
    expect((await ledger.branches.ofDeal('d1')).map((x) => x.branchId).sort()).toEqual([a.info.branchId, b.info.branchId].sort());
    await expect(ledger.branches.delete(a.info.branchId, 'o2', ctx('del-wrong'))).rejects.toMatchObject({ ruleId: 'B3' });
    await ledger.branches.delete(a.info.branchId, 'o1', ctx('del'));
    expect((await ledger.branches.ofDeal('d1')).map((x) => x.branchId)).toEqual([b.info.branchId]);
    expect(await ledger.branches.load(a.info.branchId)).toBeNull();
    const kept = await ledgerStore(ledger).readStream(branchStreamName(a.info.branchId));
    expect(kept.events.map((e) => e.type)).toEqual(['BranchForked', 'BranchDeleted']);
    await expect(ledger.branches.play(a.info.branchId, 'o1', { kind: 'pass', seat: 0 }, ctx('late'))).rejects.toMatchObject({ ruleId: 'B4' });
  });

  it('caps branches per caller and moves per branch; refuses a step the deal does not have', async () => {
    const small = new Branches(ledgerStore(ledger), { maxMoves: 1, maxBranchesPerCaller: 2 });
    const { step, other } = await forkPoint(ledger, 'd1');
    const x = await small.fork({ dealId: 'd1', step, owner: 'o', creator: 'c', shared: false }, ctx('a'));
    await small.fork({ dealId: 'd1', step, owner: 'o', creator: 'c', shared: false }, ctx('b'));
    await expect(small.fork({ dealId: 'd1', step, owner: 'o', creator: 'c', shared: false }, ctx('c'))).rejects.toMatchObject({ ruleId: 'B6' });
    await small.fork({ dealId: 'd1', step, owner: 'p', creator: 'other-caller', shared: false }, ctx('c'));
    await small.play(x.info.branchId, 'o', other, ctx('m1'));
    const g = (await small.load(x.info.branchId))!.state.deal.game!;
    await expect(small.play(x.info.branchId, 'o', legalMoves(g)[0], ctx('m2'))).rejects.toMatchObject({ ruleId: 'B5' });
    await expect(small.fork({ dealId: 'd1', step: 999, owner: 'q', creator: 'q', shared: false }, ctx('d'))).rejects.toMatchObject({ ruleId: 'B7' });
    await expect(small.fork({ dealId: 'nope', step: 0, owner: 'q', creator: 'q', shared: false }, ctx('e'))).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it('keeps its lists in the store, not in memory: a second instance over the store (another API server) lists and counts what the first wrote (B6)', async () => {
    const other = new Branches(ledgerStore(ledger), { maxMoves: 100, maxBranchesPerCaller: 2 });
    expect(await other.ofDeal('d1')).toEqual([]); // read before anything exists
    const a = await ledger.branches.fork({ dealId: 'd1', step: 3, owner: 'o1', creator: 'c1', shared: false }, ctx('f1'));
    const b = await ledger.branches.fork({ dealId: 'd1', step: 4, owner: 'o1', creator: 'c1', shared: false }, ctx('f2'));
    expect((await other.ofDeal('d1')).map((x) => x.branchId).sort()).toEqual([a.info.branchId, b.info.branchId].sort());
    // The cap counts the caller's branches made through the other instance.
    await expect(other.fork({ dealId: 'd1', step: 5, owner: 'o1', creator: 'c1', shared: false }, ctx('f3'))).rejects.toMatchObject({ ruleId: 'B6' });
    // A deletion through the other instance leaves the list of the first.
    await other.delete(a.info.branchId, 'o1', ctx('del'));
    expect((await ledger.branches.ofDeal('d1')).map((x) => x.branchId)).toEqual([b.info.branchId]);
    await other.fork({ dealId: 'd1', step: 5, owner: 'o1', creator: 'c1', shared: false }, ctx('f3'));
    // A retried fork lists nothing twice; the lists are streams of their own, never the deal's.
    await ledger.branches.fork({ dealId: 'd1', step: 4, owner: 'o1', creator: 'c1', shared: false }, ctx('f2'));
    expect(await ledger.branches.ofDeal('d1')).toHaveLength(2);
    // The deletion struck its entry (BranchUnlisted), so no later list reads the dead branch.
    expect((await ledgerStore(ledger).readStream(branchesOfDealStream('d1'))).events.map((e) => e.type)).toEqual([
      'BranchListed',
      'BranchListed',
      'BranchUnlisted',
      'BranchListed',
    ]);
    expect(await streams(ledger, BRANCHES_OF_DEAL_PREFIX)).toEqual([branchesOfDealStream('d1')]);
  });

  it('names its streams apart from deals, tables and tournaments', () => {
    for (const other of ['deal-', 'table-', 'tournament-']) {
      expect(BRANCH_STREAM_PREFIX.startsWith(other)).toBe(false);
      expect(other.startsWith(BRANCH_STREAM_PREFIX)).toBe(false);
    }
    expect(Branches.idFor('o', 'c')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
