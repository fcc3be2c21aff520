import { commandOfMove } from '../../src/deal/command-of-move';
import type { DealCommand, StartDeal } from '../../src/deal/commands';
import { decide, type DecideContext } from '../../src/deal/decide';
import { initialDealState, type DealState } from '../../src/deal/deal-state';
import type { DealEvent } from '../../src/deal/events';
import { evolve } from '../../src/deal/evolve';
import { legalMoves } from '../../src/rules/game';
import { seededRandom, type RandomInt } from '../../src/rules/deck';
import type { Move } from '../../src/rules/move';

export const CTX: DecideContext = { actorId: 'tester', role: 'player', now: '2026-11-29T12:00:00.000Z' };

export function startCommand(dealId: string, seed: string, extra: Partial<StartDeal> = {}): StartDeal {
  return { type: 'StartDeal', dealId, dealer: 'Cleo', players: ['Anna', 'Ben', 'Cleo'], cards: { kind: 'seeded', seed }, ...extra };
}

/** Picks a legal move; claims, resignations and re-declarations are rare so most games play out. */
export function pick(moves: readonly Move[], random: RandomInt): Move {
  const cards = moves.filter(
    (m) =>
      m.kind !== 'showCards' &&
      m.kind !== 'resign' &&
      m.kind !== 'kontra' &&
      m.kind !== 're' &&
      !(m.kind === 'declare' && moves.some((x) => x.kind === 'play')),
  );
  const pool = cards.length && random(400) !== 0 ? cards : moves;
  // Bidding: keep auctions short by passing often.
  const passes = pool.filter((m) => m.kind === 'pass');
  if (passes.length && random(3) === 0) return passes[0];
  return pool[random(pool.length)];
}

/** A random legal deal as commands and the events the decider produced. */
export function randomDeal(dealId: string, seed: string, extra: Partial<StartDeal> = {}): { commands: DealCommand[]; events: DealEvent[]; state: DealState } {
  const random = seededRandom(`play-${seed}`);
  const commands: DealCommand[] = [startCommand(dealId, seed, extra)];
  const events: DealEvent[] = [];
  let state = initialDealState;
  let command: DealCommand | null = commands[0];
  while (command) {
    const decided = decide(command, state, CTX);
    if (!decided.ok) throw new Error(`refused ${JSON.stringify(command)}: ${decided.refusal.ruleId} ${decided.refusal.reason}`);
    events.push(...decided.value);
    state = decided.value.reduce(evolve, state);
    if (state.recordedResult || !state.game) break;
    const moves = legalMoves(state.game);
    if (moves.length === 0) break;
    command = commandOfMove(dealId, pick(moves, random));
    commands.push(command);
  }
  return { commands, events, state };
}
