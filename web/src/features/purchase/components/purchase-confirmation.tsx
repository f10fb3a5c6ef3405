// /customer/purchase/confirm: what was bought and where, the total paid, the receipt on its way by e-mail, and the way
// to My coupons, where the pack's coupons already show (the coupons page reads at the client's read position).
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '@dealer/contracts';
import { paths } from '../../../config/paths';
import type { ConfirmState } from './checkout-flow';
import { CHECKOUT_TEXTS as T } from './purchase-texts';
import './purchase.css';

export function PurchaseConfirmation({ confirmed }: { confirmed: ConfirmState }) {
  const titleId = useId();
  return (
    <section className="card purchase-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="purchase-offer-title">
        {confirmed.message}
      </h2>
      <dl className="card-fields purchase-amounts">
        <dt>{T.bought}</dt>
        <dd>{confirmed.packName}</dd>
        <dt>{T.boughtAt}</dt>
        <dd>{confirmed.locationName}</dd>
        <dt>{T.totalPaid}</dt>
        <dd>
          <strong>{formatMoney(confirmed.total)}</strong>
        </dd>
        {confirmed.gift && (
          <>
            <dt>Gift sent to</dt>
            <dd>{confirmed.gift.recipientEmail}</dd>
          </>
        )}
      </dl>
      <p>{T.receipt}</p>
      {confirmed.gift ? (
        <p>
          The gift was sent: we e-mailed {confirmed.gift.recipientEmail} a link to claim the pack, good until{' '}
          {new Date(confirmed.gift.expiresAt).toLocaleDateString()}. The coupons will be theirs, so they are not on your My coupons.
        </p>
      ) : (
        <p>{T.couponsReady}</p>
      )}
      <div className="purchase-actions">
        <Link className="btn btn-primary" to={paths.customer.coupons}>
          {T.toCoupons}
        </Link>
      </div>
    </section>
  );
}
