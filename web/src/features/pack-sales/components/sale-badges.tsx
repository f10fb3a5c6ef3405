// Status badges: a sale is Pending, Final or Voided; a coupon Available, Redeemed, Voided or Expired.
import type { CustomerCouponView, PackSaleView } from '@dealer/contracts';
import { COUPON_STATUS_LABELS, SALE_STATUS_LABELS } from './pack-sale-texts';

const SALE_TONE: Record<PackSaleView['status'], string> = { pending: 'warning', final: 'success', voided: 'danger' };
const COUPON_TONE: Record<CustomerCouponView['status'], string> = { available: 'success', redeemed: 'info', voided: 'danger', expired: 'muted' };

export function SaleStatusBadge({ status }: { status: PackSaleView['status'] }) {
  return <span className={`tone-badge tone-${SALE_TONE[status]}`}>{SALE_STATUS_LABELS[status]}</span>;
}

export function CouponStatusBadge({ status }: { status: CustomerCouponView['status'] }) {
  return <span className={`tone-badge tone-${COUPON_TONE[status]}`}>{COUPON_STATUS_LABELS[status]}</span>;
}
