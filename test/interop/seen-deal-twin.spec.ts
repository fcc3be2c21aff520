import { decideAll } from '../../src/deal/decide-all';
import { commandOfMove as commandOf } from '../../src/deal/command-of-move';
import type { DealCommand } from '../../src/deal/commands';
import type { DealEvent } from '../../src/deal/events';
import type { RecordedEvent } from '../../src/event-store/event-store';
import type { EventMetadata } from '../../src/event-store/event-metadata';
import { ALL_CARDS, type Card } from '../../src/rules/card';
import type { Seat } from '../../src/rules/seat';
import { getProfile } from '../../src/rules/variant';
import { issLineOfEvents } from '../../src/archive/export/iss-line-of-events';
import { dealRecordOfEvents } from '../../src/archive/ndjson/deal-record';
import { replayFrames } from '../../src/projections/replay-frames/replay-frames';
import { buildAudit } from '../../src/projections/audit/build-audit';
import { playRandomGame, seededRandom, type RandomGame } from '../iss/random-games';

// Issue #23: a complete deal recorded as seen replays, audits and exports as the same deal recorded with its hands dealt.
const byDeck = (a: Card, b: Card) => ALL_CARDS.indexOf(a) - ALL_CARDS.indexOf(b);
const ctx = { actorId: 'rec', now: '2026-12-01T20:00:00.000Z' };

function recorded(events: readonly DealEvent[], tag: string): RecordedEvent[] {
  return events.map((e, i) => ({
    streamName: 'deal-t1',
    type: e.type,
    data: e.data,
    metadata: {} as EventMetadata,
    eventId: `${tag}-${i}`,
    revision: BigInt(i),
    position: String(i),
  }));
}

function start(profileId: string, cards: Extract<DealCommand, { type: 'StartDeal' }>['cards']): DealCommand {
  return {
    type: 'StartDeal',
    dealId: 't1',
    tableId: 'club',
    dealer: 'Cleo',
    players: ['Anna', 'Ben', 'Cleo'],
    profileId,
    cards,
    startedAt: '2026-12-01T19:30:00Z',
  };
}

/** The same game as the recorder at a real table records it: no hands, no discard; the skat, discard and unplayed cards shown at the end. */
function seenCommands(game: RandomGame): DealCommand[] | null {
  const out: DealCommand[] = [];
  const played: Card[][] = [[], [], []];
  let discard: readonly Card[] | null = null;
  let declarer: Seat | null = null;
  let tricks = 0;
  for (const m of game.moves) {
    if (m.kind === 'declare' && m.declaration.ouvert) return null;
    if (m.kind === 'declare') declarer = m.seat;
    if (m.kind === 'discard') {
      discard = [...m.cards].sort(byDeck);
      continue;
    }
    if (m.kind === 'play') {
      played[m.seat].push(m.card);
      tricks += 1 / 3;
    }
    out.push(commandOf('t1', m));
    // A hand game's skat is turned over at once.
    if (m.kind === 'declare' && m.declaration.hand) out.push({ type: 'ShowSkat', dealId: 't1', skat: game.dealt.skat });
  }
  const end = game.state;
  if (end.phase !== 'finished' || declarer === null) return out;
  const playedOut = Math.round(tricks * 3) === 30;
  if (discard)
    out.push({ type: 'ShowSkat', dealId: 't1', skat: game.dealt.skat, ...(!playedOut ? { discard: [discard[0], discard[1]] as [Card, Card] } : {}) });
  const held = (s: Seat): Card[] => {
    const own = s === declarer && discard ? [...game.dealt.hands[s], ...game.dealt.skat].filter((c) => !discard!.includes(c)) : [...game.dealt.hands[s]];
    return own.filter((c) => !played[s].includes(c));
  };
  // Every seat's unplayed cards but the last: those follow by elimination.
  const open = ([0, 1, 2] as const).filter((s) => held(s).length > 0);
  for (const s of open.slice(0, -1)) out.push({ type: 'ShowHand', dealId: 't1', seat: s, cards: held(s) });
  return out;
}

// A frame names the stored event it stands for (id and stream revision): provenance, left out of the comparison.
const PROVENANCE = new Set(['eventId', 'eventIds', 'id', 'revision']);
const strip = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (k, v) => (PROVENANCE.has(k) ? undefined : typeof v === 'bigint' ? String(v) : v)));

describe.each(['isko', 'iss'])('a deal recorded as seen equals its dealt twin (%s)', (profileId) => {
  const rand = seededRandom(profileId === 'isko' ? 2312 : 2313);
  const games = Array.from({ length: 20 }, () => playRandomGame(rand, getProfile(profileId))).filter((g) => g.state.phase === 'finished');

  it.each(games.map((g, i) => [i, g] as const))('game %i: replay, audit, NDJSON and ISS export', (_i, game) => {
    const commands = seenCommands(game);
    if (!commands) return; // ouvert: its cards are laid open, recorded dealt or entered
    const hands = game.dealt.hands.map((h) => [...h].sort(byDeck)) as unknown as [Card[], Card[], Card[]];
    // The order of the two discarded cards is nothing the table sees: deck order in both recordings.
    const moves = game.moves.map((m) => (m.kind === 'discard' ? { ...m, cards: [...m.cards].sort(byDeck) as [Card, Card] } : m));
    const dealt = decideAll([start(profileId, { kind: 'given', hands, skat: game.dealt.skat }), ...moves.map((m) => commandOf('t1', m))], ctx);
    if (!dealt.ok) throw new Error(`dealt: ${dealt.refusal.reason}`);
    const seen = decideAll([start(profileId, { kind: 'seen' }), ...commands], ctx);
    if (!seen.ok) throw new Error(`seen command ${seen.index}: ${seen.refusal.ruleId} ${seen.refusal.reason}`);
    expect(seen.state.recordedResult).toEqual(dealt.state.recordedResult);
    const a = recorded(dealt.events, 'd');
    const b = recorded(seen.events, 's');
    // ISS export: byte for byte (the format has no provenance field).
    expect(issLineOfEvents(b)).toBe(issLineOfEvents(a));
    // NDJSON: byte for byte but its provenance.
    expect(JSON.stringify({ ...dealRecordOfEvents(b), provenance: 'cards' })).toBe(JSON.stringify(dealRecordOfEvents(a)));
    expect(dealRecordOfEvents(b).provenance).toBe('seen');
    // Replay frames, every perspective: equal but the ids of the events they stand for.
    for (const p of [{ kind: 'all' }, { kind: 'public' }, { kind: 'seat', seat: 1 }] as const)
      expect(strip(replayFrames('t1', b, p))).toEqual(strip(replayFrames('t1', a, p)));
    // Audit: the same recorded, recomputed and in-force result and derivation (its event list is the stream's own).
    const [x, y] = [buildAudit('t1', a), buildAudit('t1', b)];
    for (const k of ['recorded', 'inForce', 'recomputed', 'recomputeError', 'differences'] as const) expect(y[k]).toEqual(x[k]);
    expect(y.derivation.map((l) => [l.ruleId, l.text])).toEqual(x.derivation.map((l) => [l.ruleId, l.text]));
  });
});

describe('the replay of a deal recorded as seen while it is open', () => {
  it('shows each hand as far as known at each step, the same to every perspective, and offers only cards whose place is unknown', () => {
    const clubsHand = { gameType: 'clubs', hand: true, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false } as const;
    const seen = decideAll(
      [
        start('isko', { kind: 'seen' }),
        { type: 'CallBid', dealId: 't1', seat: 1, value: 18 },
        { type: 'HoldBid', dealId: 't1', seat: 0 },
        { type: 'PassBid', dealId: 't1', seat: 1 },
        { type: 'PassBid', dealId: 't1', seat: 2 },
        { type: 'DeclareGame', dealId: 't1', seat: 0, declaration: clubsHand },
        { type: 'ShowSkat', dealId: 't1', skat: ['D8', 'D7'] },
        { type: 'PlayCard', dealId: 't1', seat: 0, card: 'CJ' },
      ],
      ctx,
    );
    if (!seen.ok) throw new Error(seen.refusal.reason);
    const events = recorded(seen.events, 's');
    const frames = replayFrames('t1', events, { kind: 'public' });
    expect(frames.map((f) => f.event.type)).toEqual([
      'DealRecordedAsSeen',
      'BidCalled',
      'BidHeld',
      'BidPassed',
      'BidPassed',
      'GameDeclared',
      'SkatShown',
      'CardPlayed',
    ]);
    const last = frames[frames.length - 1];
    expect(last.hands.map((h) => h.hiddenCount)).toEqual([9, 10, 10]);
    expect(last.skat.cards).toEqual(['D8', 'D7']);
    expect(last.currentTrick?.cards).toEqual([{ seat: 0, card: 'CJ' }]);
    expect(last.toAct).toBe(1);
    const offered = last.legalMoves.map((m) => (m.kind === 'play' ? m.card : null));
    expect(offered).toHaveLength(29);
    expect(offered).not.toContain('CJ');
    expect(offered).not.toContain('D8');
    expect(strip(replayFrames('t1', events, { kind: 'seat', seat: 2 }))).toEqual(strip(frames));
  });
});
