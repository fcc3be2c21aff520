import type { Card } from '../rules/card';
import { legalMoves } from '../rules/game';
import type { EnteredResult } from '../rules/result-entry';
import { commandOfMove } from './command-of-move';
import type { DealCommand, StartDeal } from './commands';
import { checkRecordingEnd, decide, upgradeStart, type DecideContext } from './decide';
import { initialDealState, type DealState } from './deal-state';
import type { DealEvent, StoredDealEvent } from './events';
import { evolve } from './evolve';

// Given/when/then specs for issue 11 item 3's upgrade: a result-only deal gets its cards recorded; they must reproduce its result.
const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const D = 'd1';
const recorder: DecideContext = { actorId: 'rec', role: 'player', now: '2026-11-29T10:00:00.000Z' };
const cards = { kind: 'given' as const, hands: HANDS, skat: ['C7', 'D7'] as [Card, Card] };
const clubs = { gameType: 'clubs' as const, hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false };
/** The auction and the declaration: Anna holds at 18, picks up, discards C9 C8 and plays clubs. */
const OPENING: DealCommand[] = [
  { type: 'CallBid', dealId: D, seat: 1, value: 18 },
  { type: 'HoldBid', dealId: D, seat: 0 },
  { type: 'PassBid', dealId: D, seat: 1 },
  { type: 'PassBid', dealId: D, seat: 2 },
  { type: 'TakeSkat', dealId: D, seat: 0 },
  { type: 'DiscardSkat', dealId: D, seat: 0, cards: ['C9', 'C8'] },
  { type: 'DeclareGame', dealId: D, seat: 0, declaration: clubs },
];
// What that play gives (each seat plays its last legal card): clubs with 11, 116 card points, schneider: 12 × 13 = 156 (R27, R28).
const entered = (over: Partial<Extract<EnteredResult, { kind: 'game' }>> = {}): EnteredResult => ({
  kind: 'game',
  declarer: 0,
  declaration: clubs,
  matadors: 11,
  bid: 18,
  declarerPoints: 116,
  nullWon: null,
  schneider: true,
  schwarz: false,
  ...over,
});

let n = 0;
const stored = (events: readonly DealEvent[]): StoredDealEvent[] => events.map((e) => ({ ...e, eventId: `e${n++}` }));
const apply = (state: DealState, events: readonly StoredDealEvent[]): DealState => events.reduce(evolve, state);
function accepted(r: ReturnType<typeof decide>): DealEvent[] {
  if (!r.ok) throw new Error(`refused: ${r.refusal.ruleId} ${r.refusal.reason}`);
  return r.value;
}
const resultOnly = (result: EnteredResult): DealState =>
  apply(
    initialDealState,
    stored(accepted(decide({ type: 'StartDeal', dealId: D, dealer: 'Cleo', players: ['Anna', 'Ben', 'Cleo'], result }, initialDealState, recorder))),
  );

/** The recording up to its last card; returns its events and the last move's command. */
function recordAllButLast(deal: DealState): { events: StoredDealEvent[]; state: DealState; last: DealCommand } {
  const start = upgradeStart({ type: 'UpgradeDeal', dealId: D, cards }, deal);
  if (!start.ok) throw new Error(start.refusal.reason);
  let events = stored(accepted(decide(start.value, initialDealState, recorder)));
  let state = apply(initialDealState, events);
  for (const c of OPENING) {
    const e = stored(accepted(decide(c, state, recorder)));
    events = [...events, ...e];
    state = apply(state, e);
  }
  for (;;) {
    const plays = legalMoves(state.game!).filter((m) => m.kind === 'play');
    const command = commandOfMove(D, plays[plays.length - 1]);
    if (state.game!.tricks.length === 9 && state.game!.currentTrick?.cards.length === 2) return { events, state, last: command };
    const e = stored(accepted(decide(command, state, recorder)));
    events = [...events, ...e];
    state = apply(state, e);
  }
}

describe('upgrading a result-only deal by recording its cards (issue 11)', () => {
  it('given a result-only deal, when its cards are recorded and reproduce the result, then ResultUpgraded and the play are appended and the result stays the same', () => {
    const deal = resultOnly(entered());
    const { events, state, last } = recordAllButLast(deal);
    // The last card ends the game: the recording's DealScored is checked against the deal's result and passes.
    const end = decide(last, state, recorder);
    const checked = checkRecordingEnd(accepted(end), deal);
    expect(checked.ok).toBe(true);
    const recording = [...events, ...stored(accepted(end))];
    const upgrade = accepted(decide({ type: 'CompleteUpgrade', dealId: D, recordingStream: 'upgrade-d1', recording }, deal, recorder));
    expect(upgrade.map((e) => e.type).slice(0, 3)).toEqual(['ResultUpgraded', 'CardsDealt', 'BidCalled']);
    expect(upgrade.filter((e) => e.type === 'CardPlayed')).toHaveLength(30);
    expect(upgrade.some((e) => e.type === 'DealScored' || e.type === 'DealStarted')).toBe(false);
    expect(upgrade[0]).toMatchObject({ data: { recordingStream: 'upgrade-d1', moves: 37, by: 'rec' } });
    const after = apply(deal, stored(upgrade));
    expect(after).toMatchObject({ upgraded: true, currentScore: 156, recordedResult: deal.recordedResult });
    expect(after.game?.result).toMatchObject({ score: 156, declarerPoints: 116 });
    // Once upgraded: no second upgrade, no further moves (L18, L3).
    expect(upgradeStart({ type: 'UpgradeDeal', dealId: D, cards }, after)).toMatchObject({ ok: false, refusal: { ruleId: 'L18' } });
    expect(decide(OPENING[0], after, recorder)).toMatchObject({ ok: false, refusal: { ruleId: 'L3' } });
  });

  it('L18: given a result entered with 100 card points and bid 20, when the cards give 116 at 18, then the last card is refused with both differences named and nothing is upgraded', () => {
    const deal = resultOnly(entered({ declarerPoints: 100, bid: 20 }));
    const { state, events, last } = recordAllButLast(deal);
    const refused = checkRecordingEnd(accepted(decide(last, state, recorder)), deal);
    expect(refused).toMatchObject({ ok: false, refusal: { ruleId: 'L18' } });
    if (refused.ok) return;
    expect(refused.refusal.reason).toContain('entered 100 card points, the cards give 116');
    expect(refused.refusal.reason).toContain('entered bid 20, the cards give 18');
    // A recording that has not ended cannot complete an upgrade either.
    expect(decide({ type: 'CompleteUpgrade', dealId: D, recordingStream: 'upgrade-d1', recording: events }, deal, recorder)).toMatchObject({
      ok: false,
      refusal: { ruleId: 'L18' },
    });
  });

  it("an arbiter's correction is the result in force: the cards must reproduce the corrected facts", () => {
    let deal = resultOnly(entered({ declarerPoints: 100 }));
    const arbiter: DecideContext = { actorId: 'Ulla', role: 'arbiter', now: recorder.now };
    deal = apply(deal, stored(accepted(decide({ type: 'CorrectScore', dealId: D, reason: 'recount: 116', facts: entered() }, deal, arbiter))));
    const { state, last } = recordAllButLast(deal);
    expect(checkRecordingEnd(accepted(decide(last, state, recorder)), deal).ok).toBe(true);
  });

  it('L18: a deal recorded card by card, or cards the server would shuffle, are no upgrade', () => {
    const played = apply(
      initialDealState,
      stored(
        accepted(decide({ type: 'StartDeal', dealId: D, dealer: 'Cleo', players: ['Anna', 'Ben', 'Cleo'], cards } as StartDeal, initialDealState, recorder)),
      ),
    );
    expect(upgradeStart({ type: 'UpgradeDeal', dealId: D, cards }, played)).toMatchObject({ ok: false, refusal: { ruleId: 'L18' } });
    expect(upgradeStart({ type: 'UpgradeDeal', dealId: D, cards: { kind: 'crypto' } }, resultOnly(entered()))).toMatchObject({
      ok: false,
      refusal: { ruleId: 'L18' },
    });
  });
});
