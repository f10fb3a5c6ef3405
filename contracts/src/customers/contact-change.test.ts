import { describe, expect, it } from 'vitest';
import { emailVerificationTitle, phoneVerificationTitle } from './customer';
import { CONTACT_CHANGE_MESSAGES, contactKindOf, validateContactValue } from './contact-change';

describe('validateContactValue', () => {
  it('should answer the SPEC messages for a missing or invalid e-mail', () => {
    expect(validateContactValue('email', '')).toEqual({ ok: false, error: CONTACT_CHANGE_MESSAGES.emailRequired });
    expect(validateContactValue('email', null)).toEqual({ ok: false, error: 'Email is required.' });
    expect(validateContactValue('email', 'not-an-email')).toEqual({ ok: false, error: 'Email is invalid.' });
  });

  it('should lower-case and trim a valid e-mail', () => {
    expect(validateContactValue('email', '  New.Address@Example.COM ')).toEqual({ ok: true, value: 'new.address@example.com' });
  });

  it('should answer the SPEC messages for a missing or invalid mobile phone', () => {
    expect(validateContactValue('phone', '')).toEqual({ ok: false, error: 'Mobile phone is required.' });
    expect(validateContactValue('phone', '(303) 555-01')).toEqual({ ok: false, error: 'Mobile phone is invalid.' });
    expect(validateContactValue('phone', '303-555-0142x')).toEqual({ ok: false, error: 'Mobile phone is invalid.' });
  });

  it('should keep the 10 digits of a masked mobile phone', () => {
    expect(validateContactValue('phone', '(303) 555-0142')).toEqual({ ok: true, value: '3035550142' });
  });
});

describe('contactKindOf', () => {
  it('should accept the SPEC types and the contact-edit kinds', () => {
    expect(contactKindOf('email')).toBe('email');
    expect(contactKindOf('PHONE')).toBe('phone');
    expect(contactKindOf('text')).toBeNull();
  });
});

describe('verification titles', () => {
  it('should say pending while a change waits, then verified once confirmed', () => {
    expect(emailVerificationTitle({ isEmailValidated: false, pendingEmail: 'x@example.com' })).toBe('Pending an email change');
    expect(emailVerificationTitle({ isEmailValidated: true, pendingEmail: null })).toBe('Verified');
    expect(phoneVerificationTitle({ isPhoneValidated: false, pendingPhone: '3035550000' })).toBe('Pending an phone number change');
    expect(phoneVerificationTitle({ isPhoneValidated: false, pendingPhone: null })).toBe('Not verified');
  });
});
