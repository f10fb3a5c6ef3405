/**
 * Job: e-mail the recipient of a gift pack its links (GiftPurchased, issue 13 "Gifts"): who sent
 * it and their message, the pack, the location it is sold with, the coupons, the expiry, and
 * the two links: `/registration/gift/{email}/{giftToken}` for a new customer and
 * `/login/{giftToken}` for one with an account. The token is rebuilt from the gift id under the
 * key derived from AUTH_SECRET (it is never stored in clear; GiftPurchased holds its hash), so
 * a retried job sends the same link, and the send's idempotency key (the job id) delivers once.
 * The message's subject is the buyer (the address and the message are the buyer's personal
 * data): after the buyer's erasure nothing is sent and the outbox copy is scrubbed.
 */
import { customerDecider, contactOf } from '@dealer/domain/customer';
import { couponDecider } from '@dealer/domain/coupon/decide';
import { packDecider } from '@dealer/domain/pack/decide';
import {
  couponStreamId,
  customerStreamId,
  giftStreamId,
  packStreamId,
  type GiftPurchased,
} from '@dealer/contracts';
import { load, type EventStore, type Sql } from '@dealer/platform';
import { giftTokenFor, giftTokenKey } from '@dealer/platform/auth/gift-token';
import type { MessageSender } from '../messaging/message';
import { type PackState } from '@dealer/domain/pack/state';

export interface SendGiftMessageJob {
  giftId: string;
  eventId: string;
  correlationId: string;
}

export interface GiftMessageDeps {
  sql: Sql;
  store: EventStore;
  sender: MessageSender;
  publicUrl: string;
  verificationHashKey?: Buffer;
}

/** The two links of a gift (the SPEC 2.1 routes). */
export function giftLinks(publicUrl: string, recipientEmail: string, token: string) {
  const base = publicUrl.replace(/\/$/, '');
  return { register: `${base}/registration/gift/${encodeURIComponent(recipientEmail)}/${token}`, signIn: `${base}/login/${token}` };
}

export function giftMessageText(
  gift: GiftPurchased['data'],
  pack: PackState | null,
  couponNames: Record<string, string>,
  buyer: { firstName: string | null; lastName: string | null },
  locationName: string,
  links: { register: string; signIn: string },
): { subject: string; body: string } {
  const from = [buyer.firstName, buyer.lastName].filter(Boolean).join(' ') || 'Someone';
  const packName = pack?.terms.name ?? 'a coupon pack';
  const expires = new Date(gift.expiresAt).toISOString().slice(0, 10);
  const lines = [
    'Hello,',
    '',
    `${from} sent you a gift: the ${packName}, good at ${locationName}.`,
    ...(gift.giftMessage ? ['', `Their message: "${gift.giftMessage}"`] : []),
    '',
    ...(pack ? ['The pack holds:', ...pack.items.map((i) => `  ${i.quantity} x ${couponNames[i.couponId] ?? 'Coupon'}`), ''] : []),
    'To claim your gift:',
    `  New to Dealer Coupons? Create your account here: ${links.register}`,
    `  Already have an account? Sign in here: ${links.signIn}`,
    '',
    `The link can be used once and works until ${expires}. The coupons appear under My Coupons as soon as you claim it.`,
  ];
  return { subject: `${from} sent you a gift: ${packName}`, body: lines.join('\n') };
}

export async function sendGiftMessage(jobId: string, job: SendGiftMessageJob, deps: GiftMessageDeps): Promise<void> {
  const key = deps.verificationHashKey;
  if (!key || key.length < 32) throw new Error('verificationHashKey is not configured: gift links cannot be made');
  const events = await deps.store.readStream(giftStreamId(job.giftId));
  const purchased = events.find((e) => e.type === 'GiftPurchased')?.data as (GiftPurchased['data'] & { personalDataErased?: boolean }) | undefined;
  if (!purchased) throw new Error(`gift ${job.giftId} is not recorded`);
  // The buyer was erased (the address is gone with their key), or the gift is claimed already: nothing to send.
  if (purchased.personalDataErased || !purchased.recipientEmail || events.some((e) => e.type === 'GiftClaimed')) return;
  const buyer = contactOf((await load(deps.store, customerStreamId(purchased.customerId), customerDecider)).state);
  const pack = (await load(deps.store, packStreamId(purchased.packId), packDecider)).state;
  const couponNames: Record<string, string> = {};
  for (const item of pack?.items ?? []) {
    const coupon = (await load(deps.store, couponStreamId(item.couponId), couponDecider)).state;
    if (coupon) couponNames[item.couponId] = coupon.terms.name;
  }
  const [location] = await deps.sql<{ location_name: string }[]>`select location_name from ref.locations where location_id = ${purchased.locationId}`;
  const token = giftTokenFor(giftTokenKey(key), job.giftId);
  await deps.sender.send({
    idempotencyKey: jobId,
    channel: 'email',
    to: purchased.recipientEmail,
    ...giftMessageText(purchased, pack, couponNames, buyer, location?.location_name ?? `Location ${purchased.locationId}`, giftLinks(deps.publicUrl, purchased.recipientEmail, token)),
    subjectId: purchased.customerId,
  });
}
