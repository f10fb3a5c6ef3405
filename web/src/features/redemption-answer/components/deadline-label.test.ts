import { describe, expect, it } from 'vitest';
import { deadlineLabel } from './deadline-label';

describe('deadlineLabel', () => {
  it('should ask for an answer by the deadline while the verification is open', () => {
    expect(deadlineLabel({ isFinal: false, status: 'pending' })).toBe('Answer by');
    expect(deadlineLabel({ isFinal: false, status: 'sent' })).toBe('Answer by');
  });

  it('should say Expired for an expired verification and show no deadline once it was answered or overridden', () => {
    expect(deadlineLabel({ isFinal: true, status: 'expired' })).toBe('Expired');
    for (const status of ['accepted', 'declined', 'overridden'] as const) expect(deadlineLabel({ isFinal: true, status })).toBeNull();
  });
});
