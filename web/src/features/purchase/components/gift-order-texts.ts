// What the buyer's order page says about a gift (issue 13 "Gifts"): to whom it was sent, then claimed (when), waiting
// (until when), or ended unclaimed with the refund. From the order's `gift` (GET /api/online-orders/{orderId}).
import { formatDateTime, formatMoney, type Money } from '@dealer/contracts';
import type { OnlineOrderStatusView } from '@dealer/contracts/online-orders/status';

export const GIFT_ORDER_TEXTS = {
  sentTo: 'Sent to',
  gift: 'Gift',
  unknownRecipient: 'The recipient',
  claimed: (at: string) => `Claimed on ${at}`,
  waiting: (until: string) => `Waiting to be claimed (the link works until ${until})`,
  waitingNoDate: 'Waiting to be claimed',
  endedTitle: 'Your gift was refunded',
  refundPending: 'The gift was not claimed in time. Your refund is on its way.',
  notClaimed: (amount: string) => `The gift was not claimed in time; you were refunded ${amount}.`,
  notSellable: (amount: string) => `The gift could no longer be issued (the pack is no longer sold); you were refunded ${amount}.`,
} as const;

/** The gift's state in one line: claimed (when), waiting (until when), or ended unclaimed. */
export function giftState(order: OnlineOrderStatusView): string | null {
  const gift = order.gift;
  if (!gift) return null;
  if (gift.claimedAt) return GIFT_ORDER_TEXTS.claimed(formatDateTime(gift.claimedAt));
  if (gift.endedAt) return giftEndedText(order);
  return gift.expiresAt ? GIFT_ORDER_TEXTS.waiting(formatDateTime(gift.expiresAt)) : GIFT_ORDER_TEXTS.waitingNoDate;
}

/** A gift that ended unclaimed: why, and the refund (or that it is on its way while the order still reads paid). */
export function giftEndedText(order: OnlineOrderStatusView): string | null {
  const gift = order.gift;
  if (!gift?.endedAt || gift.claimedAt) return null;
  if (order.status !== 'refunded') return GIFT_ORDER_TEXTS.refundPending;
  const amount = formatMoney((order.refundAmount ?? order.total) as Money);
  return gift.endReason === 'not-sellable' ? GIFT_ORDER_TEXTS.notSellable(amount) : GIFT_ORDER_TEXTS.notClaimed(amount);
}
