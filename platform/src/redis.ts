/** Redis connections for BullMQ (which needs maxRetriesPerRequest: null on blocking connections). */
import { Redis } from 'ioredis';

export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}
