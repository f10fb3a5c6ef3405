import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '@dealer/contracts';
import { given as givenOn } from '@dealer/domain/testing/given';
import { contactValuesOf, reservationDecider, reservationKeyFrom, reservationStreamId, type ReservationEvent } from './contact-reservations';

const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';

const given = (events: ReservationEvent[]) => givenOn(reservationDecider, events);
const reserved = (holderId: string): ReservationEvent => ({ type: 'ContactValueReserved', data: { kind: 'email', holderId } });

describe('contact value reservations', () => {
  it('should reserve a free value, and answer nothing for its own holder', () => {
    expect(given([]).when({ type: 'ReserveContactValue', data: { kind: 'email', holderId: a } })()).toEqual([reserved(a)]);
    expect(given([reserved(a)]).when({ type: 'ReserveContactValue', data: { kind: 'email', holderId: a } })()).toEqual([]);
  });

  it("should refuse another customer's value with SPEC's message unless its holder no longer holds it", () => {
    expect(given([reserved(a)]).when({ type: 'ReserveContactValue', data: { kind: 'email', holderId: b } })).toThrow(CUSTOMER_MESSAGES.duplicate);
    expect(given([reserved(a)]).when({ type: 'ReserveContactValue', data: { kind: 'email', holderId: b, holderGone: true } })()).toEqual([reserved(b)]);
  });

  it('should release only for its holder, after which anyone may reserve it', () => {
    const released: ReservationEvent = { type: 'ContactValueReleased', data: { kind: 'email', holderId: a } };
    expect(given([reserved(a)]).when({ type: 'ReleaseContactValue', data: { kind: 'email', holderId: b } })()).toEqual([]);
    expect(given([reserved(a)]).when({ type: 'ReleaseContactValue', data: { kind: 'email', holderId: a } })()).toEqual([released]);
    expect(given([reserved(a), released]).when({ type: 'ReserveContactValue', data: { kind: 'email', holderId: b } })()).toEqual([reserved(b)]);
  });

  it('should normalise values (e-mail in any case, mobile in any format) and name streams without them', () => {
    expect(contactValuesOf({ emailAddress: ' Dana@Example.COM ', phoneMobile: '(303) 555-7001' })).toEqual([
      { kind: 'email', value: 'dana@example.com' },
      { kind: 'mobile', value: '3035557001' },
    ]);
    expect(contactValuesOf({ emailAddress: '', phoneMobile: null })).toEqual([]);
    const key = reservationKeyFrom('a-server-secret-of-thirty-two-chars!');
    const stream = reservationStreamId(key, { kind: 'email', value: 'dana@example.com' });
    expect(stream).toMatch(/^contact-reservation-email-[0-9a-f]{64}$/);
    expect(stream).not.toContain('dana');
    expect(reservationStreamId(reservationKeyFrom('another-server-secret-thirty-two!!'), { kind: 'email', value: 'dana@example.com' })).not.toBe(stream);
  });
});
