// Phone formatting (SPEC 5) and reading a phone number typed in any format.
import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigitsOf, phoneOrDash } from './phone';

describe('formatPhone', () => {
  it('should show 10 digits as (xxx) xxx-xxxx and 7 as xxx-xxxx, whatever the input writing', () => {
    expect(formatPhone('7205550123')).toBe('(720) 555-0123');
    expect(formatPhone('720.555.0123')).toBe('(720) 555-0123');
    expect(formatPhone('5550123')).toBe('555-0123');
    expect(phoneOrDash(null)).toBe('-');
  });
});

describe('phoneDigitsOf', () => {
  it('should read a phone number in any usual writing as the stored digits', () => {
    for (const written of ['7205550123', '(720) 555-0123', '720.555.0123', '720-555-0123', ' +1 720 555 0123 ', '1 (720) 555-0123']) {
      expect(phoneDigitsOf(written)).toBe('7205550123');
    }
  });

  it('should answer null for what is not a phone number', () => {
    for (const text of ['pat@example.com', 'Pat', '', '12', '(720) 555-01x3', '1234567890123456']) expect(phoneDigitsOf(text)).toBeNull();
  });
});
