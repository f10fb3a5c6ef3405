// A coupon's redemption on the Coupons panel: where, when, on which RO and for how much, or that it waits for the
// customer's verification; and the buttons the coupon allows (Redeem, or Void and Change RO # once redeemed).
import type { CustomerCouponView } from '@dealer/contracts';
import { REDEMPTION_TEXTS, describeRedemption } from './redemption-texts';
import { CouponStatusBadge } from './sale-badges';

export interface CouponRedemptionActions {
  canRedeem: boolean;
  canVoid: boolean;
  canChangeRo: boolean;
  /** The coupon whose command is running (its buttons are disabled). */
  busyCouponId: string | null;
  onRedeem: (coupon: CustomerCouponView) => void;
  onVoid: (coupon: CustomerCouponView) => void;
  onChangeRo: (coupon: CustomerCouponView) => void;
}

/** Held for the customer's verification (its redemption waits on it). */
export const isAwaitingVerification = (c: CustomerCouponView) => c.redemption?.state === 'awaiting-verification';

/** The coupon's status, or that it waits for the customer's verification (the server keeps a held coupon 'available'). */
export function CouponStateBadge({ coupon }: { coupon: CustomerCouponView }) {
  if (isAwaitingVerification(coupon) && coupon.status === 'available') return <span className="tone-badge tone-warning">{REDEMPTION_TEXTS.awaitingBadge}</span>;
  return <CouponStatusBadge status={coupon.status} />;
}

/** A coupon can be redeemed while it is available, not held for a verification, and its sale not voided. */
export const isRedeemable = (c: CustomerCouponView) => c.status === 'available' && c.redemption === null && c.saleStatus !== 'voided';

export function CouponRedemptionDetails({ coupon }: { coupon: CustomerCouponView }) {
  const r = coupon.redemption;
  if (!r) return null;
  const { where, when } = describeRedemption(r);
  return (
    <span className="coupon-redemption">
      {r.state === 'awaiting-verification' && <span className="coupon-redemption-awaiting sale-block">{REDEMPTION_TEXTS.awaiting(r.roNumber)}</span>}
      <span className="detail-note sale-block">{where}</span>
      <span className="detail-note sale-block">{REDEMPTION_TEXTS.opCode(r.opCode)}</span>
      {when && <span className="detail-note sale-block">{when}</span>}
      {r.state === 'awaiting-verification' && <span className="detail-note sale-block">{REDEMPTION_TEXTS.awaitingNote}</span>}
    </span>
  );
}

export function CouponRedemptionButtons({ coupon, actions }: { coupon: CustomerCouponView; actions: CouponRedemptionActions }) {
  const busy = actions.busyCouponId === coupon.issuedCouponId;
  const redeemed = coupon.redemption?.state === 'redeemed';
  const buttons = [];
  if (actions.canRedeem && isRedeemable(coupon))
    buttons.push(
      <button key="redeem" type="button" className="btn btn-primary btn-sm" disabled={busy} aria-label={REDEMPTION_TEXTS.redeemLabel(coupon.name)} onClick={() => actions.onRedeem(coupon)}>
        {REDEMPTION_TEXTS.redeem}
      </button>,
    );
  if (redeemed && actions.canChangeRo)
    buttons.push(
      <button key="change" type="button" className="btn btn-sm" disabled={busy} aria-label={REDEMPTION_TEXTS.changeRoLabel(coupon.name)} onClick={() => actions.onChangeRo(coupon)}>
        {REDEMPTION_TEXTS.changeRo}
      </button>,
    );
  if (redeemed && actions.canVoid)
    buttons.push(
      <button key="void" type="button" className="btn btn-danger btn-sm" disabled={busy} aria-label={REDEMPTION_TEXTS.voidLabel(coupon.name)} onClick={() => actions.onVoid(coupon)}>
        {REDEMPTION_TEXTS.void}
      </button>,
    );
  return buttons.length > 0 ? <div className="sale-actions coupon-actions">{buttons}</div> : null;
}
