import type { Card } from '../rules/card';
import type { Declaration } from '../rules/declaration';
import type { EnteredResult } from '../rules/result-entry';
import { legalMoves } from '../rules/game';
import type { DealCommand, StartDeal } from './commands';
import type { DecideContext } from './decide';
import { dealDecider } from './deal-decider';
import type { DealState } from './deal-state';
import type { DealEvent } from './events';
import { deciderSpec, type Outcome } from '../../test/support/decider-spec';
import { commandOfMove } from './command-of-move';

// Given/when/then specs for issue 11's deal commands: withdrawals, result-only entry, confirmations, disputes, validated corrections.
const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const D = 'd1';
const recorder: DecideContext = { actorId: 'rec', role: 'player', now: '2026-11-29T10:00:00.000Z' };
const arbiter: DecideContext = { actorId: 'Ulla', role: 'arbiter', now: '2026-11-29T11:00:00.000Z' };
const clubs: Declaration = { gameType: 'clubs', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false };
const withCards: StartDeal = {
  type: 'StartDeal',
  dealId: D,
  dealer: 'Cleo',
  players: ['Anna', 'Ben', 'Cleo'],
  cards: { kind: 'given', hands: HANDS, skat: ['C7', 'D7'] },
};
const game = (over: Partial<Extract<EnteredResult, { kind: 'game' }>> = {}): EnteredResult => ({
  kind: 'game',
  declarer: 0,
  declaration: clubs,
  matadors: 4,
  bid: 18,
  declarerPoints: 70,
  nullWon: null,
  schneider: false,
  schwarz: false,
  ...over,
});
const resultOnly = (result: EnteredResult): StartDeal => ({ type: 'StartDeal', dealId: D, dealer: 'Cleo', players: ['Anna', 'Ben', 'Cleo'], result });

let n = 0;
/** The deal decider as the recorder records; recorded events get ids, so withdrawals and rulings can refer to them. */
const deal = deciderSpec(dealDecider(recorder), { recorded: (e) => ({ ...e, eventId: `e${n++}` }) });
/** Given these commands were accepted. */
const given = (...commands: DealCommand[]) => deal.givenCommands(...commands);
const refusedWith = (o: Outcome<DealEvent, DealState>): string => (o.judgement.ok ? 'accepted' : o.judgement.refusal.ruleId);

const bid18: DealCommand = { type: 'CallBid', dealId: D, seat: 1, value: 18 };
const hold: DealCommand = { type: 'HoldBid', dealId: D, seat: 0 };
const benPasses: DealCommand = { type: 'PassBid', dealId: D, seat: 1 };

describe('MoveWithdrawn: a recording slip is undone (issue 11 item 2)', () => {
  it('given a bid recorded by mistake, when the recorder withdraws it, then the deal is as before the bid and the move may be recorded again', () => {
    const before = given(withCards);
    const state = given(withCards, bid18);
    const [w] = state.when({ type: 'WithdrawMove', dealId: D, reason: 'Ben said 20, not 18' }).thenEvents();
    expect(w).toMatchObject({ type: 'MoveWithdrawn', data: { moves: 1, by: 'rec', byArbiter: false, reason: 'Ben said 20, not 18' } });
    const after = state.and(w);
    expect(after.state.game).toEqual(before.state.game);
    expect(legalMoves(after.state.game!)).toEqual(legalMoves(before.state.game!));
    expect(refusedWith(after.when({ type: 'CallBid', dealId: D, seat: 1, value: 20 }))).toBe('accepted');
  });

  it('L15: given two moves after it, when the recorder withdraws the first bid, then it is refused; an arbiter may go back that far with a reason', () => {
    const state = given(withCards, bid18, hold, benPasses);
    const firstBid = state.state.moves[0].eventIds[0];
    expect(refusedWith(state.when({ type: 'WithdrawMove', dealId: D, moveEventId: firstBid, reason: 'slip' }))).toBe('L15');
    const [w] = state
      .when({ type: 'WithdrawMove', dealId: D, moveEventId: firstBid, reason: 'the whole auction was misheard' }, dealDecider(arbiter))
      .thenEvents();
    expect(w).toMatchObject({ type: 'MoveWithdrawn', data: { moves: 3, byArbiter: true } });
    expect(state.and(w).state.moves).toHaveLength(0);
  });

  it('refused: nothing recorded yet (L15), no reason (L5), a finished deal (L3)', () => {
    expect(refusedWith(given(withCards).when({ type: 'WithdrawMove', dealId: D, reason: 'x' }))).toBe('L15');
    expect(refusedWith(given(withCards, bid18).when({ type: 'WithdrawMove', dealId: D, reason: ' ' }))).toBe('L5');
    expect(refusedWith(given(resultOnly({ kind: 'passedIn' })).when({ type: 'WithdrawMove', dealId: D, reason: 'x' }))).toBe('L3');
  });

  it('an ouvert declaration is withdrawn with its display', () => {
    const cleoPasses: DealCommand = { type: 'PassBid', dealId: D, seat: 2 };
    const state = given(withCards, bid18, hold, benPasses, cleoPasses, {
      type: 'DeclareGame',
      dealId: D,
      seat: 0,
      declaration: { ...clubs, hand: true, ouvert: true },
    });
    expect(state.state.moves[state.state.moves.length - 1].eventIds).toHaveLength(2);
    const [w] = state.when({ type: 'WithdrawMove', dealId: D, reason: 'not ouvert' }).thenEvents();
    const after = state.and(w);
    expect(after.state.shown).toBeNull();
    expect(after.state.game?.phase).toBe('skatDecision');
    expect(after.state.game?.declaration).toBeNull();
  });
});

describe('result-only entry (issue 11 item 3)', () => {
  it('given the facts of a clubs game with 4, when entered, then DealStarted, ResultEntered and DealScored: 12 × 5 = 60 won (R27/R28/R30)', () => {
    const events = given().when(resultOnly(game())).thenEvents();
    expect(events.map((e) => e.type)).toEqual(['DealStarted', 'ResultEntered', 'DealScored']);
    const scored = events[2];
    expect(scored.type === 'DealScored' && scored.data.result).toMatchObject({
      kind: 'scored',
      won: true,
      gameValue: 60,
      score: 60,
      matadors: 4,
      declarerTricks: null,
    });
  });

  it('lost (R31), schneider (R23), overbid (R32), null (R29) and passed in (R8) are scored by the engine', () => {
    const score = (r: EnteredResult) => {
      const e = given()
        .when(resultOnly(r))
        .thenEvents()
        .find((x) => x.type === 'DealScored');
      return e?.type === 'DealScored' ? e.data.result : null;
    };
    expect(score(game({ matadors: -2, declarerPoints: 59 }))).toMatchObject({ won: false, score: -72 });
    expect(score(game({ matadors: 1, declarerPoints: 30, schneider: true }))).toMatchObject({ won: false, score: -72 });
    expect(score(game({ matadors: 1, bid: 30, declarerPoints: 80 }))).toMatchObject({ won: false, overbid: true, score: -72 });
    expect(score(game({ declaration: { ...clubs, gameType: 'null' }, matadors: 0, declarerPoints: null, nullWon: true }))).toMatchObject({
      won: true,
      score: 23,
    });
    expect(score({ kind: 'passedIn' })).toMatchObject({ kind: 'passedIn', score: null });
  });

  it('refuses impossible facts, naming the rule: grand with 5 (R27), null with matadors (R27), schneider the points contradict (R23), schwarz with 70 points (R24), bid 19 (R5), schneider announced after picking up (R12)', () => {
    const refused = (r: EnteredResult) => refusedWith(given().when(resultOnly(r)));
    expect(refused(game({ declaration: { ...clubs, gameType: 'grand' }, matadors: 5 }))).toBe('R27');
    expect(refused(game({ declaration: { ...clubs, gameType: 'null' }, matadors: 2, declarerPoints: null, nullWon: true }))).toBe('R27');
    expect(refused(game({ declarerPoints: 95, schneider: false }))).toBe('R23');
    expect(refused(game({ schwarz: true }))).toBe('R24');
    expect(refused(game({ bid: 19 }))).toBe('R5');
    expect(refused(game({ declaration: { ...clubs, schneiderAnnounced: true } }))).toBe('R12');
    expect(refusedWith(given().when({ ...resultOnly(game()), cards: withCards.cards }))).toBe('L7');
  });
});

describe('card points the cards can give (issue 22 item 5)', () => {
  const refused = (r: EnteredResult) => given().when(resultOnly(r));
  const scored = (r: EnteredResult) => {
    const e = given()
      .when(resultOnly(r))
      .thenEvents()
      .find((x) => x.type === 'DealScored');
    return e?.type === 'DealScored' ? e.data.result : null;
  };

  it('given a clubs game, when entered with 1 or 119 card points, then it is refused: no card is worth 1 (R1)', () => {
    for (const declarerPoints of [1, 119]) {
      const o = refused(game({ declarerPoints, schneider: undefined }));
      expect(refusedWith(o)).toBe('R1');
      expect(o.judgement.ok ? '' : o.judgement.refusal.reason).toMatch(/worth 1/);
    }
    expect(scored(game({ declarerPoints: 2, schneider: undefined }))).toMatchObject({ won: false, schneider: true });
    expect(scored(game({ declarerPoints: 118, schneider: undefined }))).toMatchObject({ won: true, schneider: true });
  });

  it('given a lost schwarz (the declarer took no trick), when entered with 19 points, then it is refused: the skat holds 0, 2-8, 10-15 or 20-22 (R24)', () => {
    const o = refused(game({ declarerPoints: 19, schwarz: true, schneider: undefined }));
    expect(refusedWith(o)).toBe('R24');
    expect(o.judgement.ok ? '' : o.judgement.refusal.reason).toMatch(/0, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 20, 21, 22/);
    for (const p of [9, 16, 17, 18, 19, 23]) expect(refusedWith(refused(game({ declarerPoints: p, schwarz: true, schneider: undefined })))).toBe('R24');
    for (const p of [0, 2, 8, 10, 15, 20, 22])
      expect(scored(game({ declarerPoints: p, schwarz: true, schneider: undefined }))).toMatchObject({ won: false, schwarz: true, declarerTricks: 0 });
    // With a trick the declarer may hold 19 (a trick and the skat): not schwarz, and accepted.
    expect(scored(game({ declarerPoints: 19, schneider: undefined }))).toMatchObject({ won: false, schwarz: false, schneider: true });
  });

  it('given the card points, when schneider is left out, then the engine derives it (R23); given, it must agree', () => {
    expect(scored(game({ declarerPoints: 95, schneider: undefined }))).toMatchObject({ schneider: true, score: 72 });
    expect(scored(game({ declarerPoints: 70, schneider: null }))).toMatchObject({ schneider: false, score: 60 });
    expect(refusedWith(refused(game({ declarerPoints: 95, schneider: false })))).toBe('R23');
  });

  it('given a suit game without card points, when entered, then the points are named as missing (R22)', () => {
    for (const declarerPoints of [null, undefined]) {
      const o = refused(game({ declarerPoints: declarerPoints as null }));
      expect(refusedWith(o)).toBe('R22');
      expect(o.judgement.ok ? '' : o.judgement.refusal.reason).toMatch(/missing/);
    }
  });
});

describe('result-only entry with house options: Kontra/Re (R40) and Ramsch (R42), where the profile has them', () => {
  const withProfile = (profileId: string, profileOptions: Record<string, unknown>, result: EnteredResult): StartDeal => ({
    ...resultOnly(result),
    profileId,
    profileOptions,
  });
  const scoredOf = (r: Outcome<DealEvent, DealState>) => {
    const e = r.thenEvents().find((x) => x.type === 'DealScored');
    return e?.type === 'DealScored' ? e.data.result : null;
  };

  it('given Kontra/Re switched on, when a clubs game with 4 is entered with Kontra (won) or Kontra and Re (lost), then the value is doubled or quadrupled before the loss (R40, R31)', () => {
    const kr = { kontraRe: true };
    // clubs with 4: 12 × 5 = 60; Kontra × 2 = 120 won; Kontra + Re × 4 = 240, lost -480.
    expect(scoredOf(given().when(withProfile('isko', kr, game({ kontra: true }))))).toMatchObject({ won: true, score: 120 });
    expect(scoredOf(given().when(withProfile('isko', kr, game({ kontra: true, re: true, declarerPoints: 50 }))))).toMatchObject({ won: false, score: -480 });
  });

  it('R40: Kontra under a profile without it (isko) and Re without Kontra are refused', () => {
    expect(refusedWith(given().when(resultOnly(game({ kontra: true }))))).toBe('R40');
    expect(refusedWith(given().when(withProfile('isko', { kontraRe: true }, game({ re: true }))))).toBe('R40');
  });

  it('given a profile that plays Ramsch (swedish-textbook), when a Ramsch is entered, then the player with the most points loses them, Jungfrau doubles (R42); no DealPassedIn', () => {
    const events = given()
      .when(withProfile('swedish-textbook', {}, { kind: 'ramsch', points: [70, 50, 0], tricks: [6, 4, 0] }))
      .thenEvents();
    expect(events.map((e) => e.type)).toEqual(['DealStarted', 'ResultEntered', 'DealScored']);
    expect(events[2].type === 'DealScored' && events[2].data.result).toMatchObject({ kind: 'ramsch', seatScores: [-140, 0, 0], declarer: null });
    // Durchmarsch: one player took every trick, +120.
    expect(scoredOf(given().when(withProfile('swedish-textbook', {}, { kind: 'ramsch', points: [0, 120, 0], tricks: [0, 10, 0] })))).toMatchObject({
      seatScores: [0, 120, 0],
    });
    // isko with the Ramsch house option switched on plays it too.
    expect(scoredOf(given().when(withProfile('isko', { ramsch: true }, { kind: 'ramsch', points: [40, 40, 40], tricks: [3, 3, 4] })))).toMatchObject({
      seatScores: [-40, -40, -40],
    });
  });

  it('R42: a Ramsch is refused under isko (no Ramsch: passed in, R8) and for tallies no play gives; a passed-in deal is refused where Ramsch is played', () => {
    const ramsch = (points: [number, number, number], tricks: [number, number, number], profileId = 'swedish-textbook') =>
      refusedWith(given().when(withProfile(profileId, {}, { kind: 'ramsch', points, tricks })));
    expect(ramsch([70, 50, 0], [6, 4, 0], 'isko')).toBe('R42');
    expect(ramsch([70, 50, 10], [6, 4, 0])).toBe('R42'); // 130 points
    expect(ramsch([70, 40, 10], [6, 4, 0])).toBe('R42'); // points without a trick
    expect(ramsch([70, 50, 0], [6, 3, 0])).toBe('R42'); // 9 tricks
    expect(ramsch([100, 20, 0], [10, 0, 0])).toBe('R42'); // every trick but not every point
    expect(refusedWith(given().when(withProfile('swedish-textbook', {}, { kind: 'passedIn' })))).toBe('R42');
  });
});

describe('players confirm or contest; the arbiter rules (issue 11 item 4)', () => {
  const scored = () => given(resultOnly(game()));
  it('a player of the deal confirms once; someone not at the deal is refused (L16); confirming an open deal is refused (L8)', () => {
    const state = scored();
    const [c] = state.when({ type: 'ConfirmDeal', dealId: D, player: 'Ben' }).thenEvents();
    expect(c).toEqual({ type: 'DealConfirmed', data: { player: 'Ben' } });
    expect(refusedWith(state.and(c).when({ type: 'ConfirmDeal', dealId: D, player: 'Ben' }))).toBe('L16');
    expect(refusedWith(state.when({ type: 'ConfirmDeal', dealId: D, player: 'Zed' }))).toBe('L16');
    expect(refusedWith(given(withCards).when({ type: 'ConfirmDeal', dealId: D, player: 'Ben' }))).toBe('L8');
  });

  it('given a 4-table deal the dealer sat out, when he confirms or contests, then it is recorded (R35: a lost game gives him +30); a stranger is still refused (L16)', () => {
    const atFour: StartDeal = { ...resultOnly(game()), dealer: 'Dora', sittingOut: ['Dora'] };
    const state = given(atFour);
    expect(state.when({ type: 'ConfirmDeal', dealId: D, player: 'Dora' }).thenEvents()).toEqual([{ type: 'DealConfirmed', data: { player: 'Dora' } }]);
    expect(state.when({ type: 'ContestDeal', dealId: D, player: 'Dora', reason: 'Anna had 58' }).thenEvents()).toEqual([
      { type: 'DealContested', data: { player: 'Dora', reason: 'Anna had 58' } },
    ]);
    const stranger = state.when({ type: 'ConfirmDeal', dealId: D, player: 'Zed' });
    expect(refusedWith(stranger)).toBe('L16');
    expect(stranger.judgement.ok ? '' : stranger.judgement.refusal.reason).toMatch(/Dora sat out/);
  });

  it('L14: given the series closed, when a player confirms or contests, then it is refused, unless the table keeps reviews open after closing', () => {
    const state = scored();
    const closed = { closed: true, reviewAfterClose: false };
    expect(refusedWith(state.when({ type: 'ConfirmDeal', dealId: D, player: 'Ben', series: closed }))).toBe('L14');
    expect(refusedWith(state.when({ type: 'ContestDeal', dealId: D, player: 'Ben', reason: 'wrong', series: closed }))).toBe('L14');
    expect(state.when({ type: 'ConfirmDeal', dealId: D, player: 'Ben', series: { closed: true, reviewAfterClose: true } }).thenEvents()).toEqual([
      { type: 'DealConfirmed', data: { player: 'Ben' } },
    ]);
    expect(refusedWith(state.when({ type: 'ConfirmDeal', dealId: D, player: 'Ben', series: { closed: false, reviewAfterClose: false } }))).toBe('accepted');
  });

  it('a contest opens a dispute; the arbiter upholds it with a correction (DisputeRuled + ScoreCorrected) or rejects it; others may not rule (L4)', () => {
    const state = scored().and(...scored().when({ type: 'ContestDeal', dealId: D, player: 'Cleo', reason: 'Anna had 58, not 70' }).thenEvents());
    expect(state.state.openContests).toHaveLength(1);
    expect(refusedWith(state.when({ type: 'RuleDispute', dealId: D, ruling: 'rejected', reason: 'no' }))).toBe('L4');
    const upheld = state
      .when(
        { type: 'RuleDispute', dealId: D, ruling: 'upheld', reason: 'recount: 58', correction: { facts: game({ declarerPoints: 58 }) } },
        dealDecider(arbiter),
      )
      .thenEvents();
    expect(upheld.map((e) => e.type)).toEqual(['DisputeRuled', 'ScoreCorrected']);
    expect(upheld[1]).toMatchObject({ data: { correctedScore: -120, won: false, previousScore: 60 } });
    const rejected = state.when({ type: 'RuleDispute', dealId: D, ruling: 'rejected', reason: 'the recount confirms 70' }, dealDecider(arbiter)).thenEvents();
    expect(rejected).toEqual([{ type: 'DisputeRuled', data: expect.objectContaining({ ruling: 'rejected', arbiter: 'Ulla' }) }]);
    expect(state.and(...rejected).state.openContests).toEqual([]);
    expect(refusedWith(scored().when({ type: 'RuleDispute', dealId: D, ruling: 'rejected', reason: 'x' }, dealDecider(arbiter)))).toBe('L16');
  });
});

describe('corrections are validated (issue 11 item 5)', () => {
  it('given a scored clubs game, a correction to 7 is refused (R28), a legal score or corrected facts are accepted', () => {
    const state = given(resultOnly(game()));
    const correct = (c: Partial<Extract<DealCommand, { type: 'CorrectScore' }>>) =>
      state.when({ type: 'CorrectScore', dealId: D, reason: 'recount', ...c }, dealDecider(arbiter));
    expect(refusedWith(correct({ correctedScore: 7 }))).toBe('R28');
    expect(refusedWith(correct({ correctedScore: 48, won: false }))).toBe('R30');
    expect(refusedWith(correct({ correctedScore: 48, facts: game() }))).toBe('L10');
    expect(refusedWith(correct({ facts: game({ declarer: 2 }) }))).toBe('L10');
    expect(refusedWith(correct({ facts: game({ matadors: 12 }) }))).toBe('R27');
    expect(correct({ correctedScore: -96 }).thenEvents()[0]).toMatchObject({ data: { correctedScore: -96, won: false } });
    expect(correct({ facts: game({ declarerPoints: 92, schneider: true }) }).thenEvents()[0]).toMatchObject({
      data: { correctedScore: 72, won: true, result: expect.objectContaining({ schneider: true }) },
    });
  });

  it('a card-recorded deal: moves and corrections work as before; a recorder may not correct (L4)', () => {
    let state = given(withCards, bid18, hold, benPasses);
    const moves = legalMoves(state.state.game!);
    state = state.and(...state.when(commandOfMove(D, moves[0])).thenEvents());
    expect(refusedWith(state.when({ type: 'CorrectScore', dealId: D, reason: 'x', correctedScore: 24 }))).toBe('L4');
  });
});
