import { describe, expect, it } from 'vitest';
import type { CustomerContactFormSent } from '@dealer/contracts';
import { given as givenOn } from '../testing/given';
import { contactFormDecider } from './decide';

const data = (messageId: string): CustomerContactFormSent['data'] => ({
  customerId: '00000000-0000-4000-8000-0000000000c1',
  messageId,
  locationId: 1,
  locationName: 'Denver',
  topic: 'service',
  preferredReply: 'email',
  contactMessage: 'When can I bring the car in?',
});
const sent = (messageId: string): CustomerContactFormSent => ({ type: 'CustomerContactFormSent', data: data(messageId) });
const given = (events: CustomerContactFormSent[]) => givenOn(contactFormDecider, events);

describe("the customer's contact form", () => {
  it('should record every accepted form as one message', () => {
    expect(given([sent('m-1')]).when({ type: 'SendContactForm', data: data('m-2') })()).toEqual([sent('m-2')]);
  });

  it("should record nothing again for a retried request (its message id already sent)", () => {
    expect(given([sent('m-1')]).when({ type: 'SendContactForm', data: data('m-1') })()).toEqual([]);
  });
});
