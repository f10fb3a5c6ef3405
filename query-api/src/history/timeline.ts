/**
 * The auditor's timeline of one customer (issue 5): every event of their streams with time,
 * actor, correlation and what changed (before and after), plus the customer's state as of any
 * moment. Pure: it folds recorded events; the route loads them.
 */
import { COUPON_HISTORY_EVENT_TYPES, couponHistorySummarizer, historyEventName, INTERNAL_HISTORY_FIELDS, PERSONAL_FIELD_SET, type FieldChange, type TimelineEntry } from '@dealer/contracts';

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
  AppEventTriggered: (d) => `App event: ${String(d.name ?? d.eventType)}`,
  CustomerPersonalDataErased: () => 'Personal data erased',
  ...REDEMPTION_SUMMARIES,
};

/** The state fields an event sets: its data minus identifiers. */
function fieldsOf(event: RecordedEvent): Record<string, unknown> {
  const data = (event.data ?? {}) as Record<string, unknown>;
  if (event.type === 'AppEventTriggered' || event.type.startsWith('Registration')) return {};
  // A verification's facts are about a repair order, not the customer's profile: the summary tells them.
  if (event.type.startsWith('RedemptionVerification')) return {};
  // Pack sales, coupons, paper books and redemption reviews (issue 12): the summary tells them too.
  if (COUPON_HISTORY_EVENT_TYPES.has(event.type)) return {};
  return Object.fromEntries(Object.entries(data).filter(([k]) => !INTERNAL_HISTORY_FIELDS.has(k)));
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
  const state: Record<string, unknown> = {};
  const entries: TimelineEntry[] = [];
  for (const event of ordered) {
    if (options.asOf && new Date(event.metadata.time) > options.asOf) break;
    const data = (event.data ?? {}) as Record<string, unknown>;
    const changes: FieldChange[] = [];
    for (const [field, after] of Object.entries(fieldsOf(event))) {
      const before = state[field] ?? null;
      if (before !== after) changes.push({ field, before, after });
      state[field] = after;
    }
    if (event.type === 'CustomerContactChangeConfirmed') {
      state[data.kind === 'phone' ? 'pendingPhone' : 'pendingEmail'] = null;
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
