/**
 * given(decider, events).when(command) -> a thunk: call it for the decided events, or pass it to
 * expect(...).toThrow(...) for a refusal. The one given/when/then of every decider test.
 */
import type { Decider } from '../decider';

export function given<State, Command, Event extends { type: string; data: unknown }>(
  decider: Pick<Decider<State, Command, Event>, 'initialState' | 'evolve'> & { decide: (command: Command, state: State) => Event[] },
  events: readonly { type: string; data: unknown }[],
) {
  const state = events.reduce(decider.evolve, decider.initialState());
  return { state, when: (command: Command) => () => decider.decide(command, state) };
}
