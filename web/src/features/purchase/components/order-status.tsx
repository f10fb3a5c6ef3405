// /customer/purchase/confirm?orderId=: the order as the server has it, so a reload or a return after a 3-D Secure step
// shows its real state. Paid: the confirmation (with the checkout's own words when the page still has them); placed:
// waiting for the payment's outcome (read again every 3 s); failed: the card's message and the way to try again;
// refunded: the amount returned. A gift says to whom it was sent and whether it was claimed (when) or is waiting; one
// that ended unclaimed says so with the refund instead of the generic refunded view.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, ONLINE_ORDER_MESSAGES } from '@dealer/contracts';
import type { OnlineOrderStatusView } from '@dealer/contracts/online-orders/status';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { paths } from '../../../config/paths';
import { useOnlineOrder } from '../api/online-order-status';
import { GIFT_ORDER_TEXTS as G, giftEndedText, giftState } from './gift-order-texts';
import type { ConfirmState } from './checkout-flow';
import { PurchaseConfirmation } from './purchase-confirmation';
import { CHECKOUT_TEXTS as T } from './purchase-texts';
import './purchase.css';

export const ORDER_STATUS_TEXTS = {
  checking: 'Checking your order...',
  waiting: 'Your payment is being confirmed. This page updates by itself.',
  failedTitle: 'Your payment did not go through',
  failedHint: 'Nothing was charged for this order and no coupons were issued. You can choose the pack again and pay with another card.',
  tryAgain: 'Choose the pack again',
  refundedTitle: 'This order was refunded',
  refunded: (amount: string) => `${amount} was returned to your card.`,
  giftPaid: 'Your gift was paid. We e-mailed the recipient a link to claim the pack; its coupons will be theirs.',
  notFound: 'We could not find this order.',
  cancelledTitle: 'This order was cancelled',
  returnedTitle: 'Your payment was refunded',
} as const;

const TITLES = {
  placed: T.confirmTitle,
  paid: T.confirmTitle,
  failed: ORDER_STATUS_TEXTS.failedTitle,
  refunded: ORDER_STATUS_TEXTS.refundedTitle,
  cancelled: ORDER_STATUS_TEXTS.cancelledTitle,
  returned: ORDER_STATUS_TEXTS.returnedTitle,
} as const;

function confirmedFrom(order: OnlineOrderStatusView): ConfirmState {
  return {
    packName: order.packName ?? 'Coupon pack',
    locationName: order.locationName ?? `Location ${order.locationId}`,
    total: order.total,
    message: ONLINE_ORDER_MESSAGES.paid,
    saleId: order.saleId,
    gift: null,
  };
}

/** A gift's recipient and state, as rows of the order's fields. */
function GiftRows({ order }: { order: OnlineOrderStatusView }) {
  if (!order.gift) return null;
  // A refunded gift that ended unclaimed says so below the fields, once.
  const state = order.status === 'refunded' && giftEndedText(order) ? null : giftState(order);
  return (
    <>
      <dt>{G.sentTo}</dt>
      <dd>{order.gift.recipientEmail ?? G.unknownRecipient}</dd>
      {state && (
        <>
          <dt>{G.gift}</dt>
          <dd>{state}</dd>
        </>
      )}
    </>
  );
}

const choosePath = (order: OnlineOrderStatusView) =>
  `${paths.customer.purchase}?${new URLSearchParams({ packId: order.packId, locationId: String(order.locationId) }).toString()}`;

export function OrderStatus({ orderId, confirmed }: { orderId: string; confirmed: ConfirmState | null }) {
  const order = useOnlineOrder(orderId);
  const titleId = useId();
  const data = order.data;

  // The checkout's own answer is shown at once; the server's state replaces it only when it says otherwise.
  if (confirmed && (!data || data.status === 'paid')) return <PurchaseConfirmation confirmed={confirmed} />;
  if (order.isPending)
    return (
      <div className="panel empty-state">
        <Spinner label={ORDER_STATUS_TEXTS.checking} />
      </div>
    );
  if (!data)
    return (
      <div className="panel empty-state">
        <p role="alert">{order.error?.status === 404 ? ORDER_STATUS_TEXTS.notFound : (order.error?.message ?? ORDER_STATUS_TEXTS.notFound)}</p>
        <Link to={paths.purchase}>{T.backToPacks}</Link>
      </div>
    );
  if (data.status === 'paid') {
    if (!data.isGift) return <PurchaseConfirmation confirmed={confirmedFrom(data)} />;
    return (
      <section className="card purchase-summary" aria-labelledby={titleId}>
        <h2 id={titleId} className="purchase-offer-title">
          {ONLINE_ORDER_MESSAGES.paid.split(':')[0]}
        </h2>
        <p>{ORDER_STATUS_TEXTS.giftPaid}</p>
        <dl className="card-fields purchase-amounts">
          <dt>{T.pack}</dt>
          <dd>{data.packName ?? 'Coupon pack'}</dd>
          <dt>{T.total}</dt>
          <dd>
            <strong>{formatMoney(data.total)}</strong>
          </dd>
          <GiftRows order={data} />
        </dl>
        <p>{T.receipt}</p>
      </section>
    );
  }
  const giftEnded = giftEndedText(data);
  return (
    <section className="card purchase-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="purchase-offer-title">
        {giftEnded ? G.endedTitle : TITLES[data.status]}
      </h2>
      <dl className="card-fields purchase-amounts">
        <dt>{T.pack}</dt>
        <dd>{data.packName ?? 'Coupon pack'}</dd>
        <dt>{T.boughtAt}</dt>
        <dd>{data.locationName ?? `Location ${data.locationId}`}</dd>
        <dt>{T.total}</dt>
        <dd>
          <strong>{formatMoney(data.total)}</strong>
        </dd>
        <GiftRows order={data} />
      </dl>
      {data.status === 'placed' && (
        <p>
          <Spinner size="sm" label="Waiting for the payment" /> {ORDER_STATUS_TEXTS.waiting}
        </p>
      )}
      {data.status === 'failed' && (
        <>
          <p className="alert alert-danger" role="alert">
            {data.failureMessage}
          </p>
          <p>{ORDER_STATUS_TEXTS.failedHint}</p>
          <div className="purchase-actions">
            <Link className="btn btn-primary" to={choosePath(data)}>
              {ORDER_STATUS_TEXTS.tryAgain}
            </Link>
          </div>
        </>
      )}
      {data.status === 'refunded' && <p>{giftEnded ?? ORDER_STATUS_TEXTS.refunded(formatMoney(data.refundAmount ?? data.total))}</p>}
      {(data.status === 'cancelled' || data.status === 'returned') && (
        <>
          <p className="alert alert-info">{data.status === 'cancelled' ? ONLINE_ORDER_MESSAGES.cancelled : ONLINE_ORDER_MESSAGES.returned}</p>
          {data.status === 'returned' && <p>{ORDER_STATUS_TEXTS.refunded(formatMoney(data.refundAmount ?? data.total))}</p>}
          <div className="purchase-actions">
            <Link className="btn btn-primary" to={data.status === 'cancelled' ? choosePath(data) : paths.purchase}>
              {data.status === 'cancelled' ? ORDER_STATUS_TEXTS.tryAgain : T.backToPacks}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
