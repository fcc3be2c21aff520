import type { Decider } from '../../src/kernel/decider';
import type { Judgement } from '../../src/kernel/refusal';

/**
 * Given/when/then for any decider (deal, table, tournament, branch, access), shared by every
 * decider spec:
 *
 *     spec.given(...events).when(command).then([...expected events])
 *     spec.givenCommands(...accepted commands).when(command).thenRefused('R16')
 *
 * Pure: no store, no ledger; the state is folded with the decider's own evolve.
 */
export interface DeciderSpec<Command, Event, State> {
  /** A stream that holds these events (none: a new stream). */
  given(...events: Event[]): Scenario<Command, Event, State>;
  /** A stream in which these commands were accepted, one after the other; a refused one fails the spec. */
  givenCommands(...commands: Command[]): Scenario<Command, Event, State>;
}

export interface Scenario<Command, Event, State> {
  /** The state the givens fold to. */
  readonly state: State;
  /** The same stream with these events recorded after the givens. */
  and(...events: Event[]): Scenario<Command, Event, State>;
  /** The same stream with these commands accepted after the givens. */
  andCommands(...commands: Command[]): Scenario<Command, Event, State>;
  /** Decides a command in this state: by the spec's decider, or by another one (another actor, another clock). */
  when(command: Command, decider?: Decider<Command, Event, State>): Outcome<Event, State>;
}

export interface Outcome<Event, State> {
  /** What the decider answered, as it answered it. */
  readonly judgement: Judgement<Event[]>;
  /** Accepted, recording exactly these events. */
  then(expected: readonly Event[]): void;
  /** Accepted, recording nothing (a repeat, say). */
  thenNothing(): void;
  /** The events recorded (fails the spec when the command was refused), for finer assertions. */
  thenEvents(): Event[];
  /** The state once the recorded events are folded in. */
  thenState(): State;
  /** Refused under this rule, with a reason a person can read (and matching `reason` when given). */
  thenRefused(ruleId: string, reason?: string | RegExp): void;
}

export interface DeciderSpecOptions<Event> {
  /** How an event looks once recorded, when givens are folded (e.g. with an event id that corrections refer to). */
  readonly recorded?: (event: Event) => Event;
}

export function deciderSpec<Command, Event extends { readonly type: string }, State>(
  decider: Decider<Command, Event, State>,
  options: DeciderSpecOptions<Event> = {},
): DeciderSpec<Command, Event, State> {
  const recorded = options.recorded ?? ((event: Event) => event);
  const fold = (state: State, events: readonly Event[]): State => events.map(recorded).reduce((s, e) => decider.evolve(s, e), state);
  const accept = (state: State, commands: readonly Command[]): State =>
    commands.reduce((s, command) => {
      const judgement = decider.decide(command, s);
      if (!judgement.ok) throw new Error(`given: ${nameOf(command)} refused: ${judgement.refusal.ruleId} ${judgement.refusal.reason}`);
      return fold(s, judgement.value);
    }, state);

  const scenario = (state: State): Scenario<Command, Event, State> => ({
    state,
    and: (...events) => scenario(fold(state, events)),
    andCommands: (...commands) => scenario(accept(state, commands)),
    when: (command, by = decider) => outcome(by.decide(command, state), state),
  });

  const outcome = (judgement: Judgement<Event[]>, state: State): Outcome<Event, State> => {
    const accepted = (): Event[] => {
      if (!judgement.ok) throw new Error(`expected the command to be accepted, but it was refused: ${judgement.refusal.ruleId} ${judgement.refusal.reason}`);
      return judgement.value;
    };
    return {
      judgement,
      then: (expected) => expect(accepted()).toEqual(expected),
      thenNothing: () => expect(accepted()).toEqual([]),
      thenEvents: accepted,
      thenState: () => fold(state, accepted()),
      thenRefused: (ruleId, reason) => {
        if (judgement.ok)
          throw new Error(
            `expected a refusal under ${ruleId}, but the command was accepted with ${judgement.value.map((e) => e.type).join(', ') || 'no events'}`,
          );
        expect(judgement.refusal.ruleId).toBe(ruleId);
        expect(judgement.refusal.reason.trim().length).toBeGreaterThan(5);
        if (reason !== undefined) expect(judgement.refusal.reason).toMatch(reason);
      },
    };
  };

  return {
    given: (...events) => scenario(fold(decider.initialState, events)),
    givenCommands: (...commands) => scenario(accept(decider.initialState, commands)),
  };
}

function nameOf(command: unknown): string {
  const type = (command as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : 'a command';
}
