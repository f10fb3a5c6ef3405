// Unit tests of the employee's verification screens' rules: the 3 s poll stops when complete, the rate-limit
// countdown, and which status changes the listener announces.
import { describe, expect, it } from 'vitest';
import type { RedemptionVerification, RedemptionVerificationStatus } from '@dealer/contracts';
import { distinctRoOpCodes } from './api/get-ro-op-codes';
import { pollInterval } from './api/get-redemption-verification';
import { remainingSeconds } from './hooks/use-countdown';
import { trackTransitions } from './hooks/use-status-transitions';

const verification = (id: string, status: RedemptionVerificationStatus, customerId = 'c1') =>
  ({ redemptionVerificationId: id, id, customerId, roNumber: `RO${id}`, status, isComplete: ['accepted', 'declined', 'expired', 'overridden'].includes(status) }) as RedemptionVerification;

describe('polling one verification', () => {
  it('should poll every 3 s until the verification is complete, also before the first answer', () => {
    expect(pollInterval(undefined)).toBe(3000);
    expect(pollInterval(verification('1', 'sent'))).toBe(3000);
    expect(pollInterval(verification('1', 'accepted'))).toBe(false);
    expect(pollInterval(verification('1', 'expired'))).toBe(false);
  });
});

describe('rate-limit countdown', () => {
  it('should count the server\'s remaining wait down by whole seconds to 0', () => {
    const since = 1_000_000;
    expect(remainingSeconds(60, since, since)).toBe(60);
    expect(remainingSeconds(60, since, since + 999)).toBe(60);
    expect(remainingSeconds(60, since, since + 1000)).toBe(59);
    expect(remainingSeconds(60, since, since + 59_999)).toBe(1);
    expect(remainingSeconds(60, since, since + 60_000)).toBe(0);
    expect(remainingSeconds(60, since, since + 600_000)).toBe(0);
    // A clock read before the answer arrived does not add time.
    expect(remainingSeconds(60, since, since - 5000)).toBe(60);
  });
});

describe('status transitions', () => {
  it('should record a first sighting silently and announce a later change of state once', () => {
    const statuses = new Map<string, RedemptionVerificationStatus>();
    expect(trackTransitions(statuses, 'c1', [verification('1', 'pending'), verification('2', 'accepted')])).toEqual([]);
    // The message going out is not news (staff saw 'Email or Text sent to ...').
    expect(trackTransitions(statuses, 'c1', [verification('1', 'sent')])).toEqual([]);
    expect(trackTransitions(statuses, 'c1', [verification('1', 'accepted'), verification('2', 'accepted')])).toEqual([
      { type: 'success', text: 'RO# RO1: the customer approved the verification.' },
    ]);
    expect(trackTransitions(statuses, 'c1', [verification('1', 'accepted')])).toEqual([]);
  });

  it('should word declines, expiries and overrides, and ignore another customer\'s verifications', () => {
    const statuses = new Map<string, RedemptionVerificationStatus>([['1', 'sent'], ['2', 'sent'], ['3', 'sent']]);
    expect(trackTransitions(statuses, 'c1', [verification('1', 'declined'), verification('2', 'expired'), verification('3', 'overridden'), verification('4', 'accepted', 'c2')])).toEqual([
      { type: 'warning', text: 'RO# RO1: the customer declined the verification.' },
      { type: 'warning', text: 'RO# RO2: the verification expired without an answer.' },
      { type: 'info', text: "RO# RO3: the verification was accepted on the customer's behalf." },
    ]);
    expect(statuses.has('4')).toBe(false);
  });
});

describe('the op codes staff may pre-approve', () => {
  it('should list an RO\'s op codes once each, normalised, in line order, with the first description given', () => {
    const jobs = [
      { opCode: ' lof ', opCodeDesc: null },
      { opCode: 'BRK', opCodeDesc: 'Brake service' },
      { opCode: 'LOF', opCodeDesc: '  Oil change ' },
      { opCode: '   ', opCodeDesc: 'Blank' },
      { opCode: 'brk', opCodeDesc: 'Other words' },
    ];
    expect(distinctRoOpCodes(jobs)).toEqual([
      { opCode: 'LOF', description: 'Oil change' },
      { opCode: 'BRK', description: 'Brake service' },
    ]);
    expect(distinctRoOpCodes([])).toEqual([]);
  });
});
