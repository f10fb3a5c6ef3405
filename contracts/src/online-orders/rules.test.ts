import { describe, expect, it } from 'vitest';
import { ONLINE_ORDER_MESSAGES, checkConfirmOnlineOrder, checkPlaceOnlineOrder } from './rules';

const packId = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('checkPlaceOnlineOrder', () => {
  it('should take a pack id and a location, lower-casing the id', () => {
    expect(checkPlaceOnlineOrder({ packId: packId.toUpperCase(), locationId: 3 })).toEqual({ ok: true, value: { packId, locationId: 3 } });
    expect(checkPlaceOnlineOrder({ packId, locationId: '2' })).toEqual({ ok: true, value: { packId, locationId: 2 } });
  });

  it('should answer each missing or wrong field with its message', () => {
    expect(checkPlaceOnlineOrder({})).toEqual({ ok: false, errors: { packId: ONLINE_ORDER_MESSAGES.packRequired, locationId: ONLINE_ORDER_MESSAGES.locationRequired } });
    expect(checkPlaceOnlineOrder({ packId: 'not-a-pack', locationId: 0 })).toEqual({ ok: false, errors: { packId: ONLINE_ORDER_MESSAGES.packUnknown, locationId: ONLINE_ORDER_MESSAGES.locationRequired } });
    expect(checkPlaceOnlineOrder({ packId, locationId: 1.5 }).ok).toBe(false);
    expect(checkPlaceOnlineOrder({ packId, locationId: 1e10 }).ok).toBe(false);
  });
});

describe('checkConfirmOnlineOrder', () => {
  it('should take a card number or a payment method id, not both and not neither', () => {
    expect(checkConfirmOnlineOrder({ cardNumber: ' 4242 4242-4242 4242 ' })).toEqual({ ok: true, value: { cardNumber: '4242 4242-4242 4242' } });
    expect(checkConfirmOnlineOrder({ paymentMethodId: 'pm_card_visa' })).toEqual({ ok: true, value: { paymentMethodId: 'pm_card_visa' } });
    expect(checkConfirmOnlineOrder({})).toEqual({ ok: false, errors: { cardNumber: ONLINE_ORDER_MESSAGES.paymentRequired } });
    expect(checkConfirmOnlineOrder({ cardNumber: '4242424242424242', paymentMethodId: 'pm_card_visa' }).ok).toBe(false);
    expect(checkConfirmOnlineOrder({ cardNumber: '4242 abcd' })).toEqual({ ok: false, errors: { cardNumber: ONLINE_ORDER_MESSAGES.cardNumberInvalid } });
    expect(checkConfirmOnlineOrder({ cardNumber: '4'.repeat(33) }).ok).toBe(false);
    expect(checkConfirmOnlineOrder({ paymentMethodId: 'card_123' })).toEqual({ ok: false, errors: { paymentMethodId: ONLINE_ORDER_MESSAGES.paymentMethodInvalid } });
  });
});

