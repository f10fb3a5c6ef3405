import { describe, expect, it } from 'vitest';
import { collidesWithMatches, type CustomerMatch } from './matches';

const match = (m: Partial<CustomerMatch>): CustomerMatch => ({
  customerId: 'c1', firstName: 'Dana', lastName: 'Ruiz', emailAddress: null, phoneMobile: null, phoneOther: null, ...m,
});

describe('collidesWithMatches (SPEC 5)', () => {
  it('should block a listed match with the same e-mail in any case, or the same mobile phone in any format', () => {
    expect(collidesWithMatches([match({ emailAddress: 'Dana@Example.com' })], { emailAddress: ' dana@example.COM', phoneMobile: null })).toBe(true);
    expect(collidesWithMatches([match({ phoneMobile: '3035557001' })], { emailAddress: null, phoneMobile: '(303) 555-7001' })).toBe(true);
  });

  it('should not block on a name, an other phone, or empty values', () => {
    expect(collidesWithMatches([match({ phoneOther: '3035557001' })], { emailAddress: '', phoneMobile: '3035557001' })).toBe(false);
    expect(collidesWithMatches([match({})], { emailAddress: '', phoneMobile: '' })).toBe(false);
    expect(collidesWithMatches([], { emailAddress: 'dana@example.com', phoneMobile: '3035557001' })).toBe(false);
  });
});
