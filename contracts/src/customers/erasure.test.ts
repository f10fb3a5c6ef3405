// The erasure reason rule shared by the Erase personal data dialog and the server.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ERASURE_LIMITS, erasureReasonError, erasureRequestSchema } from './erasure';

describe('erasure reason', () => {
  it('should require a reason that is not only spaces', () => {
    expect(erasureReasonError('')).toBe('Reason is required.');
    expect(erasureReasonError('   ')).toBe('Reason is required.');
    expect(erasureReasonError(null)).toBe('Reason is required.');
    expect(erasureReasonError(undefined)).toBe('Reason is required.');
  });

  it('should allow at most 500 characters after trimming', () => {
    expect(erasureReasonError('x'.repeat(ERASURE_LIMITS.reasonMax))).toBeNull();
    expect(erasureReasonError(` ${'x'.repeat(ERASURE_LIMITS.reasonMax)} `)).toBeNull();
    expect(erasureReasonError('x'.repeat(ERASURE_LIMITS.reasonMax + 1))).toBe('Only 500 characters are allowed.');
  });

  it('should hand the form the trimmed reason', () => {
    expect(v.parse(erasureRequestSchema, { reason: '  Customer asked, ticket 12  ' })).toEqual({ reason: 'Customer asked, ticket 12' });
  });
});
