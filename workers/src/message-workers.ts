/**
 * The message workers of one process (the one-process product, npm start's workers child, the
 * workers container): their own Redis connection, the senders per channel (SMTP / the HTTP SMS
 * provider where configured, else the development outbox) and the BullMQ worker of message jobs.
 */
import type { Worker } from 'bullmq';
import { createRedis, type Env, type EventStore, type Logger, type Sql } from '@dealer/platform';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { createMessageSenders, type MessagingSenders } from './messaging/senders';
import { createMessagesWorker } from './queue';

export interface MessageWorkers {
  worker: Worker;
  providers: MessagingSenders['providers'];
  /** Closes the worker (its running jobs finish), then the senders and the Redis connection. */
  close(): Promise<void>;
}

export function startMessageWorkers(deps: { sql: Sql; store: EventStore; env: Env & { authSecret: string }; logger: Logger }): MessageWorkers {
  const { sql, store, env, logger } = deps;
  const redis = createRedis(env.REDIS_URL);
  const messaging = createMessageSenders(sql, env);
  const worker = createMessagesWorker(
    redis,
    env.REDIS_PREFIX,
    { sql, store, sender: messaging.sender, publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`, now: () => new Date(), verificationHashKey: verificationHashKey(env.authSecret) },
    logger,
  );
  return {
    worker,
    providers: messaging.providers,
    async close() {
      await worker.close();
      messaging.close();
      redis.disconnect();
    },
  };
}
