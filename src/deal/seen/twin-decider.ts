import { decide } from '../decide';
import { evolve } from '../evolve';
import type { TwinDecider } from './seen-twin';

/** The deal decider as the dealt twin of a seen deal runs it: a system actor, at the deal's own start time. */
export function twinDecider(): TwinDecider {
  return { decide: (command, state) => decide(command, state, { actorId: 'system', role: 'system', now: state.started?.startedAt ?? '' }), evolve };
}
