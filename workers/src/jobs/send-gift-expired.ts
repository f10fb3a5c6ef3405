/**
 * Job: tell the buyer their gift ended unclaimed and the payment went back (issue 13 "Gifts"). It
 * follows the order's OnlineOrderRefunded: only a refund of a gift that ended unclaimed
 * (GiftExpired on its stream: the link expired, or the pack could no longer be issued) sends
 * this; any other refund (a manager's void) sends nothing here. One message per refund (the send's
 * key is the job id; the refund is recorded once). No message without an e-mail address or after
 * the buyer's erasure; its subject is the buyer, so an erasure scrubs the development outbox copy.
 */
import {
  giftStreamId,
  onlineOrderStreamId,
  type GiftExpired,
  type GiftPurchased,
  type OnlineOrderPaid,
  type OnlineOrderPlaced,
  type OnlineOrderRefunded,
} from '@dealer/contracts';
import type { OnlineOrderReceiptDeps } from './send-online-order-receipt';
import { readRefundRecipient, refundLines } from './refund-message';
import { giftDecider } from '@dealer/domain/gift/decide';
import { load } from '@dealer/platform';

export interface SendGiftExpiredJob {
  orderId: string;
  customerId: string;
  eventId: string;
  correlationId: string;
}

export function giftExpiredText(
  order: OnlineOrderPlaced['data'],
  gift: GiftPurchased['data'],
  expiry: GiftExpired['data'],
  refund: OnlineOrderRefunded['data'],
  customer: { firstName: string | null },
): { subject: string; body: string } {
  const packName = gift.packName ?? 'coupon pack';
  const why =
    expiry.reason === 'not-sellable'
      ? 'The gift you bought could not be issued when it was claimed: the pack is no longer sold.'
      : `The gift you bought was not claimed within the time its link worked (until ${gift.expiresAt.slice(0, 10)}).`;
  const lines = [
    customer.firstName ? `Hello ${customer.firstName},` : 'Hello,',
    '',
    why,
    'Your payment was refunded in full.',
    '',
    ...refundLines(order, packName, refund),
    '',
    `Order reference: ${order.orderId}`,
  ];
  return { subject: `Your gift was refunded: ${packName}`, body: lines.join('\n') };
}

export async function sendGiftExpired(jobId: string, job: SendGiftExpiredJob, deps: OnlineOrderReceiptDeps): Promise<void> {
  const events = await deps.store.readStream(onlineOrderStreamId(job.orderId));
  const placed = events.find((e) => e.type === 'OnlineOrderPlaced')?.data as OnlineOrderPlaced['data'] | undefined;
  const paid = events.find((e) => e.type === 'OnlineOrderPaid')?.data as OnlineOrderPaid['data'] | undefined;
  const refund = events.find((e) => e.type === 'OnlineOrderRefunded')?.data as OnlineOrderRefunded['data'] | undefined;
  if (!placed || !refund) throw new Error(`online order ${job.orderId} has no refund`);
  if (!paid?.giftId) return;
  const { state: gift } = await load(deps.store, giftStreamId(paid.giftId), giftDecider);
  // Not a gift that ended unclaimed (a manager voided the recipient's sale): not this message.
  if (!gift?.expiry) return;
  const customer = await readRefundRecipient(deps.store, job.customerId);
  if (customer.erased || !customer.emailAddress) return;
  await deps.sender.send({
    idempotencyKey: jobId,
    channel: 'email',
    to: customer.emailAddress,
    ...giftExpiredText(placed, gift.gift, gift.expiry, refund, customer),
    subjectId: job.customerId,
  });
}
