/**
 * Job: e-mail the customer the receipt of a paid online order (OnlineOrderPaid, issue 13): the
 * pack, the location it was sold with, price, tax and total, the coupons with their expiry, the
 * order reference, and (issue 24) each coupon's desk code and the pack's, to show at the service
 * desk: read from the pack_sales read model, so they are the codes My coupons shows; a receipt
 * job that runs before the read model has the sale waits for it, bounded (deskCodesOnceProjected),
 * and only then fails and is retried. The send's idempotency key is the job id, so a retried job never delivers
 * twice; an order is paid once, so there is one receipt. A customer with no e-mail address (or
 * erased) gets none. The message's subject is the customer, so an erasure scrubs it from the
 * development outbox.
 */
import { customerDecider, contactOf } from '@dealer/domain/customer';
import { packDecider } from '@dealer/domain/pack/decide';
import {
  GIFT_LIFETIME_DAYS,
  customerStreamId,
  giftStreamId,
  packStreamId,
  type GiftPurchased,
  formatMoney,
  onlineOrderStreamId,
  packSaleStreamId,
  type OnlineOrderPaid,
  type OnlineOrderPlaced,
  type PackSold,
} from '@dealer/contracts';
import { CheckpointWaiter, load, type EventStore, type RecordedEvent, type Sql } from '@dealer/platform';
import { deskCodesOfSale } from '@dealer/read-models/pack-sales/queries';
import type { MessageSender } from '../messaging/message';

export interface SendOnlineOrderReceiptJob {
  orderId: string;
  customerId: string;
  eventId: string;
  correlationId: string;
}

export interface OnlineOrderReceiptDeps {
  sql: Sql;
  store: EventStore;
  sender: MessageSender;
}

/** How long a message job waits for pack_sales to hold a sale before the attempt fails (and is retried). */
const PROJECTED_WAIT_MS = 10_000;

/**
 * The desk codes of a sold pack, once the pack_sales read model holds its sale: the job runs as
 * soon as the sale is recorded, usually before the projection has it, so it waits (bounded) for
 * pack_sales to reach the PackSold event instead of failing an attempt and waiting out a retry's
 * backoff. Null when the read model did not get there in time.
 */
export async function deskCodesOnceProjected(sql: Sql, sold: RecordedEvent): Promise<{ sale: string; coupons: Map<string, string> } | null> {
  const saleId = (sold.data as PackSold['data']).saleId;
  const codes = await deskCodesOfSale(sql, saleId);
  if (codes) return codes;
  // Polled (no LISTEN connection for a job): a read of the checkpoint at most every 50 ms.
  if (!(await new CheckpointWaiter(sql).waitFor(['pack_sales'], sold.globalPosition, PROJECTED_WAIT_MS))) return null;
  return deskCodesOfSale(sql, saleId);
}

/** The greeting every receipt opens with. */
const greeting = (customer: { firstName: string | null }) => (customer.firstName ? `Hello ${customer.firstName},` : 'Hello,');

/** What every receipt says of the order: the pack, the location it was sold with, price, tax, total, and a demo payment's note. */
function orderLines(order: OnlineOrderPlaced['data'], packName: string, locationName: string): string[] {
  return [
    `Pack: ${packName}`,
    `Sold with: ${locationName}`,
    `Price: ${formatMoney(order.price)}`,
    `Sales tax: ${order.taxExempt ? `${formatMoney(order.tax)} (tax exempt)` : formatMoney(order.tax)}`,
    `Total paid: ${formatMoney(order.total)}`,
    ...(order.provider === 'demo' ? ['Demo payment: no money moves.'] : []),
  ];
}

/**
 * The coupons of a sale, alike ones on one line with their desk codes (issue 24), as the receipt and the
 * gift-claimed e-mail list them. Throws when the read model has no code for one of them yet (the job is retried).
 */
export function couponCodeLines(sale: PackSold['data'], codes: { sale: string; coupons: ReadonlyMap<string, string> }): string[] {
  const counts = new Map<string, { name: string; count: number; expiresOn: string; codes: string[] }>();
  for (const c of sale.coupons) {
    const item = sale.pack.items.find((i) => i.couponId === c.couponId);
    const key = `${c.couponId}:${c.expiresOn}`;
    const code = codes.coupons.get(c.issuedCouponId.toLowerCase());
    if (!code) throw new Error(`issued coupon ${c.issuedCouponId} of sale ${sale.saleId} has no desk code in the read model yet`);
    const seen = counts.get(key);
    if (seen) {
      seen.count++;
      seen.codes.push(code);
    } else counts.set(key, { name: item?.coupon.name ?? 'Coupon', count: 1, expiresOn: c.expiresOn, codes: [code] });
  }
  return [
    'Your coupons:',
    ...[...counts.values()].flatMap((c) => [`  ${c.count} x ${c.name}, good through ${c.expiresOn}`, `    ${c.count > 1 ? 'Codes' : 'Code'}: ${c.codes.join(', ')}`]),
    '',
    `At the service desk, show a coupon's code (or its QR code under My Coupons), or read it aloud. Pack code: ${codes.sale}`,
  ];
}

/** The receipt (plain text). */
export function onlineOrderReceiptText(
  order: OnlineOrderPlaced['data'],
  sale: PackSold['data'],
  customer: { firstName: string | null },
  locationName: string,
  codes: { sale: string; coupons: ReadonlyMap<string, string> },
): { subject: string; body: string } {
  const lines = [
    greeting(customer),
    '',
    `Thank you for buying the ${sale.pack.name} online. Your coupons are ready: sign in to see them under My Coupons.`,
    '',
    ...orderLines(order, sale.pack.name, locationName),
    '',
    ...couponCodeLines(sale, codes),
    '',
    `Order reference: ${order.orderId}`,
  ];
  return { subject: `Your receipt: ${sale.pack.name}`, body: lines.join('\n') };
}

/** The receipt of a gift order (no coupons for the buyer: the recipient claims them). */
export function giftOrderReceiptText(
  order: OnlineOrderPlaced['data'],
  gift: GiftPurchased['data'],
  packName: string,
  customer: { firstName: string | null },
  locationName: string,
): { subject: string; body: string } {
  const lines = [
    greeting(customer),
    '',
    `Thank you for buying the ${packName} as a gift. We e-mailed ${gift.recipientEmail ?? 'the recipient'} a link to claim it; it works for ${GIFT_LIFETIME_DAYS} days (until ${gift.expiresAt.slice(0, 10)}).`,
    '',
    ...orderLines(order, packName, locationName),
    '',
    `Order reference: ${order.orderId}`,
  ];
  return { subject: `Your receipt: ${packName} (gift)`, body: lines.join('\n') };
}

export async function sendOnlineOrderReceipt(jobId: string, job: SendOnlineOrderReceiptJob, deps: OnlineOrderReceiptDeps): Promise<void> {
  const events = await deps.store.readStream(onlineOrderStreamId(job.orderId));
  const placed = events.find((e) => e.type === 'OnlineOrderPlaced')?.data as OnlineOrderPlaced['data'] | undefined;
  const paid = events.find((e) => e.type === 'OnlineOrderPaid')?.data as OnlineOrderPaid['data'] | undefined;
  if (!placed || !paid) throw new Error(`online order ${job.orderId} is not paid`);
  const gift = paid.giftId
    ? ((await deps.store.readStream(giftStreamId(paid.giftId))).find((e) => e.type === 'GiftPurchased')?.data as GiftPurchased['data'] | undefined)
    : undefined;
  if (paid.giftId && !gift) throw new Error(`the gift ${paid.giftId} of online order ${job.orderId} is not recorded`);
  const sold = paid.saleId ? (await deps.store.readStream(packSaleStreamId(paid.saleId))).find((e) => e.type === 'PackSold') : undefined;
  const sale = sold?.data as PackSold['data'] | undefined;
  if (!gift && !sale) throw new Error(`the pack sale ${paid.saleId} of online order ${job.orderId} is not recorded`);
  const folded = contactOf((await load(deps.store, customerStreamId(job.customerId), customerDecider)).state);
  const customer = { firstName: folded.firstName, emailAddress: folded.emailAddress, erased: folded.personalDataErased };
  if (customer.erased || !customer.emailAddress) return;
  const codes = sold && !gift ? await deskCodesOnceProjected(deps.sql, sold) : null;
  if (sale && !gift && !codes) throw new Error(`the pack sale ${sale.saleId} of online order ${job.orderId} is not in the pack_sales read model yet (its desk codes); retried`);
  const [location] = await deps.sql<{ location_name: string }[]>`select location_name from ref.locations where location_id = ${placed.locationId}`;
  const locationName = location?.location_name ?? `Location ${placed.locationId}`;
  const packName = gift ? ((await load(deps.store, packStreamId(placed.packId), packDecider)).state?.terms.name ?? 'coupon pack') : '';
  await deps.sender.send({
    idempotencyKey: jobId,
    channel: 'email',
    to: customer.emailAddress,
    ...(gift ? giftOrderReceiptText(placed, gift, packName, customer, locationName) : onlineOrderReceiptText(placed, sale!, customer, locationName, codes!)),
    subjectId: job.customerId,
  });
}
