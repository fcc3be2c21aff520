import { commandOfMove } from '../../src/deal/command-of-move';
import { initialDealState } from '../../src/deal/deal-state';
import type { DealScoredData, DealStartedData } from '../../src/deal/events';
import { evolve } from '../../src/deal/evolve';
import { eventIdFor } from '../../src/event-store/event-ids';
import type { NewEvent } from '../../src/event-store/event-store';
import type { Ledger } from '../../src/ledger/ledger';
import { seededRandom } from '../../src/rules/deck';
import { legalMoves } from '../../src/rules/game';
import type { GameResult } from '../../src/rules/game-result';
import type { Seat } from '../../src/rules/seat';
import { pick } from '../deal/random-deal';
import { storedDealEvent } from '../../src/deal/deal-stream';

let counter = 0;
export const ctx = (actorId = 'player', extra: Record<string, unknown> = {}) => ({
  commandId: `cmd-${++counter}-${Math.random().toString(36).slice(2)}`,
  actorId,
  ...extra,
});

/** Plays the current deal of a table to its end with random legal commands through the ledger. */
export async function playTableDeal(ledger: Ledger, tableId: string, seed: string): Promise<string> {
  const started = await ledger.execute({ type: 'StartTableDeal', tableId, cards: { kind: 'seeded', seed } }, ctx());
  const dealId = started.dealId as string;
  await playOut(ledger, dealId, seed);
  return dealId;
}

export async function playOut(ledger: Ledger, dealId: string, seed: string): Promise<void> {
  const random = seededRandom(`moves-${seed}`);
  for (;;) {
    const events = await ledger.dealEvents(dealId);
    const state = events.map(storedDealEvent).reduce(evolve, initialDealState);
    if (state.recordedResult || !state.game) return;
    const moves = legalMoves(state.game);
    if (moves.length === 0) return;
    await ledger.execute(commandOfMove(dealId, pick(moves, random)), ctx());
  }
}

/** A hand-made result for score-sheet tests: only the fields a list needs are meaningful. */
export function result(declarer: Seat | null, kind: GameResult['kind'], won: boolean | null, score: number | null): GameResult {
  const seatScores: [number, number, number] = [0, 0, 0];
  if (declarer !== null && score !== null) seatScores[declarer] = score;
  return {
    kind,
    passedIn: kind === 'passedIn',
    declarer,
    declaration: declarer === null ? null : { gameType: 'clubs', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false },
    bid: declarer === null ? null : 18,
    won,
    gameValue: score === null ? null : won ? score : -score / 2,
    score,
    matadors: declarer === null ? null : 2,
    overbid: false,
    declarerPoints: null,
    declarerTricks: null,
    schneider: false,
    schwarz: false,
    seatScores,
    notScoreableReason: null,
    derivation: [],
  };
}

/** A deal recorded only by its start and its result (hand-made, appended as one batch). */
export function handMadeDeal(
  started: Omit<DealStartedData, 'profileId' | 'profileOptions' | 'profileVersion' | 'computerSeats' | 'startedAt' | 'tournamentId'> & Partial<DealStartedData>,
  r: GameResult,
): NewEvent[] {
  const data: DealStartedData = {
    profileId: 'isko',
    profileOptions: {},
    profileVersion: '1',
    computerSeats: [],
    startedAt: '2026-11-29T10:00:00.000Z',
    tournamentId: null,
    ...started,
  };
  const scored: DealScoredData = { result: r, profileId: 'isko', profileVersion: '1' };
  const cmd = `hand-made-${started.dealId}`;
  return [
    { type: 'DealStarted', data, metadata: { eventId: eventIdFor(cmd, 0), source: 'manual', actorId: 'test' } },
    { type: 'DealScored', data: scored, metadata: { eventId: eventIdFor(cmd, 1), source: 'manual', actorId: 'test' } },
  ];
}
