/**
 * Issue 20 (each rooftop its own): a command is authorised at the location it happens at, with the
 * role the actor holds there. A route passes the request's LocatedActor; the demo seed and the
 * workers pass a plain actor (a system actor acts everywhere). Where the location is only known
 * from the record (a sale's, a redemption's, a paper book's), `deciderAt` resolves the actor inside
 * the decision, against the state the event will be appended to, so a record moved by a concurrent
 * command is judged where it is now.
 */
import type { Decider, LocatedActor } from '@dealer/platform';

/** The actor as the deciders see them: managers' rights (any redemption, any day, price overrides, finalise, void). */
export interface DeciderActor {
  userId: string;
  isManager: boolean;
}

/** A request's located actor, or a system actor that acts everywhere. */
export type ActorAt = DeciderActor | LocatedActor;

/** The actor at `locationIds` (the first one's role decides managers' rights); 403 where a located actor holds no role allowing this route. */
export function actorAt(actor: ActorAt, first: number, ...others: number[]): DeciderActor {
  if (!('at' in actor)) return actor;
  for (const other of others) actor.at(other);
  return actor.at(first);
}

/**
 * The decider, with the command's `data.actor` resolved at the locations `locationsOf` reads from
 * the state at decision time (none: the state has no record, and the decider refuses on its own).
 */
export function deciderAt<S, C extends { data: object }, E extends { type: string; data: unknown }>(
  decider: Decider<S, C, E>,
  actor: ActorAt,
  locationsOf: (state: S, command: C) => number[],
): Decider<S, C, E> {
  return {
    ...decider,
    decide(command, state) {
      const [first, ...others] = locationsOf(state, command);
      const resolved = first === undefined ? { userId: actor.userId, isManager: false } : actorAt(actor, first, ...others);
      return decider.decide({ ...command, data: { ...command.data, actor: resolved } }, state);
    },
  };
}
