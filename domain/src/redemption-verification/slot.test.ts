import { describe, expect, it } from 'vitest';
import { given as givenOn } from '../testing/given';
import { REDEMPTION_SLOT_MESSAGES, redemptionSlotDecider, redemptionSlotStreamId, type RedemptionSlotEvent } from './decide';

const v1 = '00000000-0000-4000-8000-000000000001';
const v2 = '00000000-0000-4000-8000-000000000002';
const claimed = (id: string): RedemptionSlotEvent => ({ type: 'RedemptionVerificationSlotClaimed', data: { redemptionVerificationId: id } });

const given = (events: RedemptionSlotEvent[]) => givenOn(redemptionSlotDecider, events);

describe('the open-verification slot of an RO and customer', () => {
  it('should be claimed by the first verification and refuse a second while the first is open', () => {
    expect(given([]).when({ type: 'ClaimRedemptionVerificationSlot', data: { redemptionVerificationId: v1, holderClosed: false } })()).toEqual([claimed(v1)]);
    expect(given([claimed(v1)]).when({ type: 'ClaimRedemptionVerificationSlot', data: { redemptionVerificationId: v2, holderClosed: false } })).toThrow(
      REDEMPTION_SLOT_MESSAGES.held,
    );
  });

  it('should pass to a new verification once the holder is final, and be released only by its holder', () => {
    expect(given([claimed(v1)]).when({ type: 'ClaimRedemptionVerificationSlot', data: { redemptionVerificationId: v2, holderClosed: true } })()).toEqual([claimed(v2)]);
    expect(given([claimed(v1)]).when({ type: 'ReleaseRedemptionVerificationSlot', data: { redemptionVerificationId: v2 } })()).toEqual([]);
    expect(given([claimed(v1)]).when({ type: 'ReleaseRedemptionVerificationSlot', data: { redemptionVerificationId: v1 } })()).toEqual([
      { type: 'RedemptionVerificationSlotReleased', data: { redemptionVerificationId: v1 } },
    ]);
  });

  it('should name one stream per location, RO and customer', () => {
    const key = { locationId: 1, roNumber: '512001', customerId: v1 };
    expect(redemptionSlotStreamId(key)).toBe(redemptionSlotStreamId({ ...key }));
    expect(redemptionSlotStreamId({ ...key, roNumber: '512002' })).not.toBe(redemptionSlotStreamId(key));
    expect(redemptionSlotStreamId({ ...key, locationId: 2 })).not.toBe(redemptionSlotStreamId(key));
  });
});
