import type { Judgement } from './refusal';

/**
 * The one shape of every aggregate (deal, table, tournament, branch, access): pure functions, no
 * I/O. A decider's settings (the actor, the clock, the default profile, the server's deck) are
 * bound when it is made, so that deciding is a function of the command and the state alone.
 */
export interface Decider<Command, Event, State> {
  /** The state of a stream that holds no events yet. */
  readonly initialState: State;
  /** The events a command records in a state, or the rule it breaks (then nothing is recorded). */
  decide(command: Command, state: State): Judgement<Event[]>;
  /** The state after one more recorded event. */
  evolve(state: State, event: Event): State;
}
