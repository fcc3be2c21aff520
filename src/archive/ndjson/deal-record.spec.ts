import Ajv2020 from 'ajv/dist/2020';
import type { Card } from '../../rules/card';
import type { DealCommand } from '../../deal/commands';
import { decide, type DecideContext } from '../../deal/decide';
import { initialDealState } from '../../deal/deal-state';
import { evolve } from '../../deal/evolve';
import type { RecordedEvent } from '../../event-store/event-store';
import { buildAudit } from '../../projections/audit/build-audit';
import { foldDealSummary } from '../../projections/deal-summary/deal-summary-fold';
import type { DealSummary } from '../../projections/deal-summary/deal-summary';
import { dealRecordOfEvents } from './deal-record';
import schema from './deal.schema.json';

// Issue #16 item 3: the NDJSON record and the audit show a deal's result through the deal's one
// result view (src/deal/result-view.ts), so a corrected deal reads the same in the summary (and
// the API), the NDJSON export and the audit (R34: a correction's line; its facts' derivation).

const D = 'd1';
const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const player: DecideContext = { actorId: 'Anna', role: 'player', now: '2026-11-29T10:00:00.000Z' };
const arbiter: DecideContext = { actorId: 'Ulla', role: 'arbiter', now: '2026-11-29T11:00:00.000Z' };
const clubs = { gameType: 'clubs', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false } as const;

// Anna (forehand) wins the auction at 18, declares clubs and resigns: a lost game (R21).
const lostClubs: DealCommand[] = [
  {
    type: 'StartDeal',
    dealId: D,
    dealer: 'Cleo',
    players: ['Anna', 'Ben', 'Cleo'],
    cards: { kind: 'given', hands: HANDS, skat: ['C7', 'D7'] },
    startedAt: '2026-11-29T09:00:00.000Z',
  },
  { type: 'CallBid', dealId: D, seat: 1, value: 18 },
  { type: 'HoldBid', dealId: D, seat: 0 },
  { type: 'PassBid', dealId: D, seat: 1 },
  { type: 'PassBid', dealId: D, seat: 2 },
  { type: 'TakeSkat', dealId: D, seat: 0 },
  { type: 'DiscardSkat', dealId: D, seat: 0, cards: ['C8', 'D7'] },
  { type: 'DeclareGame', dealId: D, seat: 0, declaration: clubs },
  { type: 'Resign', dealId: D, seat: 0 },
];
const scoreOnly: DealCommand = { type: 'CorrectScore', dealId: D, correctedScore: -48, won: false, reason: 'wrong matadors entered' };
// The arbiter rules the game was in fact won with 4 (70 points): the facts bring a whole result.
const withFacts: DealCommand = {
  type: 'CorrectScore',
  dealId: D,
  reason: 'the resignation was recorded at the wrong table',
  facts: { kind: 'game', declarer: 0, declaration: clubs, matadors: 4, bid: 18, declarerPoints: 70, nullWon: null, schneider: false, schwarz: false },
};

/** The commands decided in turn, their events recorded as a store would (ids, revisions, metadata). */
function recorded(commands: readonly [DealCommand, DecideContext][]): RecordedEvent[] {
  let state = initialDealState;
  const out: RecordedEvent[] = [];
  for (const [command, ctx] of commands) {
    const decided = decide(command, state, ctx);
    if (!decided.ok) throw new Error(`${command.type} refused: ${decided.refusal.ruleId} ${decided.refusal.reason}`);
    for (const e of decided.value) {
      const n = out.length;
      const event: RecordedEvent = {
        streamName: `deal-${D}`,
        type: e.type,
        data: e.data,
        metadata: { source: 'live', actorId: ctx.actorId, recordedAt: ctx.now } as unknown as RecordedEvent['metadata'],
        eventId: `e${n}`,
        revision: BigInt(n),
        position: String(n),
      };
      out.push(event);
      state = evolve(state, { ...e, eventId: event.eventId } as Parameters<typeof evolve>[1]);
    }
  }
  return out;
}

const summaryOf = (events: readonly RecordedEvent[]): DealSummary => {
  let s: DealSummary | null = null;
  for (const e of events) s = foldDealSummary(s, e);
  if (!s) throw new Error('no summary');
  return s;
};

/** The result fields the NDJSON record shares with the summary's view, in the record's names. */
const sharedFields = (s: DealSummary) => ({
  kind: s.status,
  won: s.won,
  gameType: s.gameType,
  gameValue: s.gameValue,
  score: s.score,
  originalScore: s.originalScore,
  matadors: s.matadors,
  overbid: s.overbid,
  declarerPoints: s.declarerPoints,
  declarerTricks: s.declarerTricks,
  schneider: s.schneider,
  schwarz: s.schwarz,
  seatScores: s.seatScores,
  notScoreableReason: s.notScoreableReason,
  derivation: s.derivation,
});

describe('the NDJSON record and the audit show the deal’s one result view (#16 item 3)', () => {
  it('an uncorrected deal: the record’s result is the summary’s, without corrections', () => {
    const events = recorded(lostClubs.map((c) => [c, player]));
    const record = dealRecordOfEvents(events);
    expect(record.result).toEqual({ ...sharedFields(summaryOf(events)), corrections: [] });
    expect(record.result).toMatchObject({ won: false, originalScore: null });
  });

  it('R34: a score-only correction changes the entry, won and the declarer’s seat score alike in the record, the summary and the audit', () => {
    const events = recorded([...lostClubs.map((c): [DealCommand, DecideContext] => [c, player]), [scoreOnly, arbiter]]);
    const summary = summaryOf(events);
    const record = dealRecordOfEvents(events);
    expect(record.result).toMatchObject(sharedFields(summary));
    expect(record.result).toMatchObject({ score: -48, won: false, seatScores: [-48, 0, 0] });
    expect(record.result?.corrections).toEqual([
      { correctedScore: -48, previousScore: summary.originalScore, reason: 'wrong matadors entered', arbiter: 'Ulla' },
    ]);
    expect(record.result?.derivation.at(-1)).toEqual({ ruleId: 'R34', text: expect.stringContaining('corrected by Ulla') });

    const audit = buildAudit(D, events, []);
    expect(audit.inForce).toMatchObject({ score: -48, corrected: true, derivation: summary.derivation });
    const correction = events.find((e) => e.type === 'ScoreCorrected')!;
    expect(audit.derivation.filter((l) => l.ruleId === 'R34')).toEqual([
      { ruleId: 'R34', text: expect.stringContaining('corrected by Ulla'), eventIds: [correction.eventId] },
    ]);
    // The recorded engine result is still what recomputation is compared with: a correction is no disagreement.
    expect(audit.differences).toEqual([]);
  });

  it('R34: corrected facts bring a whole result, in the record as in the summary; the audit’s added lines rest on that correction', () => {
    const events = recorded([...lostClubs.map((c): [DealCommand, DecideContext] => [c, player]), [scoreOnly, arbiter], [withFacts, arbiter]]);
    const summary = summaryOf(events);
    const record = dealRecordOfEvents(events);
    expect(record.result).toMatchObject(sharedFields(summary));
    expect(record.status).toBe(summary.status);
    expect(record.result).toMatchObject({ won: true, score: 60, gameValue: 60, matadors: 4, declarerPoints: 70, seatScores: [60, 0, 0] });
    expect(record.result?.corrections.map((c) => c.correctedScore)).toEqual([-48, 60]);
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    expect(ajv.compile(schema)(JSON.parse(JSON.stringify(record)))).toBe(true);

    const audit = buildAudit(D, events, []);
    expect(audit.inForce?.derivation).toEqual(summary.derivation);
    expect(audit.derivation.map(({ ruleId, text }) => ({ ruleId, text }))).toEqual(summary.derivation);
    const [first, second] = events.filter((e) => e.type === 'ScoreCorrected');
    const afterFirst = audit.derivation.findIndex((l) => l.eventIds.includes(second.eventId));
    expect(audit.derivation.slice(afterFirst).every((l) => l.eventIds.length === 1 && l.eventIds[0] === second.eventId)).toBe(true);
    expect(audit.derivation.filter((l) => l.eventIds.includes(first.eventId))).toHaveLength(1);
  });
});
