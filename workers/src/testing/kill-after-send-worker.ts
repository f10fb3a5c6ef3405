/**
 * Test helper process (send-contact-verification.test.ts): the real messages worker, which
 * kills itself (SIGKILL, no clean-up) right after its first message was sent and recorded,
 * before the job completes. Settings come from the environment like the product's.
 */
import { PersonalDataVault, PostgresEventStore, ProtectedEventStore, createPool, createRedis, loadSettings } from '@dealer/platform';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { createMessageSenders } from '../messaging/senders';
import type { MessageSender } from '../messaging/message';
import { createMessagesWorker } from '../queue';

const env = await loadSettings();
const sql = createPool(env.DATABASE_URL, { max: 2 });
const store = new ProtectedEventStore(new PostgresEventStore(sql), new PersonalDataVault(sql, env.piiMasterKey));
const messaging = createMessageSenders(sql, env);
const dying: MessageSender = {
  async send(message) {
    const result = await messaging.sender.send(message);
    process.kill(process.pid, 'SIGKILL');
    return result;
  },
};
createMessagesWorker(
  createRedis(env.REDIS_URL),
  env.REDIS_PREFIX,
  { sql, store, sender: dying, publicUrl: env.PUBLIC_URL ?? 'https://dealer.example', now: () => new Date(), verificationHashKey: verificationHashKey(env.authSecret) },
  undefined,
  { lockDurationMs: 1500, stalledIntervalMs: 500 },
);
