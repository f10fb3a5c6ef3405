// System health lists poll only while a retry waits to be picked up.
import { describe, expect, it } from 'vitest';
import { retryPollInterval } from './system-health-keys';

describe('retryPollInterval', () => {
  it('should poll every 2 s while a retry is requested, and not at all otherwise', () => {
    expect(retryPollInterval(undefined)).toBe(false);
    expect(retryPollInterval([])).toBe(false);
    expect(retryPollInterval([{ retryRequestedAt: null }])).toBe(false);
    expect(retryPollInterval([{ retryRequestedAt: null }, { retryRequestedAt: '2026-11-24T16:00:00.000Z' }])).toBe(2000);
  });
});
