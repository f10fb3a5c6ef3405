// One issued coupon as a card (768 px and below): its name and status, when it expires, and the fields the
// screen adds (the offer and, for a sale, its share of the price or, for the customer, where it is honoured).
import { useEffect, useRef, type ReactNode } from 'react';
import type { CustomerCouponView } from '@dealer/contracts';
import { CouponStateBadge } from './coupon-redemption';
import { expiryLabel } from './pack-sale-texts';

export function CouponCard({
  coupon,
  children,
  actions,
  highlighted = false,
}: {
  coupon: CustomerCouponView;
  /** Issue 24: the coupon staff found by its desk code: marked and scrolled to. */
  highlighted?: boolean;
  /** The card's <dt>/<dd> pairs. */
  children: ReactNode;
  /** Buttons under the fields (a <dl> holds only its pairs). */
  actions?: ReactNode;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [highlighted]);
  return (
    <li ref={ref} className={highlighted ? 'card is-code-match' : 'card'} aria-current={highlighted ? 'true' : undefined}>
      <div className="sale-card-head">
        <strong>{coupon.name}</strong>
        <CouponStateBadge coupon={coupon} />
      </div>
      <p className="sale-card-expiry">{expiryLabel(coupon)}</p>
      <dl className="card-fields">{children}</dl>
      {actions}
    </li>
  );
}
