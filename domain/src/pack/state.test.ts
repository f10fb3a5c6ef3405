import { describe, expect, it } from 'vitest';
import { checkPackTerms, type PackTerms } from '@dealer/contracts';
import { evolvePack, initialPackState } from './state';

describe('pack state', () => {
  const valid = { name: 'Maintenance pack', price: 19900, locationIds: [2, 1], termMonths: 24, termMileage: 30000 };

  it('should fold a pack through its events', () => {
    const state = [
      { type: 'PackCreated', data: { packId: 'p1', items: [{ couponId: 'c1', quantity: 4 }], ...(checkPackTerms(valid) as { ok: true; value: PackTerms }).value } },
      { type: 'PackCouponAdded', data: { packId: 'p1', couponId: 'c2', quantity: 2 } },
      { type: 'PackCouponQuantityChanged', data: { packId: 'p1', couponId: 'c1', quantity: 3, previousQuantity: 4 } },
      { type: 'PackCouponRemoved', data: { packId: 'p1', couponId: 'c2' } },
      { type: 'PackEdited', data: { packId: 'p1', price: 17900 } },
      { type: 'PackDisabled', data: { packId: 'p1', reason: null } },
    ].reduce(evolvePack, initialPackState());
    expect(state).toMatchObject({ items: [{ couponId: 'c1', quantity: 3 }], status: 'disabled', terms: { price: 17900, name: 'Maintenance pack' } });
  });
});
