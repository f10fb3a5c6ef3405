/**
 * The app-event catalogue (SPEC 3, 4, 7): the events an app may trigger for a customer, each
 * with the name its listeners subscribe to and, optionally, the message shown as a toast when
 * it is triggered. The server fills `name` and `message` of its answer from here; the client
 * pushes each triggered event to the listeners of its name.
 */

export interface AppEventDefinition {
  /** The name listeners subscribe to. */
  name: string;
  /** Shown to the customer as a toast when the event is triggered again; null for none. */
  message: string | null;
  /** Shown instead of `message` the first time the event is triggered for the customer (a first sign-in is no "welcome back"). */
  firstMessage?: string | null;
}

export const APP_EVENTS = {
  /** SPEC 4: triggered after a customer (not an employee) signs in. */
  Login: {
    name: 'Login',
    message: 'Welcome back! Your coupons and offers are ready for you.',
    firstMessage: 'Welcome! Your coupons and offers are ready for you.',
  },
} as const satisfies Record<string, AppEventDefinition>;

/** The toast of a trigger: the first-time words for the customer's first trigger of the type, when there are any. */
export function appEventMessage(definition: AppEventDefinition, firstTime: boolean): string | null {
  return firstTime && definition.firstMessage !== undefined ? definition.firstMessage : definition.message;
}

export type AppEventType = keyof typeof APP_EVENTS;
export const APP_EVENT_TYPES = Object.keys(APP_EVENTS) as AppEventType[];

export const APP_EVENT_MESSAGES = {
  unknownType: 'Unknown app event type.',
} as const;

export function isAppEventType(type: string): type is AppEventType {
  return Object.prototype.hasOwnProperty.call(APP_EVENTS, type);
}

/** The catalogue entry of a type, or null for a type the product does not know. */
export function appEventDefinition(type: string): AppEventDefinition | null {
  return isAppEventType(type) ? APP_EVENTS[type] : null;
}

/** SPEC 3 App event, as `POST /api/app-events` answers it. */
export interface AppEvent {
  eventId: string;
  appId: string;
  customerId: string;
  type: string;
  name: string;
  message: string | null;
  data: unknown;
  isTriggered: boolean;
  createdDate: string;
  triggeredDate: string | null;
}

/** SPEC 3 App-event result: one per event the trigger produced. */
export interface AppEventResult {
  event: AppEvent | null;
  result: unknown;
}
