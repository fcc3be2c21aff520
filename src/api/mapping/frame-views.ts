/**
 * The API's views of replay frames. Frames the ledger shares (a finished deal's, from its frame
 * cache) get their views mapped once and kept beside them for as long as the ledger keeps them
 * (a weak map: evicted frames take their views along), marked immutable so that the query fast
 * path may serialise them once per selection.
 */
import { isSharedFrames } from '../../ledger/reads/frame-cache';
import type { ReplayFrame } from '../../projections/replay-frames/replay-frame';
import { markImmutable } from '../execution/immutable-values';
import type { ReplayFrameType } from '../types/frame.type';
import { frameView } from './frame-view';

const views = new WeakMap<readonly ReplayFrame[], readonly ReplayFrameType[]>();

export function frameViews(frames: readonly ReplayFrame[]): readonly ReplayFrameType[] {
  if (!isSharedFrames(frames)) return frames.map(frameView);
  let mapped = views.get(frames);
  if (!mapped) views.set(frames, (mapped = markImmutable(frames.map(frameView))));
  return mapped;
}
