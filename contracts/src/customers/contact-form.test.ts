import { describe, expect, it } from 'vitest';
import { CONTACT_FORM_MESSAGES, CONTACT_FORM_MESSAGE_MAX, checkContactForm, contactFormConfirmation, hasUnsendableCharacters } from './contact-form';

const base = { locationId: 1, topic: 'coupons', message: ' Hello ', preferredReply: 'email' };

describe('checkContactForm', () => {
  it('should accept a complete form, trimming the message and reading a numeric location id', () => {
    expect(checkContactForm({ ...base, locationId: '2' })).toEqual({ ok: true, value: { locationId: 2, topic: 'coupons', message: 'Hello', preferredReply: 'email' } });
  });

  it('should answer every bad field with its message', () => {
    expect(checkContactForm({})).toEqual({
      ok: false,
      errors: {
        locationId: CONTACT_FORM_MESSAGES.locationRequired,
        topic: CONTACT_FORM_MESSAGES.topicRequired,
        message: CONTACT_FORM_MESSAGES.messageRequired,
        preferredReply: CONTACT_FORM_MESSAGES.replyRequired,
      },
    });
    const tooLong = checkContactForm({ ...base, message: 'x'.repeat(CONTACT_FORM_MESSAGE_MAX + 1) });
    expect(tooLong).toEqual({ ok: false, errors: { message: CONTACT_FORM_MESSAGES.messageTooLong } });
    expect(checkContactForm({ ...base, message: 'a\u0000b' })).toEqual({ ok: false, errors: { message: CONTACT_FORM_MESSAGES.messageInvalid } });
    expect(checkContactForm({ ...base, locationId: 0 })).toMatchObject({ ok: false, errors: { locationId: CONTACT_FORM_MESSAGES.locationRequired } });
  });

  it('should count characters as a person does: emoji once', () => {
    expect(checkContactForm({ ...base, message: '🚗'.repeat(CONTACT_FORM_MESSAGE_MAX) }).ok).toBe(true);
  });
});

describe('hasUnsendableCharacters', () => {
  it('should find NUL and lone surrogates, not pairs', () => {
    expect(hasUnsendableCharacters('ok 🚗')).toBe(false);
    expect(hasUnsendableCharacters('a\u0000')).toBe(true);
    expect(hasUnsendableCharacters('a\ud800b')).toBe(true);
    expect(hasUnsendableCharacters('a\udc00')).toBe(true);
  });
});

describe('contactFormConfirmation', () => {
  it('should name the location and the reply channel, promising no time', () => {
    expect(contactFormConfirmation('Flatirons Honda', 'phone')).toBe('Thanks — your message was sent to Flatirons Honda. A member of their team will reply by phone.');
  });
});
