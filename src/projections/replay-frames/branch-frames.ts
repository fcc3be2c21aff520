import { type DealState } from '../../deal/deal-state';
import { dealEventsOfMove } from '../../branch/branch-state';
import type { BranchMovePlayedData } from '../../branch/events';
import type { RecordedEvent } from '../../event-store/event-store';
import type { Perspective, ReplayFrame } from './replay-frame';
import { replayFrames } from './replay-frames';
import { dealStateAfter, foldDealStream } from '../../deal/deal-stream';

/**
 * The deal events a branch stands for: the deal's own events up to the fork, then for each move
 * of the branch the events the deal's decider derives from it, stamped with the branch event's
 * id, revision and metadata (so a frame names the branch event that made it).
 */
export function branchDealEvents(dealEventsToFork: readonly RecordedEvent[], branchEvents: readonly RecordedEvent[]): RecordedEvent[] {
  const out: RecordedEvent[] = dealEventsToFork.slice();
  let deal: DealState = foldDealStream(dealEventsToFork);
  for (const e of branchEvents) {
    if (e.type !== 'BranchMovePlayed') continue;
    const decided = dealEventsOfMove(deal, (e.data as BranchMovePlayedData).move);
    if (!decided.ok) throw new Error(`branch event ${e.eventId} is refused on replay: ${decided.refusal.ruleId} ${decided.refusal.reason}`);
    decided.value.forEach((d, i) => {
      out.push({
        streamName: e.streamName,
        type: d.type,
        data: d.data,
        metadata: e.metadata,
        eventId: `${e.eventId}:${i}`,
        revision: e.revision,
        position: e.position,
      });
      deal = dealStateAfter(deal, { ...d, eventId: `${e.eventId}:${i}` });
    });
  }
  return out;
}

/** A branch's replay frames: the deal's frames up to the fork, then one per event the branch's moves made. */
export function branchFrames(
  dealId: string,
  dealEventsToFork: readonly RecordedEvent[],
  branchEvents: readonly RecordedEvent[],
  perspective: Perspective,
  range: { from?: number; to?: number } = {},
): ReplayFrame[] {
  return replayFrames(dealId, branchDealEvents(dealEventsToFork, branchEvents), perspective, range);
}
