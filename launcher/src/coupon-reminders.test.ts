/**
 * Coupon expiry reminders (issue 24 part 2, ADR 0090) through the real product: PostgreSQL, Redis
 * (BullMQ), the message worker's code with a local SMTP server and a local SMS provider (node:http).
 * The sweep and the worker run here on their own queue with an injected clock, so the test does not
 * depend on the hour it runs at: the reminders go out on D0 (ten days ago) at noon in Denver, and
 * the coupons sold here expire on D0 + 25 days.
 *
 * Proven: one e-mail with List-Unsubscribe (one-click, RFC 8058) and a link whose token names the
 * customer and channel; a second sweep, a retried job, a job with another id naming the same
 * coupon, and a rebuild of the read models send nothing more; a text goes out once the customer
 * agrees to texts, never in quiet hours (delayed to 08:00 local); withdrawn consent and a coupon
 * redeemed before the send get nothing; an erased customer gets nothing; the Expiry Reminders report
 * counts the reminders and the redemption ten days after one; the customer's history says it in words.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { Queue, Worker } from 'bullmq';
import {
  addDays,
  cents,
  couponRemindersStreamId,
  couponStreamId,
  customerStreamId,
  localDateOf,
  localTimeInstant,
  packStreamId,
  type CouponExpiryReminderSent,
  type CouponTerms,
  type ReportAnswer,
} from '@dealer/contracts';
import { deterministicUuid, handle, systemContext, createRedis } from '@dealer/platform';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { unsubscribeTokenKey, verifyUnsubscribeToken } from '@dealer/platform/auth/unsubscribe-token';
import { importDmsRecords } from '@dealer/dms/index';
import { couponDecider } from '@dealer/domain/coupon/decide';
import { packDecider } from '@dealer/domain/pack/decide';
import { customerDecider } from '@dealer/domain/customer';
import { rebuildProjections } from '@dealer/projector/rebuild';
import { projections } from '@dealer/read-models/projections';
import { createMessageSenders, createMessagesQueue, createMessagesWorker, sweepCouponReminders, COUPON_REMINDER_JOB, type SendCouponReminderJob } from '@dealer/workers';
import { reminderJobId } from '@dealer/workers/jobs/coupon-reminders';
import { startSmtpCapture, type SmtpCapture } from '@dealer/workers/testing/smtp-capture';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';

const PUBLIC_URL = 'https://coupons.example.test';
const ZONE = 'America/Denver';
const FRONT_RANGE = 1;

let server: TestServer;
let smtp: SmtpCapture;
let smsProvider: http.Server;
const texts: { to: string; body: string }[] = [];
let queue: Queue;
let worker: Worker;
let redis: ReturnType<typeof createRedis>;
let employee: Record<string, string>;
let admin: Record<string, string>;
let key: Buffer;
/** The worker's clock (the sweep is given its own). */
let clock = new Date();

/** D0: ten days ago in Denver; T0 its noon; the coupons expire 25 days after D0. */
const D0 = localDateOf(new Date(Date.now() - 10 * 86_400_000), ZONE);
const T0 = localTimeInstant(D0, 12, ZONE);
const EXPIRES_ON = addDays(D0, 25);
const US_DATE = `${EXPIRES_ON.slice(5, 7)}/${EXPIRES_ON.slice(8, 10)}/${EXPIRES_ON.slice(0, 4)}`;

const inject = (options: InjectOptions, headers: Record<string, string>) => server.product.app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });
const ctx = () => systemContext('test:coupon-reminders');

const couponTerms = (name: string, opCode: string): CouponTerms => ({
  name,
  description: null,
  opCodes: [opCode],
  value: { kind: 'fixed', amount: cents(2_000) },
  laborTypes: ['C'],
  validity: { kind: 'fixedDate', date: EXPIRES_ON },
  maxPerRo: 1,
  maxAmountPerRo: null,
  locationIds: [FRONT_RANGE],
});
const ids = { oil: deterministicUuid('reminders-test-oil'), rotation: deterministicUuid('reminders-test-rotation'), pack: deterministicUuid('reminders-test-pack'), single: deterministicUuid('reminders-test-single') };
let openRo = '';

/** A captured e-mail's headers (unfolded) and its text (quoted-printable decoded). */
function parseMail(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  let text = raw.slice(split + 4);
  if (/quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '')) {
    text = Buffer.from(text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  }
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));
const textsTo = (phone: string) => texts.filter((t) => t.to.replace(/\D/g, '').endsWith(phone));

/** Waits until the queue has nothing waiting or running (delayed jobs stay delayed). */
async function settled(): Promise<void> {
  const deadline = Date.now() + 30_000;
  let quiet = 0;
  while (quiet < 3) {
    if (Date.now() > deadline) throw new Error('the reminder jobs did not finish in time');
    const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
    quiet = Object.values(counts).every((n) => n === 0) ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One sweep at `at` and every job it added run (at the worker's clock). */
async function sweepAt(at: Date, workerClock: Date = at): Promise<number> {
  clock = workerClock;
  const { jobs } = await sweepCouponReminders({ sql: server.product.sql, queue }, at);
  await settled();
  return jobs;
}

/** The job's state once it is `expected` (or the last one seen after 10 s). */
async function stateOnce(jobId: string, expected: string): Promise<string | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const state = await (await queue.getJob(jobId))?.getState();
    if (state === expected || Date.now() > deadline) return state;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function remindersOf(customerId: string): Promise<CouponExpiryReminderSent['data'][]> {
  return (await server.product.store.readStream(couponRemindersStreamId(customerId))).map((e) => e.data as CouponExpiryReminderSent['data']);
}

async function newCustomer(firstName: string, lastName: string, emailAddress: string, phoneMobile: string): Promise<string> {
  const created = await inject({ method: 'POST', url: '/api/customers', payload: { firstName, lastName, emailAddress, phoneMobile } }, employee);
  expect(created.statusCode, created.body).toBe(201);
  return created.json().dataSet.customerId as string;
}

async function sellPack(customerId: string, packId = ids.pack): Promise<{ saleId: string; issued: { issuedCouponId: string; couponId: string }[] }> {
  const sold = await inject({ method: 'POST', url: '/api/pack-sales', payload: { customerId, packId, locationId: FRONT_RANGE, roNumber: openRo } }, employee);
  expect(sold.statusCode, sold.body).toBe(201);
  const saleId = sold.json().dataSet.saleId as string;
  const [event] = await server.product.store.readStream(`pack-sale-${saleId}`);
  const issued = (event!.data as { coupons: { issuedCouponId: string; couponId: string }[] }).coupons;
  await waitForProjections(server.product);
  return { saleId, issued };
}

const setConsent = (customerId: string, channel: 'email' | 'sms', granted: boolean) =>
  handle(server.product.store, customerStreamId(customerId), customerDecider, { type: 'SetMarketingConsent', data: { customerId, channel, granted, source: 'staff' } }, ctx());

let roSeq = 0;
/** Redeems an oil change of the customer at Front Range on an RO the DMS data has (imported here). */
async function redeem(customerId: string, issuedCouponId: string): Promise<void> {
  const roNumber = `78${String(Date.now()).slice(-5)}${++roSeq}`;
  const job = { jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter', laborType: 'C', laborSale: 49.95, partsSale: 20 };
  expect(await importDmsRecords(server.product.sql, [{ roNumber, locationId: FRONT_RANGE, vin: '4T1BF1FK5CU123456', mileage: 42_000, openDate: new Date().toISOString().slice(0, 19), closeDate: null, jobs: [job] }])).toMatchObject({ rejected: 0 });
  const redeemed = await inject({ method: 'POST', url: '/api/coupon-redemptions', payload: { issuedCouponId, customerId, locationId: FRONT_RANGE, roNumber } }, employee);
  expect(redeemed.statusCode, redeemed.body).toBe(201);
  await waitForProjections(server.product);
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  smsProvider = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      texts.push(JSON.parse(raw) as { to: string; body: string });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `sms-${texts.length}` }));
    });
  });
  await new Promise<void>((resolve) => smsProvider.listen(0, '127.0.0.1', resolve));
  const address = smsProvider.address();
  const smsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/messages`;
  // The product's own sweep waits a day: the test runs the sweep itself, at its clock.
  server = await startTestServer({ webDist: null, env: { SMTP_URL: smtp.url, SMS_PROVIDER_URL: smsUrl, PUBLIC_URL, COUPON_REMINDER_SWEEP_INTERVAL_MS: '86400000' } });
  const { sql, store } = server.product;
  await sql`update ref.locations set time_zone = ${ZONE}`;
  employee = (await loginAs(server, 'employee')).headers;
  admin = (await loginAs(server, 'admin')).headers;
  key = verificationHashKey(server.env.authSecret);

  // Its own queue (a prefix under the server's) and the message worker's code on it, with the test's clock.
  redis = createRedis(server.env.REDIS_URL);
  const prefix = `${server.redisPrefix}:reminders`;
  queue = createMessagesQueue(redis, prefix);
  const senders = createMessageSenders(sql, { APP_MODE: 'demo', SMTP_URL: smtp.url, SMS_PROVIDER_URL: smsUrl });
  worker = createMessagesWorker(redis, prefix, { sql, store, sender: senders.sender, publicUrl: PUBLIC_URL, now: () => clock, verificationHashKey: key });

  const [ro] = await sql<{ roNumber: string }[]>`
    select ro_number as "roNumber" from ref.repair_orders where location_id = ${FRONT_RANGE} and close_date is null and void_date is null order by ro_number limit 1`;
  openRo = ro!.roNumber;
  const oil = await handle(store, couponStreamId(ids.oil), couponDecider, { type: 'DefineCoupon', data: { couponId: ids.oil, terms: couponTerms('Oil change', 'LOF') } }, ctx());
  const rotation = await handle(store, couponStreamId(ids.rotation), couponDecider, { type: 'DefineCoupon', data: { couponId: ids.rotation, terms: couponTerms('Tire rotation', 'ROT') } }, ctx());
  const coupons = { [ids.oil]: oil.state, [ids.rotation]: rotation.state };
  const terms = (name: string) => ({ name, description: null, price: cents(9_900), locationIds: [FRONT_RANGE], termMonths: 12, termMileage: null });
  await handle(store, packStreamId(ids.pack), packDecider, { type: 'CreatePack', data: { packId: ids.pack, terms: terms('Reminder pack'), items: [{ couponId: ids.oil, quantity: 2 }, { couponId: ids.rotation, quantity: 1 }], coupons } }, ctx());
  await handle(store, packStreamId(ids.single), packDecider, { type: 'CreatePack', data: { packId: ids.single, terms: terms('One oil change'), items: [{ couponId: ids.oil, quantity: 1 }], coupons } }, ctx());
  await waitForProjections(server.product);
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await queue?.close();
  redis?.disconnect();
  await server?.stop();
  await smtp?.close();
  await new Promise((resolve) => smsProvider?.close(resolve));
});

describe('coupon expiry reminders', () => {
  const robin = { email: 'robin.reminded@example.com', phone: '7205550777' };
  let robinId = '';
  let robinCoupons: { issuedCouponId: string; couponId: string }[] = [];

  it('should e-mail one reminder naming what is left, with List-Unsubscribe and a working link, 25 days before expiry', async () => {
    robinId = await newCustomer('Robin', 'Reminded', robin.email, robin.phone);
    robinCoupons = (await sellPack(robinId)).issued;
    await sweepAt(T0);

    const mails = mailsTo(robin.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.headers.get('subject')).toBe(`Your coupons at Front Range Toyota expire on ${US_DATE}`);
    expect(mail!.text).toContain('Hello Robin,');
    expect(mail!.text).toContain(`You have 2 oil changes and 1 tire rotation left at Front Range Toyota; they expire on ${US_DATE}.`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/customer/coupons`);
    // RFC 8058: the one-click address in List-Unsubscribe, and List-Unsubscribe-Post.
    const oneClick = /^<(.+)>$/.exec(mail!.headers.get('list-unsubscribe') ?? '')?.[1];
    expect(oneClick).toMatch(new RegExp(`^${PUBLIC_URL}/api/unsubscribe/[A-Za-z0-9_-]{66}$`));
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const token = oneClick!.slice(oneClick!.lastIndexOf('/') + 1);
    expect(verifyUnsubscribeToken(unsubscribeTokenKey(key), token)).toEqual({ customerId: robinId, channel: 'email' });
    expect(mail!.text).toContain(`${PUBLIC_URL}/unsubscribe/${token}`);
    // Texts are off until the customer agrees.
    expect(textsTo(robin.phone)).toEqual([]);

    const reminders = await remindersOf(robinId);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ customerId: robinId, locationId: FRONT_RANGE, threshold: 30, channel: 'email', sentOn: D0, sentAt: T0.toISOString() });
    expect(reminders[0]!.coupons.map((c) => c.issuedCouponId).sort()).toEqual(robinCoupons.map((c) => c.issuedCouponId).sort());
  });

  it('should not send it again: a second sweep, a retried job, another job naming the coupons, a rebuild of the read models', async () => {
    // The sweep again, before and after the read model has the reminder.
    await sweepAt(T0);
    await waitForProjections(server.product);
    await sweepAt(new Date(T0.getTime() + 3_600_000));
    expect(mailsTo(robin.email)).toHaveLength(1);
    // The job retried (removed from Redis and added again under its id, as the admins' retry does).
    const [first] = await remindersOf(robinId);
    const sale = first!.coupons[0]!.saleId;
    const job: SendCouponReminderJob = {
      reminderId: first!.reminderId, customerId: robinId, locationId: FRONT_RANGE, threshold: 30, channel: 'email',
      coupons: robinCoupons.map((c) => ({ issuedCouponId: c.issuedCouponId, saleId: sale })),
    };
    await (await queue.getJob(first!.reminderId))?.remove();
    await queue.add(COUPON_REMINDER_JOB, job, { jobId: first!.reminderId });
    // Another job (another id) naming one of the coupons: a sweep that read a lagging read model.
    const other = { ...job, coupons: job.coupons.slice(0, 1) };
    const otherId = reminderJobId(other);
    await queue.add(COUPON_REMINDER_JOB, { ...other, reminderId: otherId }, { jobId: otherId });
    await settled();
    // Every read model rebuilt from the events: the reminder is still known, nothing goes out.
    await rebuildProjections({ sql: server.product.sql, store: server.product.store }, projections);
    await waitForProjections(server.product);
    const [row] = await server.product.sql<{ n: number }[]>`select count(*)::int as n from rm_coupon_reminders.reminded_coupons where customer_id = ${robinId}`;
    expect(row!.n).toBe(3);
    await sweepAt(new Date(T0.getTime() + 2 * 3_600_000));

    expect(mailsTo(robin.email)).toHaveLength(1);
    expect(await remindersOf(robinId)).toHaveLength(1);
  });

  it('should remind each coupon once when jobs naming it race in two workers processes', async () => {
    const ash = { email: 'ash.raced@example.com', phone: '7205550781' };
    const ashId = await newCustomer('Ash', 'Raced', ash.email, ash.phone);
    const { saleId, issued } = await sellPack(ashId);
    // A second worker on the same queue (another workers process), then three jobs at once, two of them overlapping the third.
    const second = createMessagesWorker(redis, `${server.redisPrefix}:reminders`, {
      sql: server.product.sql, store: server.product.store, sender: createMessageSenders(server.product.sql, { APP_MODE: 'demo', SMTP_URL: smtp.url, SMS_PROVIDER_URL: 'http://127.0.0.1:9/none' }).sender,
      publicUrl: PUBLIC_URL, now: () => clock, verificationHashKey: key,
    });
    try {
      clock = T0;
      const coupons = issued.map((c) => ({ issuedCouponId: c.issuedCouponId, saleId }));
      const jobs = [coupons, coupons.slice(0, 1), coupons.slice(1)].map((named) => {
        const job = { customerId: ashId, locationId: FRONT_RANGE, threshold: 30 as const, channel: 'email' as const, coupons: named };
        const reminderId = reminderJobId(job);
        return { name: COUPON_REMINDER_JOB, data: { reminderId, ...job }, opts: { jobId: reminderId } };
      });
      await queue.addBulk(jobs);
      await settled();
    } finally {
      await second.close();
    }
    const reminders = await remindersOf(ashId);
    const named = reminders.flatMap((r) => r.coupons.map((c) => c.issuedCouponId));
    expect(named.sort()).toEqual(issued.map((c) => c.issuedCouponId).sort());
    expect(mailsTo(ash.email)).toHaveLength(reminders.length);
  });

  it('should text the customer who agreed to texts, never in quiet hours: a text due at night waits until 08:00 local', async () => {
    await setConsent(robinId, 'sms', true);
    await waitForProjections(server.product);
    // 22:00 in Denver: the text job is added delayed to 08:00 the next morning; the e-mail was sent already.
    const night = localTimeInstant(D0, 22, ZONE);
    clock = night;
    await sweepCouponReminders({ sql: server.product.sql, queue }, night);
    await settled();
    expect(textsTo(robin.phone)).toEqual([]);
    const delayed = (await queue.getJobs(['delayed'])).filter((j) => (j.data as SendCouponReminderJob).customerId === robinId);
    expect(delayed).toHaveLength(1);
    expect(delayed[0]!.opts.delay).toBe(localTimeInstant(addDays(D0, 1), 8, ZONE).getTime() - night.getTime());
    // The same text, asked for at night by hand (no delay): the worker itself holds it.
    await delayed[0]!.remove();
    const data = delayed[0]!.data as SendCouponReminderJob;
    await queue.add(COUPON_REMINDER_JOB, data, { jobId: data.reminderId });
    await settled();
    expect(await stateOnce(data.reminderId, 'delayed')).toBe('delayed');
    expect(textsTo(robin.phone)).toEqual([]);
    expect((await remindersOf(robinId)).filter((r) => r.channel === 'sms')).toEqual([]);

    // 08:00 the next morning: the held job runs and the text goes out, once; later sweeps add nothing.
    const morning = localTimeInstant(addDays(D0, 1), 8, ZONE);
    clock = morning;
    await (await queue.getJob(data.reminderId))!.promote();
    expect(await stateOnce(data.reminderId, 'completed')).toBe('completed');
    await sweepAt(new Date(morning.getTime() + 4 * 3_600_000));
    await sweepAt(new Date(morning.getTime() + 5 * 3_600_000));
    const sent = textsTo(robin.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBe(`Front Range Toyota: you have 2 oil changes and 1 tire rotation left; they expire on ${US_DATE}. See them: ${PUBLIC_URL}/customer/coupons Reply STOP to opt out.`);
    expect(mailsTo(robin.email)).toHaveLength(1);
    const sms = (await remindersOf(robinId)).find((r) => r.channel === 'sms');
    expect(sms).toMatchObject({ sentAt: morning.toISOString(), sentOn: addDays(D0, 1), threshold: 30 });
    expect((await remindersOf(robinId)).map((r) => [r.channel, r.threshold])).toEqual([['email', 30], ['sms', 30]]);
  });

  it('should send nothing once consent is withdrawn, also for a job queued before', async () => {
    const sam = { email: 'sam.optedout@example.com', phone: '7205550778' };
    const samId = await newCustomer('Sam', 'Optedout', sam.email, sam.phone);
    const { saleId, issued } = await sellPack(samId, ids.single);
    await setConsent(samId, 'email', false);
    await waitForProjections(server.product);
    // The read model shows no consent: no job at all.
    await sweepAt(T0);
    expect(await queue.getJobs(['completed', 'delayed'])).not.toContainEqual(expect.objectContaining({ data: expect.objectContaining({ customerId: samId }) }));
    // A job queued while consent still held (the stream says no now): nothing recorded, nothing sent.
    const job = { customerId: samId, locationId: FRONT_RANGE, threshold: 30 as const, channel: 'email' as const, coupons: issued.map((c) => ({ issuedCouponId: c.issuedCouponId, saleId })) };
    const reminderId = reminderJobId(job);
    await queue.add(COUPON_REMINDER_JOB, { reminderId, ...job }, { jobId: reminderId });
    await settled();
    expect(await stateOnce(reminderId, 'completed')).toBe('completed');
    expect(mailsTo(sam.email)).toEqual([]);
    expect(await remindersOf(samId)).toEqual([]);
  });

  it('should send nothing for a coupon redeemed after the sweep and before the send', async () => {
    const kim = { email: 'kim.quick@example.com', phone: '7205550779' };
    const kimId = await newCustomer('Kim', 'Quick', kim.email, kim.phone);
    const { issued } = await sellPack(kimId, ids.single);
    await worker.pause();
    clock = T0;
    expect((await sweepCouponReminders({ sql: server.product.sql, queue }, T0)).jobs).toBeGreaterThan(0);
    await redeem(kimId, issued[0]!.issuedCouponId);
    worker.resume();
    await settled();
    expect(mailsTo(kim.email)).toEqual([]);
    expect(await remindersOf(kimId)).toEqual([]);
  });

  it('should send nothing to an erased customer', async () => {
    const lee = { email: 'lee.erased@example.com', phone: '7205550780' };
    const leeId = await newCustomer('Lee', 'Erased', lee.email, lee.phone);
    const { saleId, issued } = await sellPack(leeId, ids.single);
    const job = { customerId: leeId, locationId: FRONT_RANGE, threshold: 30 as const, channel: 'email' as const, coupons: issued.map((c) => ({ issuedCouponId: c.issuedCouponId, saleId })) };
    const erased = await inject({ method: 'POST', url: '/api/customer-erasure', payload: { customerId: leeId, reason: 'Customer asked' } }, admin);
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    const reminderId = reminderJobId(job);
    await queue.add(COUPON_REMINDER_JOB, { reminderId, ...job }, { jobId: reminderId });
    await settled();
    expect(mailsTo(lee.email)).toEqual([]);
    expect(await remindersOf(leeId)).toEqual([]);
  });

  it("should count the reminders and a redemption ten days after one in the Expiry Reminders report, and tell it in the customer's history", async () => {
    // Now is ten days after T0: Robin redeems an oil change.
    await redeem(robinId, robinCoupons.find((c) => c.couponId === ids.oil)!.issuedCouponId);
    const res = await inject({ method: 'GET', url: `/api/reports/expiry-reminders?from=${D0}&to=${addDays(D0, 1)}&locationIds=${FRONT_RANGE}` }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as ReportAnswer;
    const [table] = answer.tables;
    const monthOf = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const month = monthOf(D0);
    // Texts: only Robin's, sent the morning after D0 (the demo customers have not agreed to texts).
    const text = table!.rows.find((r) => r.cells.channel === 'Text');
    expect(text?.cells).toEqual({ location: 'Front Range Toyota', month: monthOf(addDays(D0, 1)), channel: 'Text', reminders: 1, coupons: 3, redeemed: 1, rate: 3333 });
    // E-mail: Robin's and the demo customers' reminders of this test (every reminder event is this test's).
    const events = (await server.product.sql<{ data: CouponExpiryReminderSent['data'] }[]>`select data from es_events where event_type = 'CouponExpiryReminderSent'`).map((r) => r.data);
    const emails = events.filter((e) => e.channel === 'email' && e.locationId === FRONT_RANGE && e.sentOn === D0);
    const email = table!.rows.find((r) => r.cells.channel === 'E-mail');
    expect(email?.cells).toMatchObject({ location: 'Front Range Toyota', month, reminders: emails.length, coupons: emails.reduce((n, e) => n + e.coupons.length, 0), redeemed: 1 });
    expect(table!.totals).toMatchObject({ location: 'Total', reminders: emails.length + 1, redeemed: 2 });

    // Access as every report: controllers and managers at their own locations (the demo's are at Front Range), admins everywhere; not staff without a reporting role, not customers.
    const controller = (await loginAs(server, 'controller')).headers;
    const ask = (headers: Record<string, string>, locationIds: number) => inject({ method: 'GET', url: `/api/reports/expiry-reminders?from=${D0}&to=${D0}&locationIds=${locationIds}` }, headers);
    expect((await ask(controller, FRONT_RANGE)).statusCode).toBe(200);
    expect((await ask(controller, 2)).statusCode).toBe(403);
    expect((await ask(admin, 2)).statusCode).toBe(200);
    expect((await ask(employee, FRONT_RANGE)).statusCode).toBe(403);
    expect((await ask((await loginAs(server, 'customer')).headers, FRONT_RANGE)).statusCode).toBe(403);

    const history = await inject({ method: 'GET', url: `/api/customers/${robinId}/history` }, admin);
    expect(history.statusCode).toBe(200);
    const summaries = (history.json().dataSet.entries as { summary: string }[]).map((e) => e.summary);
    expect(summaries).toContain('Expiry reminder sent by e-mail (30 days before) for 3 coupons');
    expect(summaries).toContain('Expiry reminder sent by text (30 days before) for 3 coupons');
  });

  it("should stop reminder e-mails through the one-click link of the customer's own reminder (RFC 8058), with no session or cookie", async () => {
    const [mail] = mailsTo(robin.email);
    const oneClick = /^<(.+)>$/.exec(mail!.headers.get('list-unsubscribe') ?? '')?.[1];
    const res = await server.product.app.inject({
      method: 'POST',
      url: new URL(oneClick!).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataSet).toEqual({ channel: 'email', granted: false });
    await waitForProjections(server.product);
    const details = await inject({ method: 'GET', url: `/api/customers/${robinId}` }, admin);
    expect(details.json().dataSet.marketingConsent).toEqual({ email: false, sms: true });
    // Seven days before the expiry the e-mail reminder is not sent (the text still is: its own consent).
    const before = mailsTo(robin.email).length;
    await sweepAt(new Date(T0.getTime() + 20 * 86_400_000));
    expect(mailsTo(robin.email)).toHaveLength(before);
    expect((await remindersOf(robinId)).filter((r) => r.channel === 'email').map((r) => r.threshold)).toEqual([30]);
    expect((await remindersOf(robinId)).filter((r) => r.channel === 'sms').map((r) => r.threshold)).toEqual([30, 7]);
  });
});
