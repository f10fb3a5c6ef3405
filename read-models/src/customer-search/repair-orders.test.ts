import { describe, expect, it } from 'vitest';
import { normalizeRoNumber, roNumberSearchTerm } from './repair-orders';

describe('roNumberSearchTerm', () => {
  it('should take 4 to 9 digits, with an optional # and up to three letters in front, as an RO number', () => {
    expect(roNumberSearchTerm('9900001')).toBe('9900001');
    expect(roNumberSearchTerm(' #410123 ')).toBe('410123');
    expect(roNumberSearchTerm('tst1234')).toBe('TST1234');
    expect(roNumberSearchTerm('1234')).toBe('1234');
  });

  it('should leave phones, names, e-mails and short numbers to the other searches', () => {
    for (const term of ['3035551234', '(303) 555-1234', '303-555', '303 555', '123', 'abcd1234', 'smith', 'a@b.co', '12ab']) {
      expect(roNumberSearchTerm(term), term).toBeNull();
    }
  });
});

describe('normalizeRoNumber', () => {
  it('should trim and upper-case as the importer stores RO numbers', () => {
    expect(normalizeRoNumber(' c123 ')).toBe('C123');
  });
});
