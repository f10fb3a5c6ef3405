/**
 * App events (SPEC 3, 4): named events an app triggers for a customer (e.g. 'Login' after a
 * customer signs in). Each trigger is recorded on the customer's app-event stream; the types,
 * names and messages come from the catalogue in contracts.
 */
import { APP_EVENT_MESSAGES, appEventDefinition, type AppEventType } from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';

export const appEventStreamId = (customerId: string) => `app-events-${customerId}`;

export type AppEventTriggered = {
  type: 'AppEventTriggered';
  data: { appEventId: string; customerId: string; appId: string; eventType: AppEventType; name: string };
};
export type TriggerAppEvent = { type: 'TriggerAppEvent'; data: { appEventId: string; customerId: string; appId: string; eventType: string } };

/** How many times each type was triggered for the customer (the first Login gets a first-time message). */
export type AppEventCounts = Readonly<Partial<Record<string, number>>>;

export const appEventDecider: Decider<AppEventCounts, TriggerAppEvent, AppEventTriggered> = {
  initialState: () => ({}),
  evolve: (state, event) => {
    if (event.type !== 'AppEventTriggered') return state;
    const type = (event.data as AppEventTriggered['data']).eventType;
    return { ...state, [type]: (state[type] ?? 0) + 1 };
  },
  decide: (command) => {
    const definition = appEventDefinition(command.data.eventType);
    if (!definition) throw new DomainError('validation', [APP_EVENT_MESSAGES.unknownType]);
    return [{ type: 'AppEventTriggered', data: { ...command.data, eventType: command.data.eventType as AppEventType, name: definition.name } }];
  },
};
