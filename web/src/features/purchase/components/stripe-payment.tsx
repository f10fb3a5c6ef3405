// The Stripe checkout (issue 13): Stripe.js from the order's scriptUrl, its Payment Element mounted with the order's
// client secret, and Pay confirming through stripe.confirmPayment (3-D Secure in Stripe's dialog). A succeeded payment
// is recorded by the confirm route (the webhook records it too) and the confirmation follows; Stripe's message is
// shown when it refuses. Pay is disabled while paying and a second press is ignored, so a double click pays once.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatMoney, type OnlineOrderConfirmView } from '@dealer/contracts';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { paths } from '../../../config/paths';
import { useConfirmOnlineOrder } from '../api/online-orders';
import { loadStripeJs, payWithStripe, type StripeElements, type StripeJs } from '../api/stripe-js';
import type { CheckoutState, ConfirmState } from './checkout-flow';
import { CHECKOUT_TEXTS as T } from './purchase-texts';

interface Ready {
  stripe: StripeJs;
  elements: StripeElements;
}

export function StripePayment({
  checkout,
  customerId,
  stripe: { scriptUrl, publishableKey, clientSecret },
}: {
  checkout: CheckoutState;
  customerId: string;
  stripe: { scriptUrl: string; publishableKey: string; clientSecret: string };
}) {
  const navigate = useNavigate();
  const { order } = checkout;
  const record = useConfirmOnlineOrder(customerId);
  const mountRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<Ready | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  // Set on the first press, before React re-renders the disabled button: a double click pays once.
  const submitting = useRef(false);

  useEffect(() => {
    let cancelled = false;
    let element: { destroy(): void } | null = null;
    loadStripeJs(scriptUrl, publishableKey)
      .then((stripe) => {
        if (cancelled || !mountRef.current) return;
        const elements = stripe.elements({ clientSecret });
        const payment = elements.create('payment');
        payment.mount(mountRef.current);
        element = payment;
        setReady({ stripe, elements });
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
      element?.destroy();
      setReady(null);
    };
  }, [scriptUrl, publishableKey, clientSecret]);

  const confirmPath = `${paths.customer.purchase}/confirm?orderId=${encodeURIComponent(order.orderId)}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || !ready) return;
    submitting.current = true;
    setPaying(true);
    try {
      const outcome = await payWithStripe<OnlineOrderConfirmView>(
        ready.stripe,
        ready.elements,
        `${window.location.origin}${confirmPath}`,
        (paymentMethodId) => record.mutateAsync({ orderId: order.orderId, paymentMethodId }),
        T.stripeFailed,
      );
      if (outcome.kind === 'error') {
        setError(outcome.message);
        submitting.current = false;
        setPaying(false);
        return;
      }
      const state: ConfirmState | null =
        outcome.kind === 'recorded'
          ? { packName: checkout.packName, locationName: checkout.locationName, total: order.total, message: outcome.view.message, saleId: outcome.view.saleId, gift: outcome.view.gift ?? null }
          : null;
      navigate(confirmPath, { replace: true, state });
    } catch {
      setError(T.stripeFailed);
      submitting.current = false;
      setPaying(false);
    }
  };

  return (
    <form className="purchase-pay" noValidate onSubmit={(event) => void submit(event)} aria-busy={paying}>
      {order.notice && (
        <div className="alert alert-info purchase-notice">
          <p>
            <strong>{order.notice}</strong>
          </p>
        </div>
      )}
      {error && (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
      {loadFailed && (
        <p className="alert alert-danger" role="alert">
          {T.stripeLoadFailed}
        </p>
      )}
      {!ready && !loadFailed && <Spinner size="sm" label={T.stripeLoading} />}
      <div ref={mountRef} className="purchase-stripe-element" role="group" aria-label={T.stripeCardForm} hidden={loadFailed} />
      <div className="purchase-actions">
        <button type="submit" className="btn btn-primary" disabled={!ready || paying}>
          {paying && <Spinner size="sm" label={T.paying} />}
          {T.pay(formatMoney(order.total))}
        </button>
        <Link className="btn" to={checkout.choosePath}>
          Back
        </Link>
      </div>
    </form>
  );
}
