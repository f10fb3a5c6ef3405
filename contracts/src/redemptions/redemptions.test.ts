import { describe, expect, it } from 'vitest';
import { checkStartRequest, remainingWaitSeconds, validateOpCodeRule, REDEMPTION_TEXTS } from './index';

const now = new Date('2026-03-01T15:00:00.000Z');
const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000).toISOString();

describe('remaining wait (SPEC 4)', () => {
  it('should be 0 when nothing was sent or the verification is accepted', () => {
    expect(remainingWaitSeconds({ sentDate: null, isAccepted: false, rateLimitSeconds: 60 }, now)).toBe(0);
    expect(remainingWaitSeconds({ sentDate: secondsAgo(5), isAccepted: true, rateLimitSeconds: 60 }, now)).toBe(0);
  });

  it('should be rateLimitSeconds minus the whole seconds elapsed since sentDate, and 0 once they passed', () => {
    expect(remainingWaitSeconds({ sentDate: secondsAgo(0), isAccepted: false, rateLimitSeconds: 60 }, now)).toBe(60);
    expect(remainingWaitSeconds({ sentDate: secondsAgo(59.9), isAccepted: false, rateLimitSeconds: 60 }, now)).toBe(1);
    expect(remainingWaitSeconds({ sentDate: secondsAgo(60), isAccepted: false, rateLimitSeconds: 60 }, now)).toBe(0);
  });
});

describe('start request', () => {
  it('should answer SPEC 5 messages for a missing RO number and location, and normalise the rest', () => {
    const missing = checkStartRequest({ type: 'email', roNumber: ' ', customerId: 'c' });
    expect(missing).toMatchObject({ ok: false, fields: { roNumber: 'RO Number is required', locationId: 'Location is required' } });
    expect(checkStartRequest({ type: 'TEXT', roNumber: ' r410123 ', locationId: 1, customerId: 'c', preApprovalOpCodes: [' lof', 'LOF', ''] })).toEqual({
      ok: true,
      value: { type: 'text', roNumber: 'R410123', locationId: 1, customerId: 'c', preApprovalOpCodes: ['LOF'] },
    });
    expect(checkStartRequest({ type: 'fax', roNumber: '1', locationId: 1, customerId: 'c' })).toMatchObject({ ok: false, errors: ['Type must be email or text.'] });
  });
});

describe('op-code rule form', () => {
  it('should require a location and an op code of at most 20 characters, stored upper-case', () => {
    expect(validateOpCodeRule({ opCode: '' })).toMatchObject({ ok: false, fields: { locationId: 'Location is required', opCode: 'Op code is required.' } });
    expect(validateOpCodeRule({ locationId: 1, opCode: 'x'.repeat(21) })).toMatchObject({ ok: false, fields: { opCode: 'Only 20 characters are allowed.' } });
    expect(validateOpCodeRule({ locationId: 1, opCode: ' brk ', description: '  ' })).toEqual({ ok: true, value: { locationId: 1, opCode: 'BRK', description: null } });
  });
});

describe('SPEC 8 texts', () => {
  it('should word the override confirmation, its success and the sent notice as SPEC does', () => {
    expect(REDEMPTION_TEXTS.overrideConfirm('Pat Customer')).toBe('Are you sure you want to accept this verification on behalf of Pat Customer? The customer will be notified.');
    expect(REDEMPTION_TEXTS.overrideSuccess('410123')).toBe('Redemption verification for RO# 410123 successfully accepted.');
    expect(REDEMPTION_TEXTS.sent('Pat Customer')).toBe('Email or Text sent to Pat Customer.');
  });
});
