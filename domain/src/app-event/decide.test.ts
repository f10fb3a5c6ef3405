import { describe, expect, it } from 'vitest';
import { APP_EVENT_MESSAGES } from '@dealer/contracts';
import { given as givenOn } from '../testing/given';
import { appEventDecider, type AppEventTriggered, type TriggerAppEvent } from './decide';

const customerId = '00000000-0000-4000-8000-0000000000c1';
const trigger = (appEventId: string, eventType = 'Login'): TriggerAppEvent => ({ type: 'TriggerAppEvent', data: { appEventId, customerId, appId: 'web', eventType } });
const triggered = (appEventId: string): AppEventTriggered => ({ type: 'AppEventTriggered', data: { appEventId, customerId, appId: 'web', eventType: 'Login', name: 'Login' } });
const given = (events: AppEventTriggered[]) => givenOn(appEventDecider, events);

describe("a customer's app events", () => {
  it('should record each trigger with the catalogue name and count the triggers per type', () => {
    expect(given([]).when(trigger('a-1'))()).toEqual([triggered('a-1')]);
    expect(given([triggered('a-1'), triggered('a-2')]).state).toEqual({ Login: 2 });
  });

  it('should refuse a type the catalogue does not know', () => {
    expect(given([]).when(trigger('a-1', 'Teleported'))).toThrow(APP_EVENT_MESSAGES.unknownType);
  });
});
