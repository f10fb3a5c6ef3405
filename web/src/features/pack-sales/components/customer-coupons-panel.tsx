// The selected customer's coupons for staff: each with its status, expiry, offer and where it is honoured;
// a table, cards at 768 px and below (SPEC 9).
import { useId } from 'react';
import type { CustomerCouponView } from '@dealer/contracts';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useCustomerCoupons } from '../api/get-customer-coupons';
import { CouponCard } from './coupon-card';
import { CouponStatusBadge } from './sale-badges';
import { PACK_SALE_TEXTS, describeOffer, expiryLabel, locationList } from './pack-sale-texts';
import './pack-sales.css';

function CouponCards({ coupons }: { coupons: CustomerCouponView[] }) {
  return (
    <ul className="card-list" aria-label={PACK_SALE_TEXTS.couponsTitle}>
      {coupons.map((c) => (
        <CouponCard key={c.issuedCouponId} coupon={c}>
          <dt>{PACK_SALE_TEXTS.offer}</dt>
          <dd>{describeOffer(c.value)}</dd>
          <dt>{PACK_SALE_TEXTS.honouredAt}</dt>
          <dd>{locationList(c.locationNames, c.locationIds)}</dd>
          <dt>{PACK_SALE_TEXTS.pack}</dt>
          <dd>{c.packName}</dd>
        </CouponCard>
      ))}
    </ul>
  );
}

function CouponTable({ coupons }: { coupons: CustomerCouponView[] }) {
  return (
    <div className="table-wrap">
      <table className="table customer-coupon-table">
        <caption className="visually-hidden">{PACK_SALE_TEXTS.couponsTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{PACK_SALE_TEXTS.coupon}</th>
            <th scope="col">{PACK_SALE_TEXTS.offer}</th>
            <th scope="col">{PACK_SALE_TEXTS.expires}</th>
            <th scope="col">{PACK_SALE_TEXTS.status}</th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((c) => (
            <tr key={c.issuedCouponId}>
              {/* Where it is honoured sits under the name: a column of its own wrapped word by word at 1366 px. */}
              <td>
                {c.name}
                <span className="detail-note sale-block">
                  {PACK_SALE_TEXTS.honouredAt}: {locationList(c.locationNames, c.locationIds)}
                </span>
                <span className="detail-note sale-block">{PACK_SALE_TEXTS.fromPack(c.packName)}</span>
              </td>
              <td>{describeOffer(c.value)}</td>
              <td className="nowrap">{expiryLabel(c)}</td>
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

export function CustomerCouponsPanel({ customerId, customerName }: { customerId: string; customerName: string }) {
  const titleId = useId();
  const isMobile = useIsMobile();
  const coupons = useCustomerCoupons(customerId);
  return (
    <section className="panel customer-coupons-panel" aria-labelledby={titleId}>
      <div className="section-header">
        <div>
          <h2 id={titleId}>{PACK_SALE_TEXTS.couponsTitle}</h2>
          <p className="muted panel-intro">{PACK_SALE_TEXTS.couponsIntro(customerName)}</p>
        </div>
      </div>
      {coupons.isPending ? (
        <div className="empty-state">
          <Spinner label={PACK_SALE_TEXTS.couponsLoading} />
        </div>
      ) : coupons.isError ? (
        <p className="field-error" role="alert">
          {coupons.error.message}
        </p>
      ) : coupons.data.length === 0 ? (
        <p className="empty-state">{PACK_SALE_TEXTS.couponsEmpty}</p>
      ) : isMobile ? (
        <CouponCards coupons={coupons.data} />
      ) : (
        <CouponTable coupons={coupons.data} />
      )}
    </section>
  );
}
