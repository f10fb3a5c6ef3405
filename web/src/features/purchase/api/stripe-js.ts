// Stripe.js in the checkout (issue 13): loaded from the URL the placed order names (https://js.stripe.com/v3; never
// bundled, as Stripe asks), once per page, then Stripe(publishableKey). Only the calls the checkout makes are typed
// here (Stripe.js reference: Stripe(), stripe.elements({clientSecret}), elements.create('payment'), element.mount(),
// stripe.confirmPayment({elements, confirmParams: {return_url}, redirect: 'if_required'})).

export interface StripeJsError {
  /** card_error, validation_error, invalid_request_error, ... */
  type?: string;
  code?: string;
  /** A sentence for the customer ("Your card was declined."). */
  message?: string;
}

export interface StripeJsPaymentIntent {
  id: string;
  status: string;
  payment_method?: string | { id: string } | null;
}

export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
}

export interface StripeJs {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<{ error?: StripeJsError; paymentIntent?: StripeJsPaymentIntent }>;
}

type StripeConstructor = (publishableKey: string) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

const loading = new Map<string, Promise<StripeConstructor>>();

/** Adds the script once (a failed load may be tried again) and answers Stripe(publishableKey). */
export async function loadStripeJs(scriptUrl: string, publishableKey: string): Promise<StripeJs> {
  let constructor = window.Stripe;
  if (!constructor) {
    let pending = loading.get(scriptUrl);
    if (!pending) {
      pending = new Promise<StripeConstructor>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = scriptUrl;
        script.async = true;
        script.addEventListener('load', () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js loaded without Stripe()'))));
        script.addEventListener('error', () => {
          script.remove();
          reject(new Error('Stripe.js could not be loaded'));
        });
        document.head.appendChild(script);
      });
      pending.catch(() => loading.delete(scriptUrl));
      loading.set(scriptUrl, pending);
    }
    constructor = await pending;
  }
  return constructor(publishableKey);
}

/** The PaymentMethod id (pm_...) Stripe.js reports on a confirmed PaymentIntent, or null. */
export function paymentMethodIdOf(intent: StripeJsPaymentIntent | undefined): string | null {
  const method = intent?.payment_method;
  const id = typeof method === 'string' ? method : method?.id;
  return id && /^pm_[A-Za-z0-9_]+$/.test(id) ? id : null;
}

export type StripePayOutcome<View> =
  /** Stripe.js refused or the card was declined: its message for the customer; nothing was charged. */
  | { kind: 'error'; message: string }
  /** Paid, and the server recorded it (the confirm route's answer). */
  | { kind: 'recorded'; view: View }
  /** Paid or still processing but not recorded by this page: the confirmation page reads the order (the webhook records it). */
  | { kind: 'pending' };

/**
 * One press of Pay: Stripe.js confirms the PaymentIntent (3-D Secure in its own dialog; a redirect-based method
 * comes back to returnUrl), then the server records a succeeded payment through the confirm route.
 */
export async function payWithStripe<View extends { status: string }>(
  stripe: StripeJs,
  elements: StripeElements,
  returnUrl: string,
  record: (paymentMethodId: string) => Promise<View>,
  fallbackMessage: string,
): Promise<StripePayOutcome<View>> {
  const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
  if (result.error) return { kind: 'error', message: result.error.message || fallbackMessage };
  const paymentMethodId = paymentMethodIdOf(result.paymentIntent);
  if (result.paymentIntent?.status !== 'succeeded' || !paymentMethodId) return { kind: 'pending' };
  try {
    const view = await record(paymentMethodId);
    return view.status === 'paid' ? { kind: 'recorded', view } : { kind: 'pending' };
  } catch {
    // The money was taken: whatever the route said, the confirmation page shows the order as the server has it.
    return { kind: 'pending' };
  }
}
