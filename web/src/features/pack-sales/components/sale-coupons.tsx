// The coupons a sale issued: offer, expiry, share of the price and status; a table, cards at 768 px and below.
import { formatMoney, type CustomerCouponView } from '@dealer/contracts';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { CouponCard } from './coupon-card';
import { CouponStatusBadge } from './sale-badges';
import { PACK_SALE_TEXTS, describeOffer, expiryLabel } from './pack-sale-texts';

export function SaleCoupons({ coupons, label }: { coupons: CustomerCouponView[]; label: string }) {
  const isMobile = useIsMobile();
  if (isMobile)
    return (
      <ul className="card-list sale-coupon-cards" aria-label={label}>
        {coupons.map((c) => (
          <CouponCard key={c.issuedCouponId} coupon={c}>
            <dt>{PACK_SALE_TEXTS.offer}</dt>
            <dd>{describeOffer(c.value)}</dd>
            <dt>{PACK_SALE_TEXTS.share}</dt>
            <dd>{formatMoney(c.allocatedValue)}</dd>
          </CouponCard>
        ))}
      </ul>
    );
  return (
    <div className="table-wrap">
      <table className="table sale-coupon-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{PACK_SALE_TEXTS.coupon}</th>
            <th scope="col">{PACK_SALE_TEXTS.expires}</th>
            <th scope="col" className="sale-num">{PACK_SALE_TEXTS.share}</th>
            <th scope="col">{PACK_SALE_TEXTS.status}</th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((c) => (
            <tr key={c.issuedCouponId}>
              <td>
                {c.name}
                <span className="detail-note sale-block">{describeOffer(c.value)}</span>
              </td>
              <td className="nowrap">{expiryLabel(c)}</td>
              <td className="sale-num">{formatMoney(c.allocatedValue)}</td>
              <td>
                <CouponStatusBadge status={c.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
