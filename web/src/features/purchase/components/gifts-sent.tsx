// "Gifts you sent" on My coupons (issue 13 "Gifts"): the packs the customer bought for someone else, with the
// recipient, the pack, and claimed (when) / waiting (until when) / not claimed and refunded; each opens its order page.
// Nothing shows for a customer who never sent one (or while the list loads); a failed read says so.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatMoney } from '@dealer/contracts';
import type { OnlineOrderStatusView } from '@dealer/contracts/online-orders/status';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { paths } from '../../../config/paths';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useGiftsSent } from '../api/gifts-sent';
import { GIFT_ORDER_TEXTS as G, giftState } from './gift-order-texts';

export const GIFTS_SENT_TEXTS = {
  title: 'Gifts you sent',
  intro: 'Packs you bought for someone else. The coupons become theirs when they claim the gift from the link we e-mailed them.',
  caption: 'Gifts you sent, newest first',
  recipient: 'Recipient',
  pack: 'Pack',
  bought: 'Bought',
  total: 'Total',
  status: 'Status',
  details: 'Order',
  open: 'Order details',
} as const;

const orderPath = (o: OnlineOrderStatusView) => `${paths.customer.purchase}/confirm?orderId=${encodeURIComponent(o.orderId)}`;
const recipientOf = (o: OnlineOrderStatusView) => o.gift?.recipientEmail ?? G.unknownRecipient;
const packOf = (o: OnlineOrderStatusView) => o.packName ?? 'Coupon pack';
const boughtOf = (o: OnlineOrderStatusView) => (o.paidAt ? formatDateTime(o.paidAt) : '-');

export function GiftsSent({ customerId }: { customerId: string }) {
  const T = GIFTS_SENT_TEXTS;
  const titleId = useId();
  const isMobile = useIsMobile();
  const gifts = useGiftsSent(customerId);
  if (gifts.isError)
    return (
      <section className="area-section" aria-labelledby={titleId}>
        <h2 id={titleId} className="area-section-title">
          {T.title}
        </h2>
        <ErrorMessages error={gifts.error} className="alert alert-danger" />
      </section>
    );
  const list = gifts.data ?? [];
  if (list.length === 0) return null;
  return (
    // The page's section look (customer-area's .area-section, as My coupon packs and Current offers).
    <section className="area-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="area-section-title">
        {T.title}
      </h2>
      <p className="muted area-section-intro">{T.intro}</p>
      {isMobile ? (
        <ul className="card-list" aria-label={T.caption}>
          {list.map((o) => (
            <li key={o.orderId} className="card">
              <strong>{packOf(o)}</strong>
              <dl className="card-fields">
                <dt>{T.recipient}</dt>
                <dd>{recipientOf(o)}</dd>
                <dt>{T.bought}</dt>
                <dd>{boughtOf(o)}</dd>
                <dt>{T.total}</dt>
                <dd>{formatMoney(o.total)}</dd>
                <dt>{T.status}</dt>
                <dd>{giftState(o)}</dd>
              </dl>
              <Link to={orderPath(o)}>{T.open}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{T.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{T.recipient}</th>
                <th scope="col">{T.pack}</th>
                <th scope="col">{T.bought}</th>
                <th scope="col">{T.total}</th>
                <th scope="col">{T.status}</th>
                <th scope="col">{T.details}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((o) => (
                <tr key={o.orderId}>
                  <td>{recipientOf(o)}</td>
                  <td>{packOf(o)}</td>
                  <td className="nowrap">{boughtOf(o)}</td>
                  <td>{formatMoney(o.total)}</td>
                  <td>{giftState(o)}</td>
                  <td>
                    <Link to={orderPath(o)} aria-label={`${T.open}: ${packOf(o)} for ${recipientOf(o)}`}>
                      {T.open}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
