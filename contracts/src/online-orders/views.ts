/**
 * What the online-order routes answer (issue 13 "Buying a pack"), for the web checkout:
 *   POST /api/online-orders {packId, locationId}          [customers, their own]  -> OnlineOrderPlacedView
 *   POST /api/online-orders/{orderId}/confirm
 *        {cardNumber} (demo) | {paymentMethodId} (stripe) [customers, their own]  -> OnlineOrderConfirmView
 *   POST /api/payment-webhooks/{provider}                 [public, provider's signature]
 * A decline answers 400 with the provider's message for the customer in errors and in fields.cardNumber
 * (or fields.paymentMethodId); nothing is issued and another card may be tried on the same order.
 */
import type { Money } from '../money/index';
import type { OnlineOrderProvider } from './events';
import type { OnlineOrderGiftView } from '../gifts/rules';

export interface OnlineOrderPlacedView {
  orderId: string;
  /** Before tax. */
  price: Money;
  tax: Money;
  total: Money;
  provider: OnlineOrderProvider;
  /** Shown next to the pay button when not null: the demo's "Demo payment: no money moves". */
  notice: string | null;
  /** For Stripe.js in the browser (null when the payment is already final). Never logged or stored. */
  clientSecret: string | null;
  publishableKey: string | null;
  /** Where the browser loads the provider's script (Stripe.js: https://js.stripe.com/v3); null for the demo provider. */
  scriptUrl: string | null;
}

export interface OnlineOrderConfirmView {
  orderId: string;
  status: 'paid' | 'failed';
  /** The pack sale (its coupons are the customer's at once) when paid. */
  saleId: string | null;
  /** What the customer reads: the thanks, or why the payment failed. */
  message: string;
  /** A paid gift order: who the gift was sent to and until when the link works (no sale for the buyer). */
  gift?: OnlineOrderGiftView | null;
}
