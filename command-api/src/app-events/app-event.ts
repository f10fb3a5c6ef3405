/**
 * App events (SPEC 3, 4): named events an app triggers for a customer (e.g. 'Login' after a
 * customer signs in). Each trigger is recorded on the customer's app-event stream.
 */
import { DomainError, type Decider } from '@dealer/platform';

export const appEventStreamId = (customerId: string) => `app-events-${customerId}`;

/** The app events the product knows; anything else is refused. */
export const APP_EVENT_TYPES = ['Login'] as const;
export type AppEventType = (typeof APP_EVENT_TYPES)[number];

export type AppEventTriggered = {
  type: 'AppEventTriggered';
  data: { appEventId: string; customerId: string; appId: string; eventType: AppEventType; name: string };
};
export type TriggerAppEvent = { type: 'TriggerAppEvent'; data: { appEventId: string; customerId: string; appId: string; eventType: string } };

export const appEventDecider: Decider<null, TriggerAppEvent, AppEventTriggered> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (command) => {
    const eventType = command.data.eventType;
    if (!(APP_EVENT_TYPES as readonly string[]).includes(eventType)) throw new DomainError('validation', ['Unknown app event type.']);
    return [{ type: 'AppEventTriggered', data: { ...command.data, eventType: eventType as AppEventType, name: eventType } }];
  },
};
