/**
 * A decider (Chassaing's pattern, as Emmett spells it): the aggregate's state, how an event
 * evolves it and what a command decides on it. Pure: no I/O; the clock and new ids come in the
 * command. platform's handle() loads, folds, decides and appends with it.
 */
export interface Decider<State, Command, Event extends { type: string; data: unknown }> {
  initialState: () => State;
  evolve: (state: State, event: { type: string; data: unknown }) => State;
  decide: (command: Command, state: State) => Event[];
}

/** The state a stream's events fold into: the one way any part of the product folds an aggregate. */
export function foldEvents<State>(decider: Pick<Decider<State, unknown, never>, 'initialState' | 'evolve'>, events: readonly { type: string; data: unknown }[]): State {
  return events.reduce(decider.evolve, decider.initialState());
}
