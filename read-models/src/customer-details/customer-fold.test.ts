import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@dealer/platform';
import { entryOfRow, foldCustomerEntries, foldCustomerEvents, rowOfEntry, type CustomerRow } from './customer-fold';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const revisions = new Map<string, number>();
let position = 0;
const event = (customerId: string, type: string, data: Record<string, unknown>, time: string): RecordedEvent => {
  const revision = revisions.get(customerId) ?? 0;
  revisions.set(customerId, revision + 1);
  return {
    type,
    data: { customerId, ...data },
    streamId: `customer-${customerId}`,
    revision,
    globalPosition: ++position,
    metadata: { eventId: `e${position}`, correlationId: `c${position}`, causationId: null, actor: 'user:1', time },
  };
};
const fold = (events: RecordedEvent[], rows = new Map<string, CustomerRow>()) => ({ rows, touched: foldCustomerEvents(rows, events) });
const profile = { firstName: 'Pat', lastName: 'Lee', emailAddress: 'pat@example.com', phoneMobile: '7205550100', city: 'Denver', isTaxExempt: true, verifyRedemptions: false };

describe('customer row fold (customer_details, customer_search)', () => {
  it('should turn a created customer into a full row with the defaults for absent fields', () => {
    revisions.clear();
    const { rows, touched } = fold([event(A, 'CustomerCreated', profile, '2026-01-01T10:00:00.000Z')]);
    expect([...touched]).toEqual([A]);
    expect(rows.get(A)).toEqual({
      customer_id: A,
      first_name: 'Pat',
      last_name: 'Lee',
      email_address: 'pat@example.com',
      phone_mobile: '7205550100',
      phone_other: null,
      address: null,
      address2: null,
      city: 'Denver',
      state: null,
      zip: null,
      is_tax_exempt: true,
      verify_redemptions: false,
      is_registered: false,
      is_email_validated: false,
      is_phone_validated: false,
      pending_email: null,
      pending_phone: null,
      personal_data_erased: false,
      marketing_email: true,
      marketing_sms: false,
      revision: 0,
      created_date: '2026-01-01T10:00:00.000Z',
      modified_date: '2026-01-01T10:00:00.000Z',
    });
  });

  it('should keep the marketing consent per channel, also across batches (from the stored row)', () => {
    revisions.clear();
    const first = fold([
      event(A, 'CustomerCreated', profile, '2026-01-01T10:00:00.000Z'),
      event(A, 'CustomerMarketingConsentChanged', { channel: 'sms', granted: true, source: 'profile' }, '2026-01-02T10:00:00.000Z'),
    ]);
    expect(first.rows.get(A)).toMatchObject({ marketing_email: true, marketing_sms: true, revision: 1 });
    const second = fold([event(A, 'CustomerMarketingConsentChanged', { channel: 'email', granted: false, source: 'unsubscribe-link' }, '2026-01-03T10:00:00.000Z')], first.rows);
    expect([...second.touched]).toEqual([A]);
    expect(second.rows.get(A)).toMatchObject({ marketing_email: false, marketing_sms: true, revision: 2 });
  });

  it('should apply edits, registration and both contact changes; messages move only the revision', () => {
    revisions.clear();
    const { rows, touched } = fold([
      event(A, 'CustomerCreated', profile, '2026-01-01T10:00:00.000Z'),
      event(A, 'CustomerEdited', { city: 'Boulder', zip: '80301', verifyRedemptions: true }, '2026-01-02T10:00:00.000Z'),
      event(A, 'CustomerContactChangeRequested', { changeId: 'ch-1', kind: 'email', pendingEmail: 'new@example.com' }, '2026-01-03T10:00:00.000Z'),
      event(A, 'CustomerContactChangeRequested', { changeId: 'ch-2', kind: 'phone', pendingPhone: '3035550199' }, '2026-01-03T11:00:00.000Z'),
      event(A, 'CustomerContactVerificationSent', { changeId: 'ch-2', kind: 'phone' }, '2026-01-03T11:00:01.000Z'),
      event(A, 'CustomerContactChangeConfirmed', { changeId: 'ch-2', kind: 'phone', phoneMobile: '3035550199' }, '2026-01-04T10:00:00.000Z'),
      event(A, 'RegistrationMessageRequested', { channel: 'email' }, '2026-01-05T10:00:00.000Z'),
      event(A, 'RegistrationMessageSent', { channel: 'email', messageId: 'm-1' }, '2026-01-05T10:00:01.000Z'),
      event(A, 'CustomerRegistered', { via: 'registration-link' }, '2026-01-06T10:00:00.000Z'),
      event(A, 'RegistrationMessageSent', { channel: 'email', messageId: 'm-2' }, '2026-01-07T10:00:00.000Z'),
    ]);
    expect([...touched]).toEqual([A]);
    expect(rows.get(A)).toMatchObject({
      city: 'Boulder',
      zip: '80301',
      verify_redemptions: true,
      email_address: 'pat@example.com',
      pending_email: 'new@example.com',
      is_email_validated: false,
      phone_mobile: '3035550199',
      pending_phone: null,
      is_phone_validated: true,
      is_registered: true,
      revision: 9,
      created_date: '2026-01-01T10:00:00.000Z',
      modified_date: '2026-01-06T10:00:00.000Z',
    });
  });

  it('should continue from the rows loaded, confirm an e-mail change and leave other customers alone', () => {
    revisions.clear();
    const first = fold([
      event(A, 'CustomerCreated', profile, '2026-01-01T10:00:00.000Z'),
      event(A, 'CustomerContactChangeRequested', { changeId: 'ch-1', kind: 'email', pendingEmail: 'new@example.com' }, '2026-01-02T10:00:00.000Z'),
      event(B, 'CustomerCreated', { firstName: 'Sam' }, '2026-01-02T10:00:00.000Z'),
    ]);
    // The next batch starts from rows as the table returns them (a copy, not the same objects).
    const loaded = new Map([...first.rows].map(([id, row]) => [id, { ...row }]));
    const { rows, touched } = fold([event(A, 'CustomerContactChangeConfirmed', { changeId: 'ch-1', kind: 'email', emailAddress: 'new@example.com' }, '2026-01-03T10:00:00.000Z')], loaded);
    expect([...touched]).toEqual([A]);
    expect(rows.get(A)).toMatchObject({ email_address: 'new@example.com', pending_email: null, is_email_validated: true, revision: 2, modified_date: '2026-01-03T10:00:00.000Z' });
    expect(rows.get(B)).toEqual(first.rows.get(B));
  });

  it('should skip events of a customer it has no row for (created before the rows it was given)', () => {
    revisions.clear();
    revisions.set(A, 3);
    const { rows, touched } = fold([event(A, 'CustomerEdited', { city: 'Boulder' }, '2026-01-02T10:00:00.000Z')]);
    expect(touched.size).toBe(0);
    expect(rows.size).toBe(0);
  });

  it('should null every personal column on erasure and keep the flags and dates', () => {
    revisions.clear();
    const { rows } = fold([
      event(A, 'CustomerCreated', { ...profile, address: '1 Main St', phoneOther: '3035550000' }, '2026-01-01T10:00:00.000Z'),
      event(A, 'CustomerContactChangeRequested', { changeId: 'ch-1', kind: 'email', pendingEmail: 'new@example.com' }, '2026-01-02T10:00:00.000Z'),
      event(A, 'CustomerPersonalDataErased', { reason: 'asked' }, '2026-01-03T10:00:00.000Z'),
      event(A, 'RegistrationMessageSent', { channel: 'email', messageId: 'm-1' }, '2026-01-04T10:00:00.000Z'),
    ]);
    expect(rows.get(A)).toMatchObject({
      first_name: null,
      last_name: null,
      email_address: null,
      phone_mobile: null,
      phone_other: null,
      address: null,
      city: null,
      pending_email: null,
      is_tax_exempt: true,
      personal_data_erased: true,
      revision: 3,
      modified_date: '2026-01-03T10:00:00.000Z',
    });
  });

  it('should mark the row erased from events read after the erasure (personal fields null, the marker set)', () => {
    revisions.clear();
    const nulls = { firstName: null, lastName: null, emailAddress: null, phoneMobile: null, city: null, personalDataErased: true };
    const { rows } = fold([
      event(A, 'CustomerCreated', { ...nulls, isTaxExempt: false, verifyRedemptions: true }, '2026-01-01T10:00:00.000Z'),
      event(A, 'CustomerContactChangeRequested', { changeId: 'ch-1', kind: 'phone', pendingPhone: null, personalDataErased: true }, '2026-01-02T10:00:00.000Z'),
      event(A, 'CustomerContactChangeConfirmed', { changeId: 'ch-1', kind: 'phone', phoneMobile: null, personalDataErased: true }, '2026-01-03T10:00:00.000Z'),
      event(A, 'CustomerPersonalDataErased', { reason: 'asked' }, '2026-01-04T10:00:00.000Z'),
    ]);
    expect(rows.get(A)).toMatchObject({
      first_name: null,
      email_address: null,
      phone_mobile: null,
      pending_phone: null,
      is_phone_validated: true,
      verify_redemptions: true,
      personal_data_erased: true,
      revision: 3,
    });
  });

  it('should fold the partial rows customer_search loads (names, e-mail, phones, created date)', () => {
    revisions.clear();
    const created = fold([event(A, 'CustomerCreated', profile, '2026-01-01T10:00:00.000Z')]).rows.get(A)!;
    const partial = { customer_id: A, first_name: created.first_name, last_name: created.last_name, email_address: created.email_address, phone_mobile: created.phone_mobile, phone_other: created.phone_other, created_date: created.created_date };
    const { rows, touched } = fold([event(A, 'CustomerEdited', { lastName: 'Lee-Smith', phoneOther: '3035550000' }, '2026-01-02T10:00:00.000Z')], new Map([[A, partial as CustomerRow]]));
    expect([...touched]).toEqual([A]);
    expect(rows.get(A)).toMatchObject({ first_name: 'Pat', last_name: 'Lee-Smith', email_address: 'pat@example.com', phone_mobile: '7205550100', phone_other: '3035550000', created_date: '2026-01-01T10:00:00.000Z' });
  });

  it('should fold entries into new ones and leave the held entries as they were (a rebuild batch that fails changes nothing held)', () => {
    revisions.clear();
    const row = fold([event(A, 'CustomerCreated', profile, '2026-01-01T10:00:00.000Z')]).rows.get(A)!;
    const held = entryOfRow(row);
    const before = structuredClone(held);
    const edits = [
      event(A, 'CustomerEdited', { city: 'Boulder' }, '2026-01-02T10:00:00.000Z'),
      event(A, 'CustomerContactChangeConfirmed', { changeId: 'ch-1', kind: 'email', emailAddress: 'lee@example.com' }, '2026-01-03T10:00:00.000Z'),
      event(B, 'CustomerEdited', { city: 'Nowhere' }, '2026-01-03T11:00:00.000Z'),
    ];
    const changed = foldCustomerEntries((id) => (id === A ? held : undefined), edits);
    expect(held).toEqual(before);
    expect([...changed.keys()]).toEqual([A]);
    // The same row as the row fold leaves.
    const rows = new Map([[A, { ...row }]]);
    foldCustomerEvents(rows, edits);
    expect(rowOfEntry(A, changed.get(A)!)).toEqual(rows.get(A));
    expect(rows.get(A)).toMatchObject({ city: 'Boulder', email_address: 'lee@example.com', is_email_validated: true, revision: 2, created_date: '2026-01-01T10:00:00.000Z' });
  });
});
