/**
 * Coupon expiry reminders (issue 24 part 2, ADR 0090): the sweep that finds coupons about to
 * expire and the job that reminds the customer of them, once per coupon, threshold and channel.
 *
 * The sweep (every COUPON_REMINDER_SWEEP_INTERVAL_MS in the workers, one active instance:
 * periodic-sweep.ts) FINDS candidates in the read models (queries.ts of coupon_reminders: unused,
 * unvoided coupons expiring within 31 days, of customers with consent and an address, not yet
 * reminded at the threshold due), groups them per customer, location, threshold and channel, and
 * adds one job per group whose id derives from those facts and the coupons' ids: a second sweep
 * (here or in another workers process) adds the same id, which BullMQ keeps once. A text due in
 * quiet hours (21:00-08:00 in the location's zone) is added delayed to 08:00 local; e-mails are
 * not held.
 *
 * The job DECIDES on the event store at send time: quiet hours again (a text that comes due in
 * them waits, same job), the customer's stream (not erased, consent on this channel, an e-mail
 * address or a mobile number), each coupon's sale and own stream (not voided, not used or held,
 * still due this threshold), then the reminders decider on `coupon-reminders-{customerId}`
 * records CouponExpiryReminderSent (never a coupon twice per threshold and channel; a race
 * re-decides on the winner's event), and the message goes out under the reminder's id as its
 * idempotency key (the sent-messages ledger delivers a retried send once). Nothing here touches
 * transactional messages.
 */
import { createHash } from 'node:crypto';
import type { Queue } from 'bullmq';
import {
  couponRemindersStreamId,
  customerStreamId,
  issuedCouponStreamId,
  packSaleStreamId,
  reminderEmail,
  reminderText,
  reminderThresholdAt,
  textSendTime,
  type MarketingChannel,
  type RemindedCoupon,
  type ReminderThreshold,
} from '@dealer/contracts';
import { deterministicUuid, handle, load, systemContext, type EventStore, type Logger, type Sql } from '@dealer/platform';
import { unsubscribeTokenFor, unsubscribeTokenKey } from '@dealer/platform/auth/unsubscribe-token';
import { contactOf, customerDecider } from '@dealer/domain/customer';
import { packSaleDecider } from '@dealer/domain/pack-sale/decide';
import { soldCouponTerms, type PackSaleState } from '@dealer/domain/pack-sale/state';
import { issuedCouponDecider } from '@dealer/domain/coupon-redemption/decide';
import { issuedCouponStreamStatus } from '@dealer/domain/coupon-redemption/state';
import { couponReminderDecider } from '@dealer/domain/coupon-reminder/decide';
import { locationZones, reminderCandidates, remindedAlready, type ReminderCandidate } from '@dealer/read-models/coupon-reminders/queries';
import type { MessageSender } from '../messaging/message';
import { startPeriodicSweep, type PeriodicSweepHandle } from './periodic-sweep';
import type { DelayJob } from './send-redemption-verification';

export const COUPON_REMINDER_JOB = 'send-coupon-expiry-reminder';
export const COUPON_REMINDER_ACTOR = 'system:coupon-reminders';
/** Default sweep interval: hourly (COUPON_REMINDER_SWEEP_INTERVAL_MS). */
export const COUPON_REMINDER_SWEEP_INTERVAL_MS = 3_600_000;
/** The read model is asked for coupons expiring within this many days (30 and the zones' day either side). */
export const REMINDER_HORIZON_DAYS = 31;
/** Coupons one sweep looks at (the next sweep takes the rest). */
export const REMINDER_SWEEP_BATCH = 5000;
/** Where a reminder links to: the customer's My coupons page. */
export const MY_COUPONS_PATH = '/customer/coupons';

export interface SendCouponReminderJob {
  /** The job's id: the reminder's id and its message's idempotency key. */
  reminderId: string;
  customerId: string;
  locationId: number;
  threshold: ReminderThreshold;
  channel: MarketingChannel;
  coupons: { issuedCouponId: string; saleId: string }[];
}

export interface CouponReminderDeps {
  sql: Sql;
  store: EventStore;
  sender: MessageSender;
  publicUrl: string;
  now: () => Date;
  verificationHashKey?: Buffer;
}

/** The job id (and reminder id) from the facts: customer, location, threshold, channel and the coupons named. */
export function reminderJobId(group: Pick<SendCouponReminderJob, 'customerId' | 'locationId' | 'threshold' | 'channel' | 'coupons'>): string {
  const ids = group.coupons.map((c) => c.issuedCouponId.toLowerCase()).sort();
  const digest = createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 24);
  return `coupon-reminder-${group.customerId.toLowerCase()}-${group.locationId}-${group.threshold}-${group.channel}-${digest}`;
}

const base = (publicUrl: string) => publicUrl.replace(/\/$/, '');

/** The reminder's links: My coupons, the unsubscribe page and its one-click address (the consent side serves both). */
export function reminderLinks(publicUrl: string, token: string | null) {
  const root = base(publicUrl);
  return {
    coupons: `${root}${MY_COUPONS_PATH}`,
    unsubscribePage: token ? `${root}/unsubscribe/${token}` : null,
    oneClick: token ? `${root}/api/unsubscribe/${token}` : null,
  };
}

/** The coupons of the job its streams show still usable: sale not voided and the customer's, coupon not used, held or withdrawn. */
async function usableCoupons(store: EventStore, job: SendCouponReminderJob): Promise<{ coupons: RemindedCoupon[]; sales: PackSaleState[] }> {
  const sales = new Map<string, PackSaleState | null>();
  const coupons: RemindedCoupon[] = [];
  for (const { issuedCouponId, saleId } of job.coupons) {
    if (!sales.has(saleId)) sales.set(saleId, (await load(store, packSaleStreamId(saleId), packSaleDecider)).state);
    const sale = sales.get(saleId);
    if (!sale || sale.status === 'voided' || sale.customerId.toLowerCase() !== job.customerId.toLowerCase()) continue;
    const sold = soldCouponTerms(sale, issuedCouponId);
    if (!sold) continue;
    const { state } = await load(store, issuedCouponStreamId(issuedCouponId), issuedCouponDecider);
    if (issuedCouponStreamStatus(state) !== 'available') continue;
    coupons.push({ issuedCouponId, saleId, couponId: sold.couponId, couponName: sold.terms.name, expiresOn: sold.expiresOn });
  }
  return { coupons, sales: [...sales.values()].filter((s): s is PackSaleState => s !== null) };
}

export async function sendCouponExpiryReminder(job: SendCouponReminderJob, deps: CouponReminderDeps, delay: DelayJob): Promise<void> {
  const now = deps.now();
  const { coupons, sales } = await usableCoupons(deps.store, job);
  const location = (await locationZones(deps.sql, [job.locationId])).get(job.locationId);
  const timeZone = location?.timeZone ?? sales[0]?.timeZone ?? 'UTC';
  // Quiet hours: a text comes due only from 08:00 to 21:00 local (the job waits, same id).
  if (job.channel === 'sms') {
    const at = textSendTime(now, timeZone);
    // The wait from this job's clock, as a moment of the queue's (the same clock in the product).
    if (at.getTime() > now.getTime()) return delay(Date.now() + (at.getTime() - now.getTime()));
  }
  // The customer now: erased, no consent on this channel or no address: nothing.
  const customer = (await load(deps.store, customerStreamId(job.customerId), customerDecider)).state;
  if (customer.status !== 'active' || customer.personalDataErased || !customer.marketingConsent[job.channel]) return;
  const contact = contactOf(customer);
  const to = job.channel === 'email' ? contact.emailAddress : contact.phoneMobile;
  if (!to) return;
  const key = deps.verificationHashKey;
  if (job.channel === 'email' && (!key || key.length < 32)) throw new Error('verificationHashKey is not configured: unsubscribe links cannot be made');

  // Decide and record (or find the record of an earlier attempt of this job).
  const ctx = { ...systemContext(COUPON_REMINDER_ACTOR, deterministicUuid(job.reminderId)), now: () => now };
  const { state } = await handle(
    deps.store,
    couponRemindersStreamId(job.customerId),
    couponReminderDecider,
    { type: 'RecordCouponExpiryReminder', data: { reminderId: job.reminderId, customerId: job.customerId, locationId: job.locationId, threshold: job.threshold, channel: job.channel, coupons }, now, timeZone },
    ctx,
  );
  const reminder = state.reminders.get(job.reminderId);
  if (!reminder) return;
  // A retry after the record: only what is still usable is named; nothing left, nothing sent.
  const usable = new Set(coupons.map((c) => c.issuedCouponId.toLowerCase()));
  const named = reminder.coupons.filter((c) => usable.has(c.issuedCouponId.toLowerCase()));
  if (named.length === 0) return;

  const locationName = location?.name ?? `Location ${job.locationId}`;
  if (job.channel === 'email') {
    const links = reminderLinks(deps.publicUrl, unsubscribeTokenFor(unsubscribeTokenKey(key!), job.customerId, 'email'));
    const { subject, body } = reminderEmail({ coupons: named, locationName, firstName: contact.firstName, couponsUrl: links.coupons, unsubscribeUrl: links.unsubscribePage! });
    await deps.sender.send({
      idempotencyKey: job.reminderId,
      channel: 'email',
      to,
      subject,
      body,
      subjectId: job.customerId,
      headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    return;
  }
  const links = reminderLinks(deps.publicUrl, null);
  await deps.sender.send({
    idempotencyKey: job.reminderId,
    channel: 'sms',
    to,
    subject: 'Coupon reminder',
    body: reminderText({ coupons: named, locationName, couponsUrl: links.coupons }),
    subjectId: job.customerId,
  });
}

export interface ReminderSweepResult {
  /** Jobs added (a job already queued under its id is kept once by BullMQ). */
  jobs: number;
}

/**
 * The candidates as reminder groups at `now` (pure): the threshold each coupon is due in its
 * zone (none: left out), per channel it may go to and was not reminded on at that threshold, one
 * group per customer, location, threshold and channel, in the candidates' order.
 */
export function reminderGroups(candidates: readonly ReminderCandidate[], now: Date): Omit<SendCouponReminderJob, 'reminderId'>[] {
  const groups = new Map<string, Omit<SendCouponReminderJob, 'reminderId'>>();
  for (const c of candidates) {
    const threshold = reminderThresholdAt(c.expiresOn, now, c.timeZone);
    if (threshold === null) continue;
    for (const channel of c.channels) {
      if (remindedAlready(c, threshold, channel)) continue;
      const key = `${c.customerId}|${c.locationId}|${threshold}|${channel}`;
      const group = groups.get(key) ?? { customerId: c.customerId, locationId: c.locationId, threshold, channel, coupons: [] };
      group.coupons.push({ issuedCouponId: c.issuedCouponId, saleId: c.saleId });
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}

/**
 * One sweep at `now`: the candidates the read models show, grouped per customer, location,
 * threshold and channel, one job each (texts in quiet hours delayed to 08:00 local).
 */
export async function sweepCouponReminders(deps: { sql: Sql; queue: Queue }, now = new Date()): Promise<ReminderSweepResult> {
  const candidates = await reminderCandidates(deps.sql, now, REMINDER_HORIZON_DAYS, REMINDER_SWEEP_BATCH);
  const groups = reminderGroups(candidates, now);
  if (groups.length === 0) return { jobs: 0 };
  const zones = await locationZones(deps.sql, [...new Set(groups.map((g) => g.locationId))]);
  const saleZone = new Map(candidates.map((c) => [c.locationId, c.timeZone]));
  const jobs = groups.map((group) => {
    const reminderId = reminderJobId(group);
    const zone = zones.get(group.locationId)?.timeZone ?? saleZone.get(group.locationId) ?? 'UTC';
    const delay = group.channel === 'sms' ? Math.max(0, textSendTime(now, zone).getTime() - now.getTime()) : 0;
    return { name: COUPON_REMINDER_JOB, data: { reminderId, ...group } satisfies SendCouponReminderJob, opts: { jobId: reminderId, ...(delay > 0 ? { delay } : {}) } };
  });
  for (let i = 0; i < jobs.length; i += 500) await deps.queue.addBulk(jobs.slice(i, i + 500));
  return { jobs: jobs.length };
}

/** The sweep on a timer in the workers (one active instance across processes). */
export function startCouponReminderSweeper(deps: { sql: Sql; queue: Queue; logger?: Logger }, intervalMs = COUPON_REMINDER_SWEEP_INTERVAL_MS): PeriodicSweepHandle {
  return startPeriodicSweep(deps, { lock: 'coupons:expiry-reminder-sweep', intervalMs, failure: 'sweeping coupon expiry reminders failed' }, async () => {
    const result = await sweepCouponReminders(deps);
    if (result.jobs > 0) deps.logger?.info({ jobs: result.jobs }, 'coupon expiry reminders queued');
  });
}
