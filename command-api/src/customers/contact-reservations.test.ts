import { describe, expect, it } from 'vitest';
import { reservationKeyFrom, reservationStreamId } from './contact-reservations';

describe('contact value reservation streams', () => {
  it('should name streams with a keyed hash of the value, never the value', () => {
    const key = reservationKeyFrom('a-server-secret-of-thirty-two-chars!');
    const stream = reservationStreamId(key, { kind: 'email', value: 'dana@example.com' });
    expect(stream).toMatch(/^contact-reservation-email-[0-9a-f]{64}$/);
    expect(stream).not.toContain('dana');
    expect(reservationStreamId(reservationKeyFrom('another-server-secret-thirty-two!!'), { kind: 'email', value: 'dana@example.com' })).not.toBe(stream);
  });
});
