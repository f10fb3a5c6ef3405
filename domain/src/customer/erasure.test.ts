import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, ERASURE_MESSAGES } from '@dealer/contracts';
import { given as givenOn } from '../testing/given';
import { erasureDecider, type CustomerPersonalDataErased } from './erasure';

const customerId = '00000000-0000-4000-8000-0000000000c1';
const created = { type: 'CustomerCreated', data: { customerId, firstName: 'Pat', lastName: 'Lee', emailAddress: 'pat@example.com' } };
const erased: CustomerPersonalDataErased = { type: 'CustomerPersonalDataErased', data: { customerId, reason: 'Asked by the customer' } };
const given = (events: { type: string; data: unknown }[]) => givenOn(erasureDecider, events);
const erase = (reason: string) => ({ type: 'EraseCustomerPersonalData' as const, data: { customerId, reason } });

describe("erasing a customer's personal data", () => {
  it('should record the erasure once with the reason trimmed', () => {
    expect(given([created]).when(erase('  Asked by the customer  '))()).toEqual([erased]);
  });

  it('should record nothing for a customer erased already (a retry, or events read after the key is gone)', () => {
    expect(given([created, erased]).when(erase('Asked again'))()).toEqual([]);
    const openedAfterErasure = { type: 'CustomerCreated', data: { customerId, firstName: null, lastName: null, emailAddress: null, personalDataErased: true } };
    expect(given([openedAfterErasure]).when(erase('Asked again'))()).toEqual([]);
  });

  it('should refuse an unknown customer and a missing or too long reason', () => {
    expect(given([]).when(erase('Asked'))).toThrow(CUSTOMER_MESSAGES.notFound);
    expect(given([created]).when(erase('   '))).toThrow(ERASURE_MESSAGES.reasonRequired);
    expect(given([created]).when(erase('x'.repeat(10_000)))).toThrow(ERASURE_MESSAGES.reasonMax);
  });
});
