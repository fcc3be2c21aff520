import { abandonReasonText } from '../engine';
import { notScoreableResult, PASSED_IN_RESULT } from '../../rules/game-end';
import type { GameState } from '../../rules/game-state';
import { allow, refuse, type Judgement } from '../../kernel/refusal';
import type { DealCommand } from '../commands';
import type { DealState } from '../deal-state';
import type { DealEvent } from '../events';
import { LEDGER_RULES as L } from '../ledger-rules';
import { applySeen, impliedDeal, type SeenGame } from './seen-game';
import type { SeenRecording } from '../moves/move-definition';
import { moveOfCommandType } from '../moves/move-table';
import { dealtTwin, type TwinDecider } from './seen-twin';

/** The move a command of a deal recorded as seen stands for, and the events that record it (before the move is judged). */
function seenMoveOf(command: DealCommand, g: SeenGame): SeenRecording<DealEvent> | null {
  // Each move's file says what it stands for in a deal recorded as seen (src/deal/moves/, `seen`).
  const definition = moveOfCommandType(command.type);
  return definition?.seen ? definition.seen.of(command as never, g) : null;
}

/**
 * decide for a deal recorded as seen (no hands known): each move is judged against what the
 * information allows; once every card's place is known the whole deal is checked through its
 * dealt twin, and the hands it implies and the result it gives are recorded.
 */
export function decideSeen(command: DealCommand, state: DealState, decider: TwinDecider): Judgement<DealEvent[]> {
  const g = state.seen as SeenGame;
  const started = state.started;
  if (!started) return refuse(L.notStarted, `deal ${command.dealId} has not been started`);
  const made = seenMoveOf(command, g);
  if (!made) return refuse(L.badCommand, `unknown deal command ${String((command as { type?: unknown }).type)}`);
  const next = applySeen(g, made.move);
  if (!next.ok) return next;
  const after = next.value;
  const events = [...made.events(after)];
  const placeholder = { declarer: after.declarer, declaration: after.declaration, highestBid: after.highestBid } as GameState;
  if (after.phase === 'passedIn')
    return allow([
      ...events,
      { type: 'DealPassedIn', data: { dealNumber: started.dealNumber } },
      { type: 'DealScored', data: { result: PASSED_IN_RESULT, profileId: after.profile.id, profileVersion: after.profile.version } },
    ]);
  if (after.phase === 'abandoned')
    return allow([
      ...events,
      {
        type: 'DealScored',
        data: {
          result: notScoreableResult(placeholder, made.move.kind === 'abandon' ? abandonReasonText(made.move) : 'abandoned'),
          profileId: after.profile.id,
          profileVersion: after.profile.version,
        },
      },
    ]);
  const dealt = impliedDeal(after);
  if (!dealt) return allow(events);
  // Every card's place is known: the whole deal checked as dealt (R16 every card, R20 a revoke, R27 matadors over the 12 cards).
  const twin = dealtTwin(started, after, dealt, decider);
  if (!twin.ok) return refuse(twin.refusal.ruleId === 'R16' || twin.refusal.ruleId === 'R20' ? twin.refusal.ruleId : L.seen, twin.refusal.reason);
  const result = twin.value.game.result;
  if (!result) return refuse(L.seen, 'the cards shown leave the deal unfinished');
  return allow([
    ...events,
    { type: 'HandsRevealed', data: { hands: dealt.hands, skat: dealt.skat } },
    { type: 'DealScored', data: { result, profileId: after.profile.id, profileVersion: after.profile.version } },
  ]);
}
