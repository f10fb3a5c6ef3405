import { describe, expect, it } from 'vitest';
import type { SmsKeywordReceived } from '@dealer/contracts';
import { given as givenOn } from '../testing/given';
import { smsInboundDecider } from './decide';

const data: SmsKeywordReceived['data'] = {
  inboundId: '00000000-0000-4000-8000-0000000000a1',
  keyword: 'stop',
  customerId: '00000000-0000-4000-8000-0000000000c1',
  fromCustomer: true,
  phoneMobile: '3035550142',
};
const received: SmsKeywordReceived = { type: 'SmsKeywordReceived', data };
const given = (events: SmsKeywordReceived[]) => givenOn(smsInboundDecider, events);

describe('an inbound keyword text', () => {
  it('should record the keyword once', () => {
    expect(given([]).when({ type: 'ReceiveSmsKeyword', data })()).toEqual([received]);
  });

  it('should record nothing for a retried delivery of the same message', () => {
    expect(given([received]).when({ type: 'ReceiveSmsKeyword', data })()).toEqual([]);
  });
});
