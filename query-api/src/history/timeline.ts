/**
 * The auditor's timeline of one customer (issue 5): every event of their streams with time,
 * actor, correlation and what changed (before and after), plus the customer's state as of any
 * moment. Pure: it folds the customer's stream with the domain's `evolveCustomer` and diffs the
 * states; the route loads the events.
 */
import { consentChangeSummary, couponHistorySummarizer, customerStreamId, historyEventName, PERSONAL_FIELD_SET, type ContactKind, type FieldChange, type TimelineEntry } from '@dealer/contracts';
import { evolveCustomer, initialCustomerState, type CustomerState } from '@dealer/domain/customer';

export type { FieldChange, TimelineEntry };
import type { RecordedEvent } from '@dealer/platform';


const list = (codes: unknown) => (Array.isArray(codes) && codes.length > 0 ? codes.join(', ') : 'none');
const channel = (type: unknown) => (type === 'text' || type === 'sms' ? 'text' : 'e-mail');

/** Redemption verifications of the customer (streams `redemption-verification-{id}`). */
const REDEMPTION_SUMMARIES: Record<string, (d: Record<string, unknown>) => string> = {
  RedemptionVerificationStarted: (d) => `Redemption verification for RO# ${String(d.roNumber)} started by ${channel(d.type)} (op codes: ${list(d.pendingOpCodes)})`,
  RedemptionVerificationResendRequested: (d) => `Redemption verification to be sent again by ${channel(d.type)}`,
  RedemptionVerificationSent: (d) => `Redemption verification sent by ${channel(d.type)}`,
  RedemptionVerificationAnswered: (d) => `Redemption verification answered: approved ${list(d.approvedOpCodes)}; declined ${list(d.declinedOpCodes)}`,
  RedemptionVerificationExpired: () => 'Redemption verification expired',
  RedemptionVerificationOverridden: (d) => `Redemption verification accepted on the customer's behalf by ${String(d.by)}${d.reason ? ` (reason: ${String(d.reason)})` : ''}`,
  RedemptionVerificationOverrideNoticeSent: (d) => `Customer notified of the accepted verification by ${channel(d.channel)}`,
};

const SUMMARIES: Record<string, (d: Record<string, unknown>) => string> = {
  CustomerCreated: () => 'Customer created',
  CustomerEdited: () => 'Profile edited',
  CustomerRegistered: () => 'Customer registered an account',
  RegistrationMessageRequested: (d) => `Registration message requested by ${d.channel === 'sms' ? 'text' : 'e-mail'}`,
  RegistrationMessageSent: (d) => `Registration message sent by ${d.channel === 'sms' ? 'text' : 'e-mail'}`,
  CustomerContactChangeRequested: (d) => `${d.kind === 'phone' ? 'Phone' : 'E-mail'} change requested`,
  CustomerContactVerificationSent: (d) => (d.kind === 'phone' ? 'Phone change code sent by text' : 'E-mail change confirmation link sent'),
  CustomerContactChangeConfirmed: (d) => `${d.kind === 'phone' ? 'Phone' : 'E-mail'} change confirmed`,
  CustomerContactChangeDeclined: (d) => `${d.kind === 'phone' ? 'Phone' : 'E-mail'} change declined`,
  AppEventTriggered: (d) => `App event: ${String(d.name ?? d.eventType)}`,
  CustomerPersonalDataErased: () => 'Personal data erased',
  // Issue 24: "Reminder texts turned off (replied STOP)".
  CustomerMarketingConsentChanged: (d) => consentChangeSummary(d),
  // Issue 24: a coupon expiry reminder (stream `coupon-reminders-{customerId}`).
  CouponExpiryReminderSent: (d) => {
    const count = Array.isArray(d.coupons) ? d.coupons.length : 0;
    return `Expiry reminder sent by ${channel(d.channel)} (${String(d.threshold)} days before) for ${count} coupon${count === 1 ? '' : 's'}`;
  },
  ...REDEMPTION_SUMMARIES,
};

/**
 * The customer's state as the auditor reads it: the domain's customer state (`evolveCustomer`, the
 * one customer fold) as its profile fields, plus a contact change's pending value once one was
 * requested (null again after its confirmation). An erased customer's personal fields read null
 * (every event read after an erasure has them null already: the key is gone).
 */
function auditedFields(customer: CustomerState): Record<string, unknown> {
  if (customer.status !== 'active') return {};
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(customer.profile)) fields[field] = customer.personalDataErased && PERSONAL_FIELD_SET.has(field) ? null : value;
  for (const kind of ['email', 'phone'] as const) {
    const pending = customer.contact.pending[kind];
    if (pending === null && customer.contact.lastConfirmed[kind] === null) continue;
    fields[PENDING_FIELD[kind]] = pending === null || customer.personalDataErased ? null : pending.value;
  }
  return fields;
}

const PENDING_FIELD = { email: 'pendingEmail', phone: 'pendingPhone' } as const;

/** What an event changed: the audited fields that differ after it (a confirmation's own pending value is told by the confirmed field). */
function changesOf(event: RecordedEvent, before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const confirmed = event.type === 'CustomerContactChangeConfirmed' ? PENDING_FIELD[(event.data as { kind: ContactKind }).kind] : null;
  const changes: FieldChange[] = [];
  for (const [field, value] of Object.entries(after)) {
    const previous = before[field] ?? null;
    if (field !== confirmed && previous !== value) changes.push({ field, before: previous, after: value });
  }
  return changes;
}

/** Personal values replaced for a viewer who may not see personal data. */
export function redact(value: unknown, field: string): unknown {
  return PERSONAL_FIELD_SET.has(field) && value !== null && value !== undefined ? '[personal data]' : value;
}

export function buildTimeline(
  events: RecordedEvent[],
  options: { asOf?: Date; showPersonalData: boolean; actorNames?: ReadonlyMap<string, string>; locationNames?: ReadonlyMap<number, string> },
): { entries: TimelineEntry[]; state: Record<string, unknown> } {
  const ordered = [...events].sort((a, b) => a.globalPosition - b.globalPosition);
  const coupons = couponHistorySummarizer({ locationName: (id) => options.locationNames?.get(id) ?? null });
  let customer: CustomerState = initialCustomerState();
  let state: Record<string, unknown> = {};
  const entries: TimelineEntry[] = [];
  for (const event of ordered) {
    if (options.asOf && new Date(event.metadata.time) > options.asOf) break;
    const data = (event.data ?? {}) as Record<string, unknown>;
    let changes: FieldChange[] = [];
    // The customer's own stream changes the customer; the other streams' events (verifications,
    // coupons, app events) are told by their summaries.
    if (event.streamId === customerStreamId(String(data.customerId))) {
      const next = evolveCustomer(customer, event);
      if (next !== customer) {
        const after = auditedFields(next);
        changes = changesOf(event, state, after);
        state = after;
        customer = next;
      }
    }
    const show = (c: FieldChange) => (options.showPersonalData ? c : { field: c.field, before: redact(c.before, c.field), after: redact(c.after, c.field) });
    entries.push({
      eventId: event.metadata.eventId,
      streamId: event.streamId,
      revision: event.revision,
      globalPosition: String(event.globalPosition),
      type: event.type,
      // Every event in words: its own summary, else the plain-English name of its type (never the type itself).
      summary: SUMMARIES[event.type]?.(data) ?? coupons.summary(event.type, data) ?? historyEventName(event.type),
      time: event.metadata.time,
      actor: event.metadata.actor,
      actorName: options.actorNames?.get(event.metadata.actor) ?? null,
      correlationId: event.metadata.correlationId,
      causationId: event.metadata.causationId,
      changes: changes.map(show),
      personalDataErased: data.personalDataErased === true,
    });
  }
  const visibleState = options.showPersonalData ? state : Object.fromEntries(Object.entries(state).map(([k, v]) => [k, redact(v, k)]));
  return { entries, state: visibleState };
}
