/** The auditor's customer history (GET /api/customers/{id}/history), shared by the query API and the web client. */

/** One field an event changed (before and after; withheld personal values arrive replaced). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One recorded event in the auditor's timeline. */
export interface TimelineEntry {
  eventId: string;
  streamId: string;
  revision: number;
  globalPosition: string;
  type: string;
  summary: string;
  time: string;
  actor: string;
  /** The staff member's name for a `user:<id>` actor (directory data, not personal data of the customer). */
  actorName: string | null;
  correlationId: string;
  causationId: string | null;
  changes: FieldChange[];
  personalDataErased: boolean;
}

export interface CustomerHistory {
  customerId: string;
  asOf: string | null;
  /** False for controllers: personal values arrive replaced by the server. */
  personalDataShown: boolean;
  state: Record<string, unknown>;
  /** Oldest first, as recorded. */
  entries: TimelineEntry[];
}

/**
 * Every event type the timeline can show, in plain English for people (the auditor reads these, not
 * `CustomerContactVerificationSent`). The timeline's summary adds the particulars (channel, RO#).
 */
export const HISTORY_EVENT_NAMES: Readonly<Record<string, string>> = {
  CustomerCreated: 'Customer created',
  EmployeeCreated: 'Employee customer created',
  CustomerEdited: 'Profile edited',
  CustomerRegistered: 'Customer registered an account',
  RegistrationMessageRequested: 'Registration message requested',
  RegistrationMessageSent: 'Registration message sent',
  CustomerContactChangeRequested: 'Contact change requested',
  CustomerContactVerificationSent: 'Contact change verification sent',
  CustomerContactChangeConfirmed: 'Contact change confirmed',
  AppEventTriggered: 'App event',
  CustomerPersonalDataErased: 'Personal data erased',
  RedemptionVerificationStarted: 'Redemption verification started',
  RedemptionVerificationResendRequested: 'Redemption verification to be sent again',
  RedemptionVerificationSent: 'Redemption verification sent',
  RedemptionVerificationAnswered: 'Redemption verification answered',
  RedemptionVerificationExpired: 'Redemption verification expired',
  RedemptionVerificationOverridden: "Redemption verification accepted on the customer's behalf",
  RedemptionVerificationOverrideNoticeSent: 'Customer notified of the accepted verification',
};

/** The plain-English name of an event type; a type added later without a name still reads as words ('Some thing happened'). */
export function historyEventName(type: string): string {
  const known = HISTORY_EVENT_NAMES[type];
  if (known) return known;
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Event data that is bookkeeping (ids, which kind of contact, why), never shown as a field that changed. */
export const INTERNAL_HISTORY_FIELDS: ReadonlySet<string> = new Set([
  'customerId',
  'changeId',
  'appEventId',
  'personalDataErased',
  'messageId',
  'via',
  'reason',
  'kind',
]);
