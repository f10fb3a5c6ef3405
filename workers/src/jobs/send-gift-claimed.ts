/**
 * Job: e-mail the recipient of a gift, once they claimed it (GiftClaimed, issue 13 "Gifts"; issue 24
 * part 1, decision 0091), the coupons now theirs with each coupon's desk code and the pack's. The
 * gift e-mail sent before the claim lists no code: it goes to the address the buyer typed, which may be
 * wrong, and a code is what the service desk honours. This one goes to the e-mail of the account that
 * claimed the gift (signed in, or registered from the link), so only the coupons' owner gets the codes.
 *
 * The codes are read from the pack_sales read model, as My coupons shows them; a job that runs before
 * the read model has the recipient's sale waits for it, bounded, and only then fails and is retried. The send's idempotency key is the job id
 * (a gift is claimed once), so a retried job never delivers twice. The message's subject is the
 * recipient: their erasure scrubs it. It names no buyer (the buyer's name is the buyer's personal data).
 */
import { customerDecider, contactOf } from '@dealer/domain/customer';
import { customerStreamId, giftStreamId, packSaleStreamId, type GiftClaimed, type GiftPurchased, type PackSold } from '@dealer/contracts';
import { load } from '@dealer/platform';
import { couponCodeLines, deskCodesOnceProjected, type OnlineOrderReceiptDeps } from './send-online-order-receipt';

export interface SendGiftClaimedJob {
  giftId: string;
  /** The recipient who claimed it. */
  customerId: string;
  eventId: string;
  correlationId: string;
}

export function giftClaimedText(
  sale: PackSold['data'],
  recipient: { firstName: string | null },
  locationName: string,
  codes: { sale: string; coupons: ReadonlyMap<string, string> },
): { subject: string; body: string } {
  const lines = [
    recipient.firstName ? `Hello ${recipient.firstName},` : 'Hello,',
    '',
    `You claimed your gift: the ${sale.pack.name}, good at ${locationName}. The coupons are yours now: sign in to see them under My Coupons.`,
    '',
    ...couponCodeLines(sale, codes),
  ];
  return { subject: `Your gift is ready: ${sale.pack.name}`, body: lines.join('\n') };
}

export async function sendGiftClaimed(jobId: string, job: SendGiftClaimedJob, deps: OnlineOrderReceiptDeps): Promise<void> {
  const events = await deps.store.readStream(giftStreamId(job.giftId));
  const purchased = events.find((e) => e.type === 'GiftPurchased')?.data as GiftPurchased['data'] | undefined;
  const claimed = events.find((e) => e.type === 'GiftClaimed')?.data as GiftClaimed['data'] | undefined;
  if (!purchased || !claimed) throw new Error(`gift ${job.giftId} is not claimed`);
  const sold = (await deps.store.readStream(packSaleStreamId(claimed.saleId))).find((e) => e.type === 'PackSold');
  const sale = sold?.data as PackSold['data'] | undefined;
  if (!sold || !sale) throw new Error(`the pack sale ${claimed.saleId} of gift ${job.giftId} is not recorded yet; retried`);
  const recipient = contactOf((await load(deps.store, customerStreamId(claimed.customerId), customerDecider)).state);
  if (recipient.personalDataErased || !recipient.emailAddress) return;
  const codes = await deskCodesOnceProjected(deps.sql, sold);
  if (!codes) throw new Error(`the pack sale ${sale.saleId} of gift ${job.giftId} is not in the pack_sales read model yet (its desk codes); retried`);
  const [location] = await deps.sql<{ location_name: string }[]>`select location_name from ref.locations where location_id = ${sale.locationId}`;
  await deps.sender.send({
    idempotencyKey: jobId,
    channel: 'email',
    to: recipient.emailAddress,
    ...giftClaimedText(sale, recipient, location?.location_name ?? `Location ${sale.locationId}`, codes),
    subjectId: claimed.customerId,
  });
}
