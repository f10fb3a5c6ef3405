import { describe, expect, it } from 'vitest';
import { safePath } from './logger';

describe('safePath', () => {
  it('should drop the query and blank link tokens in request paths', () => {
    expect(safePath('/api/customer-search?searchTerm=pat@example.com')).toBe('/api/customer-search');
    expect(safePath('/auth-api/registration/abcDEF123')).toBe('/auth-api/registration/[token]');
    expect(safePath('/verify/contact/xyz')).toBe('/verify/contact/[token]');
    expect(safePath('/verify/redemption/abc')).toBe('/verify/redemption/[token]');
    expect(safePath('/api/customers/123')).toBe('/api/customers/123');
  });
});
