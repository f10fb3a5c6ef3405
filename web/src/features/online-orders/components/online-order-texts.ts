// The words of the managers' online-orders section.
import { formatDateTime, formatMoney } from '@dealer/contracts';
import type { OnlineOrderListItem, OnlineOrderStatus } from '@dealer/contracts/online-orders/status';

export const ONLINE_ORDER_TEXTS = {
  title: 'Online orders',
  intro:
    'Packs customers bought online: paid, failed payments (nothing was charged or issued), refunds (a voided online sale), orders cancelled because they were not paid within a day, and payments returned because the pack could no longer be sold.',
  caption: 'Online orders, newest first',
  status: 'Status',
  location: 'Location',
  allStatuses: 'All',
  allLocations: 'All locations',
  placed: 'Placed',
  customer: 'Customer',
  pack: 'Pack',
  total: 'Total',
  details: 'Details',
  loading: 'Loading online orders...',
  none: 'No online orders match.',
  pages: 'Online order pages',
} as const;

export const STATUS_LABELS: Record<OnlineOrderStatus, string> = {
  placed: 'Waiting for payment',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
  cancelled: 'Cancelled (not paid)',
  returned: 'Paid, then returned',
};

export const STATUS_TONES: Record<OnlineOrderStatus, string> = {
  placed: 'tone-muted',
  paid: 'tone-success',
  failed: 'tone-danger',
  refunded: 'tone-warning',
  cancelled: 'tone-muted',
  returned: 'tone-warning',
};

/** What else a manager needs to know of the order: the card's message, the refund, a gift, the demo provider. */
export function orderDetails(o: OnlineOrderListItem): string {
  const parts: string[] = [];
  if (o.status === 'failed' && o.failureMessage) parts.push(o.failureMessage);
  if (o.status !== 'failed' && o.failureCount > 0) parts.push(`${o.failureCount} declined before`);
  if (o.status === 'returned' && o.refundAmount !== null) parts.push(`Returned ${formatMoney(o.refundAmount)}: the pack could no longer be sold`);
  if (o.status === 'cancelled' && o.cancelledAt) parts.push(`Cancelled ${formatDateTime(o.cancelledAt)}`);
  if (o.status === 'refunded' && o.refundAmount !== null) parts.push(`Refunded ${formatMoney(o.refundAmount)}${o.refundedAt ? ` on ${formatDateTime(o.refundedAt)}` : ''}`);
  if (o.status === 'paid' && o.paidAt) parts.push(`Paid ${formatDateTime(o.paidAt)}`);
  if (o.isGift) parts.push('Gift');
  if (o.taxExempt) parts.push('Tax exempt');
  if (o.provider === 'demo') parts.push('Demo payment');
  return parts.join(' · ');
}
