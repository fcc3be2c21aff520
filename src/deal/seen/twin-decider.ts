import { decideDeal, type DealEvolve } from '../decide-deal';
import type { TwinDecider } from './seen-twin';

/**
 * The deal decider as the dealt twin of a seen deal runs it: a system actor, at the deal's own start
 * time, with the deal's fold handed in (evolve.ts calls this, so this file cannot import it).
 */
export function twinDecider(evolve: DealEvolve): TwinDecider {
  return { decide: (command, state) => decideDeal(command, state, { actorId: 'system', role: 'system', now: state.started?.startedAt ?? '' }, evolve), evolve };
}
