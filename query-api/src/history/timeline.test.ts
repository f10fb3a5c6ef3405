import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@dealer/platform';
import { HISTORY_EVENT_NAMES } from '@dealer/contracts';
import { buildTimeline } from './timeline';

const id = 'c-1';
let position = 0;
const event = (type: string, data: Record<string, unknown>, time: string, actor = 'user:1'): RecordedEvent => ({
  type,
  data: { customerId: id, ...data },
  streamId: `customer-${id}`,
  revision: position,
  globalPosition: ++position * 10,
  metadata: { eventId: `e${position}`, correlationId: `corr-${position}`, causationId: null, actor, time },
});

const events = [
  event('CustomerCreated', { firstName: 'Pat', lastName: 'Lee', city: 'Denver', isTaxExempt: false }, '2026-01-01T10:00:00Z'),
  event('CustomerEdited', { city: 'Boulder' }, '2026-02-01T10:00:00Z', 'user:2'),
  event('RegistrationMessageRequested', { channel: 'email' }, '2026-03-01T10:00:00Z'),
];

describe('customer timeline', () => {
  it('should list every event with actor, correlation and before/after of what changed', () => {
    const { entries, state } = buildTimeline(events, { showPersonalData: true });
    expect(entries.map((e) => e.summary)).toEqual(['Customer created', 'Profile edited', 'Registration message requested by e-mail']);
    expect(entries[1]).toMatchObject({ actor: 'user:2', correlationId: 'corr-2', changes: [{ field: 'city', before: 'Denver', after: 'Boulder' }] });
    expect(state).toMatchObject({ firstName: 'Pat', city: 'Boulder' });
  });

  it('should answer the state as of a past moment', () => {
    const { entries, state } = buildTimeline(events, { asOf: new Date('2026-01-15T00:00:00Z'), showPersonalData: true });
    expect(entries).toHaveLength(1);
    expect(state.city).toBe('Denver');
  });

  it('should hide personal values from a viewer who may not see them, keeping the rest', () => {
    const { entries, state } = buildTimeline(events, { showPersonalData: false });
    expect(entries[0]!.changes).toContainEqual({ field: 'firstName', before: null, after: '[personal data]' });
    expect(entries[0]!.changes).toContainEqual({ field: 'isTaxExempt', before: null, after: false });
    expect(state.firstName).toBe('[personal data]');
  });

  it('should name every event in plain words and show no bookkeeping field (kind, ids) as a change', () => {
    const contact = [
      event('CustomerCreated', { firstName: 'Pat' }, '2026-01-01T10:00:00Z'),
      event('CustomerContactChangeRequested', { changeId: 'ch-1', kind: 'phone', pendingPhone: '7205550100' }, '2026-01-02T10:00:00Z'),
      event('CustomerContactVerificationSent', { changeId: 'ch-1', kind: 'phone' }, '2026-01-02T10:00:01Z', 'system:workers'),
      event('CustomerContactChangeConfirmed', { changeId: 'ch-1', kind: 'phone', phoneMobile: '7205550100' }, '2026-01-02T10:05:00Z'),
      event('SomethingNewHappened', { detail: 1 }, '2026-01-03T10:00:00Z'),
    ];
    const { entries } = buildTimeline(contact, { showPersonalData: true });
    expect(entries.map((e) => e.summary)).toEqual([
      'Customer created',
      'Phone change requested',
      'Phone change code sent by text',
      'Phone change confirmed',
      'Something new happened',
    ]);
    for (const e of entries) {
      expect(e.summary).not.toMatch(/[a-z][A-Z]/);
      expect(e.changes.map((c) => c.field)).not.toContain('kind');
      expect(e.changes.map((c) => c.field)).not.toContain('changeId');
    }
    expect(entries[1]!.changes).toEqual([{ field: 'pendingPhone', before: null, after: '7205550100' }]);
  });

  it("should show a confirmation as the confirmed field's change, the pending value then empty in the state", () => {
    const contact = [
      event('CustomerCreated', { firstName: 'Pat', phoneMobile: '3035550199' }, '2026-01-01T10:00:00Z'),
      event('CustomerContactChangeRequested', { changeId: 'ch-1', kind: 'phone', pendingPhone: '7205550100' }, '2026-01-02T10:00:00Z'),
      event('CustomerContactChangeConfirmed', { changeId: 'ch-1', kind: 'phone', phoneMobile: '7205550100' }, '2026-01-02T10:05:00Z'),
      event('CustomerRegistered', { via: 'registration-link' }, '2026-01-03T10:00:00Z'),
      event('AppEventTriggered', { appEventId: 'a-1', name: 'Welcome' }, '2026-01-03T10:00:01Z'),
    ];
    const { entries, state } = buildTimeline(contact, { showPersonalData: true });
    expect(entries[2]!.changes).toEqual([{ field: 'phoneMobile', before: '3035550199', after: '7205550100' }]);
    expect(entries[3]!.changes).toEqual([]);
    expect(entries[4]!.changes).toEqual([]);
    expect(state).toEqual({ firstName: 'Pat', phoneMobile: '7205550100', pendingPhone: null });
    const asOfRequest = buildTimeline(contact, { asOf: new Date('2026-01-02T10:01:00Z'), showPersonalData: true });
    expect(asOfRequest.state).toEqual({ firstName: 'Pat', phoneMobile: '3035550199', pendingPhone: '7205550100' });
  });

  it('should read an erased customer as recorded: personal values null, the other fields kept', () => {
    const erased = [
      event('CustomerCreated', { firstName: null, city: null, isTaxExempt: true, personalDataErased: true }, '2026-01-01T10:00:00Z'),
      event('CustomerEdited', { lastName: null, verifyRedemptions: true, personalDataErased: true }, '2026-01-02T10:00:00Z'),
      event('CustomerPersonalDataErased', { reason: 'asked' }, '2026-01-03T10:00:00Z'),
    ];
    const { entries, state } = buildTimeline(erased, { showPersonalData: true });
    expect(entries.map((e) => e.personalDataErased)).toEqual([true, true, false]);
    expect(entries[0]!.changes).toEqual([{ field: 'isTaxExempt', before: null, after: true }]);
    expect(entries[1]!.changes).toEqual([{ field: 'verifyRedemptions', before: null, after: true }]);
    expect(entries[2]!.changes).toEqual([]);
    expect(state).toEqual({ firstName: null, city: null, isTaxExempt: true, lastName: null, verifyRedemptions: true });
  });

  it('should tell consent changes in words, with where they came from (issue 24)', () => {
    const consent = [
      event('CustomerCreated', { firstName: 'Pat', phoneMobile: '3035550199' }, '2026-01-01T10:00:00Z'),
      event('CustomerMarketingConsentChanged', { channel: 'sms', granted: true, source: 'profile' }, '2026-01-02T10:00:00Z', 'customer:c-1'),
      event('CustomerMarketingConsentChanged', { channel: 'sms', granted: false, source: 'sms-keyword' }, '2026-01-03T10:00:00Z', 'system:sms-inbound'),
      event('CustomerMarketingConsentChanged', { channel: 'email', granted: false, source: 'unsubscribe-link' }, '2026-01-04T10:00:00Z', 'customer-link:c-1'),
    ];
    const { entries } = buildTimeline(consent, { showPersonalData: false });
    expect(entries.slice(1).map((e) => e.summary)).toEqual([
      'Reminder texts turned on (in My profile)',
      'Reminder texts turned off (replied STOP)',
      'Reminder e-mails turned off (unsubscribe link)',
    ]);
    for (const e of entries.slice(1)) expect(e.changes).toEqual([]);
  });

  it('should have a plain-English name for every event type it knows', () => {
    for (const [type, name] of Object.entries(HISTORY_EVENT_NAMES)) {
      expect(name, type).not.toMatch(/[a-z][A-Z]/);
      expect(name, type).toMatch(/^[A-Z][a-z]/);
    }
  });
});
