/** The HTTP SMS provider adapter against a local provider (node:http), alone and under a BullMQ retry. */
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import { createRedis } from '@dealer/platform';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@dealer/platform/testing/database';
import { WORKER_MIGRATIONS } from '../migrations';
import { HttpSmsSender } from './sms-http';
import { LedgeredSender, MessageSendError } from './sent-messages';
import type { OutgoingMessage } from './message';

interface Seen {
  headers: http.IncomingHttpHeaders;
  body: { to: string; body: string };
}

let provider: http.Server;
let url: string;
const seen: Seen[] = [];
/** Statuses the provider answers, in order; 200 once they run out. */
let script: number[] = [];

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      seen.push({ headers: req.headers, body: JSON.parse(raw) as Seen['body'] });
      const status = script.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? { id: `provider-${seen.length}` } : { error: 'nope' }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const address = provider.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/messages`;
});
afterAll(async () => {
  await new Promise((resolve) => provider?.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  script = [];
});

const sms = (key: string): OutgoingMessage => ({
  idempotencyKey: key,
  channel: 'sms',
  to: '7205550100',
  subject: 'Phone change code',
  body: 'Dealer Coupons: your code is 123456.',
  subjectId: null,
});

describe('HttpSmsSender', () => {
  it('should POST {to, body} with the idempotency key and the bearer token', async () => {
    const result = await new HttpSmsSender({ url, token: 'provider-token' }).send(sms('job-a:new:1'));
    expect(result).toEqual({ messageId: 'provider-1', duplicate: false });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toEqual({ to: '7205550100', body: 'Dealer Coupons: your code is 123456.' });
    expect(seen[0]!.headers['idempotency-key']).toBe('job-a:new:1');
    expect(seen[0]!.headers.authorization).toBe('Bearer provider-token');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
  });

  it('should send no authorization header without a token', async () => {
    await new HttpSmsSender({ url }).send(sms('job-b:new:1'));
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('should throw on a 5xx with an error naming only the status', async () => {
    script = [503];
    const failure = await new HttpSmsSender({ url }).send(sms('job-c:new:1')).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MessageSendError);
    expect((failure as Error).message).toBe('sms send failed (provider status 503)');
  });

  it('should stop retrying on a 4xx no retry can fix', async () => {
    script = [400];
    await expect(new HttpSmsSender({ url }).send(sms('job-d:new:1'))).rejects.toBeInstanceOf(UnrecoverableError);
  });
});

describe('HttpSmsSender in a BullMQ job', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(WORKER_MIGRATIONS);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('should retry after a 5xx with the same Idempotency-Key, then never call the provider again for that key', async () => {
    script = [503, 502];
    const prefix = testRedisPrefix();
    const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const workerRedis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const eventsRedis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const sender = new LedgeredSender(db.sql, new HttpSmsSender({ url }));
    const queue = new Queue('sms-test', { connection: redis, prefix });
    const events = new QueueEvents('sms-test', { connection: eventsRedis, prefix });
    const worker = new Worker('sms-test', async (job) => sender.send(sms(job.id!)), { connection: workerRedis, prefix });
    try {
      await events.waitUntilReady();
      const job = await queue.add('send', {}, { jobId: 'job-e', attempts: 5, backoff: { type: 'fixed', delay: 50 } });
      await job.waitUntilFinished(events, 15_000);
      expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(['job-e', 'job-e', 'job-e']);
      expect((await queue.getJob('job-e'))!.attemptsMade).toBe(3);

      // A later retry of the same message (e.g. a worker killed after the send) reaches no provider.
      expect(await sender.send(sms('job-e'))).toMatchObject({ duplicate: true });
      expect(seen).toHaveLength(3);
    } finally {
      await worker.close();
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
      redis.disconnect();
      workerRedis.disconnect();
      eventsRedis.disconnect();
    }
  });
});
