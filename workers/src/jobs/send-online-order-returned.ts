/**
 * Job: tell the customer their payment went back (OnlineOrderPaymentReturned, issue 13): the
 * payment arrived when the pack could no longer be sold (or after the order was cancelled), so
 * nothing was issued and the whole amount was refunded. One message per order (the send's key is
 * the job id; the event is recorded once). No message without an e-mail address or after erasure;
 * its subject is the customer, so an erasure scrubs the development outbox copy.
 */
import { packDecider } from '@dealer/domain/pack/decide';
import { load } from '@dealer/platform';
import { onlineOrderStreamId, packStreamId, type OnlineOrderPaymentReturned, type OnlineOrderPlaced } from '@dealer/contracts';
import type { OnlineOrderReceiptDeps } from './send-online-order-receipt';
import { readRefundRecipient, refundLines } from './refund-message';

export interface SendOnlineOrderReturnedJob {
  orderId: string;
  customerId: string;
  eventId: string;
  correlationId: string;
}

export function onlineOrderReturnedText(
  order: OnlineOrderPlaced['data'],
  returned: OnlineOrderPaymentReturned['data'],
  packName: string,
  customer: { firstName: string | null },
): { subject: string; body: string } {
  const lines = [
    customer.firstName ? `Hello ${customer.firstName},` : 'Hello,',
    '',
    `${returned.message}`,
    '',
    ...refundLines(order, packName, returned),
    '',
    'You can choose another pack online at any time.',
    '',
    `Order reference: ${order.orderId}`,
  ];
  return { subject: `Your payment was refunded: ${packName}`, body: lines.join('\n') };
}

export async function sendOnlineOrderReturned(jobId: string, job: SendOnlineOrderReturnedJob, deps: OnlineOrderReceiptDeps): Promise<void> {
  const events = await deps.store.readStream(onlineOrderStreamId(job.orderId));
  const placed = events.find((e) => e.type === 'OnlineOrderPlaced')?.data as OnlineOrderPlaced['data'] | undefined;
  const returned = events.find((e) => e.type === 'OnlineOrderPaymentReturned')?.data as OnlineOrderPaymentReturned['data'] | undefined;
  if (!placed || !returned) throw new Error(`online order ${job.orderId} has no returned payment`);
  const customer = await readRefundRecipient(deps.store, job.customerId);
  if (customer.erased || !customer.emailAddress) return;
  const packName = (await load(deps.store, packStreamId(placed.packId), packDecider)).state?.terms.name ?? 'coupon pack';
  await deps.sender.send({
    idempotencyKey: jobId,
    channel: 'email',
    to: customer.emailAddress,
    ...onlineOrderReturnedText(placed, returned, packName, customer),
    subjectId: job.customerId,
  });
}
