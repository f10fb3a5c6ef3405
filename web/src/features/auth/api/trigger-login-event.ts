// SPEC 4: after a customer (not an employee) signs in, the Login app event is triggered; its message
// becomes a toast and its listeners hear of it (lib/app-events).
import { APP_EVENTS } from '@dealer/contracts';
import { triggerAppEvent } from '../../../lib/app-events';

export const LOGIN_EVENT_TYPE = 'Login' satisfies keyof typeof APP_EVENTS;

/** Fire and forget: the sign-in has succeeded whatever the events service answers. */
export async function triggerLoginEvent(customerId: string): Promise<void> {
  try {
    await triggerAppEvent(LOGIN_EVENT_TYPE, customerId);
  } catch {
    // Events are a bonus (welcome offers); their failure must not spoil the sign-in.
  }
}
