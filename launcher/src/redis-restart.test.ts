/**
 * Reliability (issue 5): Redis is restarted, empty, while verifications are being sent. The
 * test runs its own redis-server without persistence on a free port (never the shared one on
 * 6379), starts contact changes and redemption verifications whose messages go over real SMTP
 * to a slow in-process server, kills Redis with SIGKILL while most jobs still wait in it,
 * starts a new empty Redis on the same port, and proves every message arrives exactly once and
 * the delayed expiry jobs are back in the queue.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, readCheckpoint } from '@dealer/platform';
import { REACTOR_CHECKPOINT, createMessagesQueue } from '@dealer/workers';
import { startSmtpCapture, type SmtpCapture } from '@dealer/workers/testing/smtp-capture';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';

const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? 'redis-server';
const CONTACT_CHANGES = 30;
const VERIFICATIONS = 20;

let redisPort = 0;
let redis: ChildProcess | null = null;
let smtp: SmtpCapture;
let server: TestServer | undefined;
let employee: Record<string, string>;
let manager: Record<string, string>;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A redis-server without persistence: killing it loses every key, as a crashed cache node does. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${output}`));
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return child;
}

async function killRedis(): Promise<void> {
  const child = redis;
  redis = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

// The redis-server must not outlive the test, whatever happens.
const killOnExit = () => redis?.kill('SIGKILL');
process.once('exit', killOnExit);

beforeAll(async () => {
  redisPort = await freePort();
  redis = await startRedis(redisPort);
  // A slow provider (150 ms per message, 8 jobs at a time) keeps most jobs waiting in Redis.
  smtp = await startSmtpCapture({ delayMs: 150 });
  server = await startTestServer({ webDist: null, env: { REDIS_URL: `redis://127.0.0.1:${redisPort}`, SMTP_URL: smtp.url } });
  employee = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
}, 120_000);

afterAll(async () => {
  try {
    // A product whose Redis is gone could wait for it forever on close.
    if (server) await Promise.race([server.stop(), new Promise((r) => setTimeout(r, 15_000))]);
    await smtp?.close();
  } finally {
    await killRedis();
    process.removeListener('exit', killOnExit);
  }
}, 60_000);

const post = async (url: string, payload: unknown, headers: Record<string, string>) => {
  const res = await server!.product.app.inject({ method: 'POST', url, payload: payload as object, headers });
  if (res.statusCode >= 300) throw new Error(`POST ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as { dataSet: Record<string, unknown>; metaData: { position: string } };
};

/** Runs `task` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index]!, index);
      }
    }),
  );
}

const subjectOf = (raw: string) => /^Subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim() ?? '';

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Redis restarted, empty, while verifications are being sent', () => {
  it('should deliver every message exactly once and put the waiting expiry jobs back', async () => {
    const sql = server!.product.sql;
    const expected: string[] = [];

    // Redemption verifications: demo ROs at location 1 of CRM customers, every op code marked.
    const ros = await sql<{ ro_number: string; customer_id: string; email_address: string; op_codes: string[] }[]>`
      select distinct on (r.ro_number) r.ro_number, c.customer_id::text, c.email_address,
        array(select distinct j.op_code from ref.ro_jobs j where j.location_id = r.location_id and j.ro_number = r.ro_number) as op_codes
      from ref.repair_orders r
      join rm_customer_details.customers c on c.email_address = r.customer_email
      where r.location_id = 1 and exists (select 1 from ref.ro_jobs j where j.location_id = r.location_id and j.ro_number = r.ro_number)
      order by r.ro_number limit ${VERIFICATIONS}`;
    expect(ros).toHaveLength(VERIFICATIONS);
    const opCodes = [...new Set(ros.flatMap((r) => r.op_codes))];
    for (const opCode of opCodes) await post('/api/opcode-verification-rules', { locationId: 1, opCode }, manager);
    // The start reads the rules from their read model.
    await waitForProjections(server!.product);

    // Contact changes: new customers, each asked to change their e-mail (a link to the new
    // address, a notice to the old one).
    const customers: string[] = [];
    await inParallel(
      Array.from({ length: CONTACT_CHANGES }, (_, i) => i),
      4,
      async (i) => {
        const created = await post('/api/customers', { firstName: 'Restart', lastName: `Customer${i}`, emailAddress: `restart.old${i}@example.com`, phoneMobile: `30355520${String(i).padStart(2, '0')}` }, employee);
        customers[i] = created.dataSet.customerId as string;
      },
    );

    // Every request now, 8 at a time; the messages pile up behind the slow SMTP server.
    const requests = [
      ...customers.map((customerId, i) => async () => {
        await post('/api/email-phone-verification', { type: 'email', info: `restart.new${i}@example.com`, customerId }, employee);
        expected.push(`restart.new${i}@example.com|Confirm your new email address`, `restart.old${i}@example.com|A change of your email address was requested`);
      }),
      ...ros.map((ro) => async () => {
        await post('/api/redemption-verifications', { type: 'email', roNumber: ro.ro_number, locationId: 1, customerId: ro.customer_id }, employee);
        expected.push(`${ro.email_address}|Please approve the services on repair order ${ro.ro_number}`);
      }),
    ];
    await inParallel(requests, 8, (request) => request());
    expect(expected).toHaveLength(CONTACT_CHANGES * 2 + VERIFICATIONS);

    // The reactor has put every job into Redis (its checkpoint passed the last event)...
    const [head] = await sql<{ head: string }[]>`select max(global_position)::text as head from es_events`;
    await waitFor(async () => (await readCheckpoint(sql, REACTOR_CHECKPOINT)) >= Number(head!.head), 20_000, 'the reactor to enqueue every job');
    await waitFor(() => smtp.messages.length >= 5, 20_000, 'the first messages');
    // ...and most of them are still waiting there when Redis dies with all its keys.
    await killRedis();
    const deliveredBeforeCrash = smtp.messages.length;
    expect(deliveredBeforeCrash).toBeLessThan(expected.length / 2);
    await new Promise((r) => setTimeout(r, 1000));
    redis = await startRedis(redisPort);

    await waitFor(() => smtp.messages.length >= expected.length, 90_000, `${expected.length} messages (have ${smtp.messages.length})`).catch(() => undefined);
    // Time for any duplicate to show up.
    await new Promise((r) => setTimeout(r, 3000));
    const delivered = smtp.messages.map((m) => `${m.to.join(',')}|${subjectOf(m.raw)}`);
    expect(delivered.sort()).toEqual([...expected].sort());
    expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(smtp.messages.length);

    // The expiry job of every verification (delayed 30 minutes) is back in the new Redis.
    const started = await sql<{ event_id: string }[]>`select event_id::text from es_events where event_type = 'RedemptionVerificationStarted'`;
    expect(started).toHaveLength(VERIFICATIONS);
    const connection = createRedis(`redis://127.0.0.1:${redisPort}`);
    const queue = createMessagesQueue(connection, server!.redisPrefix);
    try {
      const states = await Promise.all(started.map((e) => queue.getJobState(`redemption-verification-expiry-${e.event_id}`)));
      expect(states).toEqual(started.map(() => 'delayed'));
    } finally {
      await queue.close();
      connection.disconnect();
    }
    // The reactor forgets finished jobs: only the waiting expiry jobs stay on its record.
    await waitFor(async () => Number((await sql<{ n: string }[]>`select count(*)::text as n from reactor_jobs`)[0]!.n) === VERIFICATIONS, 20_000, 'the reactor to forget finished jobs');
  }, 180_000);
});
