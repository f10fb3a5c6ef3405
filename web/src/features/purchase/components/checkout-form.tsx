// /customer/purchase/checkout: the placed order's price, tax and total (the server's), the demo provider's notice shown
// plainly with its test cards, a card number, and Pay (with the Stripe provider: Stripe.js's form, stripe-payment.tsx). Pay is disabled while paying and a second press is ignored,
// so a double click makes one payment; a decline shows the provider's message and the card can be changed.
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { checkConfirmOnlineOrder, formatMoney } from '@dealer/contracts';
import { TextField } from '../../../components/ui/form/text-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { paths } from '../../../config/paths';
import { useConfirmOnlineOrder } from '../api/online-orders';
import type { CheckoutState, ConfirmState } from './checkout-flow';
import { CHECKOUT_TEXTS as T, DEMO_TEST_CARDS } from './purchase-texts';
import { StripePayment } from './stripe-payment';
import './purchase.css';

export function CheckoutForm({ checkout, customerId }: { checkout: CheckoutState; customerId: string }) {
  const titleId = useId();
  const navigate = useNavigate();
  const { order } = checkout;
  const pay = useConfirmOnlineOrder(customerId);
  const [cardNumber, setCardNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [declined, setDeclined] = useState<string | null>(null);
  // Set on the first press, before React re-renders the disabled button: a double click pays once.
  const submitting = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    const check = checkConfirmOnlineOrder({ cardNumber });
    if (!check.ok) {
      setFieldError(check.errors.cardNumber);
      return;
    }
    setFieldError(undefined);
    // The last decline stays until this answer arrives: removing it now would move Pay up and put the second
    // press of a double click on the link below it.
    submitting.current = true;
    pay.mutate(
      { orderId: order.orderId, cardNumber },
      {
        onSuccess: (result) => {
          setDeclined(null);
          if (result.status !== 'paid') {
            submitting.current = false;
            setDeclined(result.message);
            return;
          }
          const state: ConfirmState = { packName: checkout.packName, locationName: checkout.locationName, total: order.total, message: result.message, saleId: result.saleId, gift: result.gift ?? null };
          navigate(`${paths.customer.purchase}/confirm?orderId=${encodeURIComponent(order.orderId)}`, { replace: true, state });
        },
        onError: (error) => {
          submitting.current = false;
          // A decline (400 with the card's message) or any other refusal: shown above the card number.
          setDeclined(error.message);
        },
      },
    );
  };

  return (
    <section className="card purchase-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="purchase-offer-title">
        {checkout.packName}
      </h2>
      <dl className="card-fields purchase-amounts">
        <dt>{T.location}</dt>
        <dd>{checkout.locationName}</dd>
        <dt>{T.price}</dt>
        <dd>{formatMoney(order.price)}</dd>
        <dt>{T.tax}</dt>
        <dd>{formatMoney(order.tax)}</dd>
        <dt>{T.total}</dt>
        <dd>
          <strong>{formatMoney(order.total)}</strong>
        </dd>
      </dl>
      {order.provider === 'stripe' && order.scriptUrl && order.publishableKey && order.clientSecret ? (
        <StripePayment
          checkout={checkout}
          customerId={customerId}
          stripe={{ scriptUrl: order.scriptUrl, publishableKey: order.publishableKey, clientSecret: order.clientSecret }}
        />
      ) : order.provider !== 'demo' ? (
        <p className="alert alert-danger">{T.stripeUnavailable}</p>
      ) : (
        <form className="purchase-pay" noValidate onSubmit={submit} aria-busy={pay.isPending}>
          {order.notice && (
            <div className="alert alert-info purchase-notice">
              <p>
                <strong>{order.notice}</strong>
              </p>
              <p className="purchase-test-cards-title">{T.testCards}:</p>
              <ul className="purchase-test-cards">
                {DEMO_TEST_CARDS.map((c) => (
                  <li key={c.number}>
                    <span className="nowrap">{c.number}</span> {c.outcome}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {declined && (
            <p className="alert alert-danger" role="alert">
              {declined}
            </p>
          )}
          <TextField
            label={T.cardNumber}
            autoComplete="cc-number"
            inputMode="numeric"
            maxLength={32}
            value={cardNumber}
            onChange={(e) => setCardNumber(e.target.value)}
            error={fieldError}
          />
          <div className="purchase-actions">
            <button type="submit" className="btn btn-primary" disabled={pay.isPending}>
              {pay.isPending && <Spinner size="sm" label={T.paying} />}
              {T.pay(formatMoney(order.total))}
            </button>
            <Link className="btn" to={checkout.choosePath}>
              Back
            </Link>
          </div>
        </form>
      )}
    </section>
  );
}

export function CheckoutEnded() {
  return (
    <div className="panel empty-state">
      <p>{T.noOrder}</p>
      <Link to={paths.purchase}>{T.backToPacks}</Link>
    </div>
  );
}
