// Unit tests of the Stripe.js checkout's logic (issue 13): one press of Pay confirms through Stripe.js with the
// confirmation page as return_url and redirect 'if_required', shows Stripe's message when it refuses (nothing
// recorded), records a succeeded payment with its PaymentMethod through the confirm route, and leaves anything else
// (processing, a route that failed after the money was taken) to the confirmation page, which reads the order.
import { describe, expect, it, vi } from 'vitest';
import { payWithStripe, paymentMethodIdOf, type StripeElements, type StripeJs, type StripeJsError, type StripeJsPaymentIntent } from './api/stripe-js';

const elements: StripeElements = { create: () => ({ mount: () => undefined, destroy: () => undefined }) };

function stripeAnswering(answer: { error?: StripeJsError; paymentIntent?: StripeJsPaymentIntent }) {
  const confirmPayment = vi.fn(async () => answer);
  const stripe: StripeJs = { elements: () => elements, confirmPayment };
  return { stripe, confirmPayment };
}

const RETURN = 'https://coupons.example.com/customer/purchase/confirm?orderId=o-1';
const paid = { status: 'paid', message: 'Thank you' };

describe('paying with Stripe.js', () => {
  it('should confirm with the elements, the confirmation page as return_url and no redirect unless needed, then record the PaymentMethod', async () => {
    const { stripe, confirmPayment } = stripeAnswering({ paymentIntent: { id: 'pi_1', status: 'succeeded', payment_method: 'pm_1abc' } });
    const record = vi.fn(async () => paid);
    expect(await payWithStripe(stripe, elements, RETURN, record, 'fallback')).toEqual({ kind: 'recorded', view: paid });
    expect(confirmPayment).toHaveBeenCalledWith({ elements, confirmParams: { return_url: RETURN }, redirect: 'if_required' });
    expect(record).toHaveBeenCalledWith('pm_1abc');
  });

  it("should show Stripe's message when it refuses, and record nothing", async () => {
    const record = vi.fn(async () => paid);
    const declined = stripeAnswering({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    expect(await payWithStripe(declined.stripe, elements, RETURN, record, 'fallback')).toEqual({ kind: 'error', message: 'Your card was declined.' });
    const silent = stripeAnswering({ error: { type: 'api_error' } });
    expect(await payWithStripe(silent.stripe, elements, RETURN, record, 'fallback')).toEqual({ kind: 'error', message: 'fallback' });
    expect(record).not.toHaveBeenCalled();
  });

  it('should leave a processing payment, or one the route could not record, to the confirmation page', async () => {
    const record = vi.fn(async (): Promise<typeof paid> => {
      throw new Error('409');
    });
    const processing = stripeAnswering({ paymentIntent: { id: 'pi_1', status: 'processing', payment_method: 'pm_1' } });
    expect(await payWithStripe(processing.stripe, elements, RETURN, record, 'fallback')).toEqual({ kind: 'pending' });
    expect(record).not.toHaveBeenCalled();
    const succeeded = stripeAnswering({ paymentIntent: { id: 'pi_1', status: 'succeeded', payment_method: { id: 'pm_2' } } });
    expect(await payWithStripe(succeeded.stripe, elements, RETURN, record, 'fallback')).toEqual({ kind: 'pending' });
    expect(record).toHaveBeenCalledWith('pm_2');
  });

  it('should take only a PaymentMethod id from the PaymentIntent', () => {
    expect(paymentMethodIdOf({ id: 'pi', status: 'succeeded', payment_method: 'pm_card_visa' })).toBe('pm_card_visa');
    expect(paymentMethodIdOf({ id: 'pi', status: 'succeeded', payment_method: { id: 'pm_x1' } })).toBe('pm_x1');
    expect(paymentMethodIdOf({ id: 'pi', status: 'succeeded', payment_method: 'card_123' })).toBeNull();
    expect(paymentMethodIdOf({ id: 'pi', status: 'succeeded', payment_method: null })).toBeNull();
    expect(paymentMethodIdOf(undefined)).toBeNull();
  });
});
