import type { Decider } from '../kernel/decider';
import { decideAccess, evolveAccess, initialAccessState, type AccessCommand, type AccessState } from './decide-access';
import type { AccessEvent } from './events';

/** The decider of the token register, for the actor who issues or revokes. */
export function accessDecider(actorId: string): Decider<AccessCommand, AccessEvent, AccessState> {
  return { initialState: initialAccessState, decide: (command, state) => decideAccess(command, state, actorId), evolve: evolveAccess };
}
