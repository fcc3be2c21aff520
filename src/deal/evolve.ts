import type { GameState } from '../rules/game-state';
import type { Move } from '../rules/move';
import type { DealState } from './deal-state';
import { applyMove, getProfile, startGame } from './engine';
import type { StoredDealEvent } from './events';
import { movesOfEvent } from './moves/move-table';
import { redealt } from './replace-hands';
import { applySeen, startSeen, type SeenGame } from './seen/seen-game';
import { seenMoveOfEvent } from './seen/seen-move-of-event';
import { dealtTwin } from './seen/seen-twin';
import { twinDecider } from './seen/twin-decider';

export { movesOfEvent };

/** A stored event the engine refuses means the stream is corrupt; it is never silently skipped. */
export class CorruptDealStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorruptDealStreamError';
  }
}

function move(game: GameState | null, moves: readonly Move[], eventType: string): GameState {
  if (!game) throw new CorruptDealStreamError(`${eventType} before CardsDealt`);
  let at = game;
  for (const m of moves) {
    const next = applyMove(at, m);
    if (!next.ok) throw new CorruptDealStreamError(`${eventType} refused on replay: ${next.refusal.ruleId} ${next.refusal.reason}`);
    at = next.value;
  }
  return at;
}

/** The ids of the events that ended the deal after its last move, with this one. */
const endOf = (state: DealState, event: StoredDealEvent): readonly string[] => (event.eventId ? [...state.endEventIds, event.eventId] : state.endEventIds);

/**
 * The state after one more event: every field copied by name, then the event's changes. A spread
 * (`{ ...state, game }`) of the 21 fields took V8's slow path, about 1.3 µs a copy, 40 times this:
 * a fold copies the state at every event.
 */
function evolved(state: DealState, changes: Partial<DealState>, eventCount = state.eventCount + 1): DealState {
  const next: DealState = {
    started: state.started,
    profile: state.profile,
    game: state.game,
    dealtBy: state.dealtBy,
    seen: state.seen,
    eventCount,
    shown: state.shown,
    recordedResult: state.recordedResult,
    scoredEventId: state.scoredEventId,
    currentScore: state.currentScore,
    currentScoreEventId: state.currentScoreEventId,
    corrections: state.corrections,
    moves: state.moves,
    entered: state.entered,
    upgraded: state.upgraded,
    currentResult: state.currentResult,
    confirmedBy: state.confirmedBy,
    contestedBy: state.contestedBy,
    openContests: state.openContests,
    fairness: state.fairness,
    endEventIds: state.endEventIds,
  };
  return Object.assign(next, changes);
}

/** evolve(state, event) -> state: pure, and the same for live commands, imports and replays. */
export function evolve(state: DealState, event: StoredDealEvent): DealState {
  switch (event.type) {
    case 'DealStarted': {
      const profile = getProfile(event.data.profileId, event.data.profileOptions);
      return evolved(state, { started: event.data, profile });
    }
    case 'CardsDealt': {
      if (!state.profile) throw new CorruptDealStreamError('CardsDealt before DealStarted');
      const game = startGame({ hands: event.data.hands, skat: event.data.skat }, state.profile);
      if (!game.ok) throw new CorruptDealStreamError(`CardsDealt refused: ${game.refusal.ruleId} ${game.refusal.reason}`);
      return evolved(state, {
        game: game.value,
        dealtBy: event.data.shuffle,
        fairness: state.fairness ? { ...state.fairness, awaitsClientSeeds: false } : null,
      });
    }
    case 'HandsReplaced': {
      // As if dealt so: the moves in force replayed over the new cards, each recorded move's `before` among them (for a withdrawal).
      if (!state.game) throw new CorruptDealStreamError('HandsReplaced before CardsDealt');
      const states = redealt(state.game, event.data);
      if (!states.ok) throw new CorruptDealStreamError(`HandsReplaced refused on replay: ${states.refusal.ruleId} ${states.refusal.reason}`);
      const at = states.value;
      const moves = state.moves.map((m) => ({ ...m, before: { ...m.before, game: at[m.before.game.moves.length] } }));
      return evolved(state, { game: at[at.length - 1], moves });
    }
    case 'DealRecordedAsSeen':
      if (!state.profile) throw new CorruptDealStreamError('DealRecordedAsSeen before DealStarted');
      return evolved(state, { seen: startSeen(state.profile) });
    case 'HandsRevealed': {
      if (!state.seen || !state.started) throw new CorruptDealStreamError('HandsRevealed in a deal not recorded as seen');
      const twin = dealtTwin(state.started, state.seen, event.data, twinDecider(evolve));
      if (!twin.ok) throw new CorruptDealStreamError(`HandsRevealed refused on replay: ${twin.refusal.ruleId} ${twin.refusal.reason}`);
      return evolved(state, { game: twin.value.game, endEventIds: endOf(state, event) });
    }
    case 'DealPassedIn':
      return evolved(state, { endEventIds: endOf(state, event) });
    case 'ShuffleCommitted':
      return evolved(state, {
        fairness: { ...event.data, clientSeeds: [null, null, null], serverSeed: null, lost: null },
      });
    case 'ClientSeedAdded': {
      if (!state.fairness) throw new CorruptDealStreamError('ClientSeedAdded before ShuffleCommitted');
      const seeds = [...state.fairness.clientSeeds] as [string | null, string | null, string | null];
      seeds[event.data.seat] = event.data.seed;
      return evolved(state, { fairness: { ...state.fairness, clientSeeds: seeds } });
    }
    case 'ServerSeedRevealed':
      if (!state.fairness) throw new CorruptDealStreamError('ServerSeedRevealed before ShuffleCommitted');
      return evolved(state, { fairness: { ...state.fairness, serverSeed: event.data.serverSeed } });
    case 'ServerSeedLost':
      if (!state.fairness) throw new CorruptDealStreamError('ServerSeedLost before ShuffleCommitted');
      return evolved(state, { fairness: { ...state.fairness, lost: event.data.reason } });
    case 'DealScored':
      return evolved(state, {
        endEventIds: endOf(state, event),
        recordedResult: event.data.result,
        currentResult: event.data.result,
        scoredEventId: event.eventId ?? null,
        currentScore: event.data.result.score,
        currentScoreEventId: event.eventId ?? null,
      });
    case 'ScoreCorrected':
      return evolved(state, {
        currentScore: event.data.correctedScore,
        currentResult: event.data.result ?? state.currentResult,
        currentScoreEventId: event.eventId ?? null,
        corrections: state.corrections + 1,
      });
    case 'MoveWithdrawn': {
      // The withdrawn moves count as not made: back to the deal as it was before the earliest of them.
      const n = event.data.moves;
      if (!Number.isInteger(n) || n < 1 || n > state.moves.length)
        throw new CorruptDealStreamError(`MoveWithdrawn of ${n} moves with ${state.moves.length} recorded`);
      const earliest = state.moves[state.moves.length - n];
      const seen = earliest.before.seen === undefined ? state.seen : earliest.before.seen;
      const back = evolved(state, { game: earliest.before.game, seen, shown: earliest.before.shown, moves: state.moves.slice(0, state.moves.length - n) });
      if (event.data.reopens !== true) return back;
      // L24: the move that ended the deal is withdrawn with its end: no result, the deal open again.
      return evolved(
        back,
        { recordedResult: null, currentResult: null, scoredEventId: null, currentScore: null, currentScoreEventId: null, endEventIds: [] },
        back.eventCount,
      );
    }
    case 'ResultEntered':
      return evolved(state, { entered: event.data.facts });
    case 'ResultUpgraded':
      // The cards recorded since follow this event: the play is folded as usual, the result stays the one in force.
      return evolved(state, { upgraded: true });
    case 'DealConfirmed':
      return evolved(state, { confirmedBy: [...state.confirmedBy, event.data.player] });
    case 'DealContested':
      return evolved(state, {
        contestedBy: [...state.contestedBy, event.data.player],
        openContests: [...state.openContests, event.eventId ?? `contest-${state.eventCount}`],
      });
    case 'DisputeRuled':
      return evolved(state, { openContests: state.openContests.filter((id) => id !== event.data.contestEventId) });
    default: {
      if (state.seen && !state.game) return evolveSeen(state, evolved(state, {}), event);
      const m = movesOfEvent(event);
      const shown = event.type === 'CardsShown' ? event.data.why : state.shown;
      if (!m) {
        // An ouvert display belongs to the declaration it comes with: withdrawn together.
        const last = state.moves[state.moves.length - 1];
        if (event.type === 'CardsShown' && last && event.eventId)
          return evolved(state, { shown, moves: [...state.moves.slice(0, -1), { ...last, eventIds: [...last.eventIds, event.eventId] }] });
        return evolved(state, { shown });
      }
      const before = { game: state.game as GameState, shown: state.shown };
      const recorded = state.game ? [...state.moves, { eventIds: event.eventId ? [event.eventId] : [], type: event.type, before }] : state.moves;
      return evolved(state, { game: move(state.game, m, event.type), shown, moves: recorded });
    }
  }
}

/** A move of a deal recorded as seen, while its hands are not all known: folded into what is known. */
function evolveSeen(state: DealState, next: DealState, event: StoredDealEvent): DealState {
  const move = seenMoveOfEvent(event);
  if (!move) return next;
  const seen = applySeen(state.seen as SeenGame, move);
  if (!seen.ok) throw new CorruptDealStreamError(`${event.type} refused on replay: ${seen.refusal.ruleId} ${seen.refusal.reason}`);
  const shown = event.type === 'CardsShown' ? event.data.why : state.shown;
  const before = { game: state.game as GameState, shown: state.shown, seen: state.seen };
  return evolved(
    next,
    { seen: seen.value, shown, moves: [...state.moves, { eventIds: event.eventId ? [event.eventId] : [], type: event.type, before }] },
    next.eventCount,
  );
}
