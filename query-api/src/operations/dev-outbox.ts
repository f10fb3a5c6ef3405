/** The development outbox (demo mode): what the workers "sent", newest first. */
import type { Sql } from '@dealer/platform';

export interface DevOutboxMessage {
  messageId: string;
  to: string;
  channel: string;
  subject: string;
  body: string;
  time: Date;
}

/** Messages to `to` (lower case; or to `phone`'s digits), or every message when `to` is empty; at most `limit`. */
export async function listDevOutbox(sql: Sql, q: { to: string | undefined; phone: string | null; limit: number }): Promise<DevOutboxMessage[]> {
  const { to, phone, limit } = q;
  return sql<DevOutboxMessage[]>`
    select message_id as "messageId", recipient as "to", channel, subject, body, created_at as "time"
    from dev_outbox ${to ? sql`where lower(recipient) = ${to}${phone ? sql` or recipient = ${phone}` : sql``}` : sql``}
    order by created_at desc, seq desc limit ${limit}`;
}
