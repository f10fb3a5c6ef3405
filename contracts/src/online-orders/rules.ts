/**
 * The checks of the online-order requests with the customer's messages (one place for the web
 * checkout and the server). The order's state and evolve are the domain's (`domain/src/online-order/state.ts`).
 */

export const ONLINE_ORDER_MESSAGES = {
  packRequired: 'Please choose a pack.',
  packUnknown: 'This pack is not sold online. Please choose another one.',
  locationRequired: 'Please choose the location the pack is sold with.',
  locationNotSelling: 'This pack is not sold at that location. Please choose another location.',
  paymentRequired: 'Please enter your card details.',
  cardNumberInvalid: 'Please enter a card number (digits, spaces or dashes).',
  paymentMethodInvalid: 'The payment method is not valid. Please enter your card details again.',
  notAvailable: 'Buying packs online is not available at the moment. Please ask your dealership.',
  orderUnknown: 'This order does not exist.',
  alreadyRefunded: 'This order was refunded.',
  refundUnavailable: 'The sale was voided, but the online payment could not be refunded now: online payments are not configured. Refund the customer another way.',
  paid: 'Thank you: your payment was received and your coupons are ready.',
  processing: 'Your payment is being processed. Your coupons appear as soon as it is confirmed.',
  cancelled: 'This order was cancelled because it was not paid within 24 hours. Please choose your pack again.',
  returned: 'This pack could no longer be sold when your payment arrived, so nothing was issued and your payment was refunded.',
} as const;

/** An order placed but not paid this long is cancelled (its payment cancelled at the provider). */
export const ONLINE_ORDER_ABANDON_AFTER_MS = 24 * 3600 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const CARD_NUMBER_MAX = 32;
export const PAYMENT_METHOD_ID_MAX = 255;

export interface PlaceOnlineOrderRequest {
  packId: string;
  locationId: number;
  /** A gift (issue 13): the recipient's e-mail and a short message (gifts/rules.ts checks them). */
  recipientEmail?: string | null;
  giftMessage?: string | null;
}

export type OnlineOrderCheck<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

export function checkPlaceOnlineOrder(input: { packId?: unknown; locationId?: unknown }): OnlineOrderCheck<PlaceOnlineOrderRequest> {
  const errors: Record<string, string> = {};
  const packId = typeof input.packId === 'string' ? input.packId.trim() : '';
  if (!packId || !UUID.test(packId)) errors.packId = packId ? ONLINE_ORDER_MESSAGES.packUnknown : ONLINE_ORDER_MESSAGES.packRequired;
  const locationId = typeof input.locationId === 'string' && /^\d{1,9}$/.test(input.locationId) ? Number(input.locationId) : input.locationId;
  if (typeof locationId !== 'number' || !Number.isInteger(locationId) || locationId < 1 || locationId > 999_999_999) errors.locationId = ONLINE_ORDER_MESSAGES.locationRequired;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { packId: packId.toLowerCase(), locationId: locationId as number } };
}

/** Demo: a test card number; Stripe: the PaymentMethod id Stripe.js made in the browser. */
export type ConfirmOnlineOrderRequest = { cardNumber: string } | { paymentMethodId: string };

export function checkConfirmOnlineOrder(input: { cardNumber?: unknown; paymentMethodId?: unknown }): OnlineOrderCheck<ConfirmOnlineOrderRequest> {
  const card = typeof input.cardNumber === 'string' ? input.cardNumber.trim() : '';
  const pm = typeof input.paymentMethodId === 'string' ? input.paymentMethodId.trim() : '';
  if (card && pm) return { ok: false, errors: { cardNumber: ONLINE_ORDER_MESSAGES.paymentRequired } };
  if (card) {
    if (card.length > CARD_NUMBER_MAX || !/^[0-9][0-9 -]*[0-9]$/.test(card)) return { ok: false, errors: { cardNumber: ONLINE_ORDER_MESSAGES.cardNumberInvalid } };
    return { ok: true, value: { cardNumber: card } };
  }
  if (pm) {
    if (pm.length > PAYMENT_METHOD_ID_MAX || !/^pm_[A-Za-z0-9_]+$/.test(pm)) return { ok: false, errors: { paymentMethodId: ONLINE_ORDER_MESSAGES.paymentMethodInvalid } };
    return { ok: true, value: { paymentMethodId: pm } };
  }
  return { ok: false, errors: { cardNumber: ONLINE_ORDER_MESSAGES.paymentRequired } };
}

/** cancelled: not paid in time; returned: paid when the pack could no longer be sold, the payment refunded, nothing issued. */
export type OnlineOrderStatus = 'placed' | 'failed' | 'paid' | 'refunded' | 'cancelled' | 'returned';
