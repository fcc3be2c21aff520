import { deciderSpec } from '../../test/support/decider-spec';
import { dealDecider } from '../deal/deal-decider';
import type { Card } from '../rules/card';
import { branchDecider } from './branch-decider';
import { DEFAULT_BRANCH_LIMITS } from './branch-rules';
import type { ForkBranch } from './commands';
import type { BranchEvent } from './events';

// A deal just dealt (step 0): Ben (middlehand) is to bid first.
const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const dealt = deciderSpec(dealDecider({ actorId: 'Anna', role: 'player', now: '2026-11-29T10:00:00.000Z' })).givenCommands({
  type: 'StartDeal',
  dealId: 'd1',
  dealer: 'Cleo',
  players: ['Anna', 'Ben', 'Cleo'],
  cards: { kind: 'given', hands: HANDS, skat: ['C7', 'D7'] },
}).state;

const fork: ForkBranch = { type: 'ForkBranch', branchId: 'b1', dealId: 'd1', forkStep: 0, forkRevision: '1', owner: 'me', creator: 'me', shared: false };
const forked: BranchEvent = {
  type: 'BranchForked',
  data: { branchId: 'b1', dealId: 'd1', forkStep: 0, forkRevision: '1', owner: 'me', creator: 'me', shared: false },
};
const bid = { kind: 'bid', seat: 1, value: 18 } as const;
const play = (owner = 'me') => ({ type: 'PlayBranchMove', branchId: 'b1', owner, move: bid }) as const;

describe('branch decider (what-if lines from a replay step)', () => {
  const branch = deciderSpec(branchDecider(dealt, { ...DEFAULT_BRANCH_LIMITS, maxMoves: 1 }));

  it('forks once (B1) from a dealt position, at a step from 0 (B7)', () => {
    branch.given().when(fork).then([forked]);
    branch.given(forked).when(fork).thenRefused('B1');
    branch
      .given()
      .when({ ...fork, forkStep: -1 })
      .thenRefused('B7');
  });

  it('the owner plays legal moves; the rules refuse illegal ones under their own ids (R6); others may not (B3)', () => {
    branch
      .given(forked)
      .when(play())
      .then([{ type: 'BranchMovePlayed', data: { move: bid } }]);
    branch
      .given(forked)
      .when({ ...play(), move: { kind: 'bid', seat: 2, value: 18 } })
      .thenRefused('R6');
    branch.given(forked).when(play('someone else')).thenRefused('B3');
  });

  it('a branch holds at most its limit of moves (B5); a deleted one takes none (B4); an unknown one is refused (B2)', () => {
    branch
      .given(forked)
      .andCommands(play())
      .when({ ...play(), move: { kind: 'hold', seat: 0 } })
      .thenRefused('B5');
    branch
      .given(forked)
      .when({ type: 'DeleteBranch', branchId: 'b1', owner: 'me' })
      .then([{ type: 'BranchDeleted', data: { owner: 'me' } }]);
    branch
      .given(forked, { type: 'BranchDeleted', data: { owner: 'me' } })
      .when(play())
      .thenRefused('B4');
    branch.given().when(play()).thenRefused('B2');
  });
});
