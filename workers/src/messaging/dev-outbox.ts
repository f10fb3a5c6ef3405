/**
 * The development outbox: without provider settings, messages are stored here for a person
 * (GET /api/dev-outbox, the admin page) and tests to read. Insert-once per idempotency key.
 */
import type { Sql } from '@dealer/platform';
import type { MessageSender, OutgoingMessage } from './message';

export const DEV_OUTBOX_MIGRATIONS = [
  {
    id: '0004_dev_outbox',
    sql: /* sql */ `
create table if not exists dev_outbox (
  seq bigserial primary key,
  message_id text not null unique,
  channel text not null,
  recipient text not null,
  subject text not null,
  body text not null,
  subject_id text,
  created_at timestamptz not null default now()
);
create index if not exists dev_outbox_recipient on dev_outbox (lower(recipient), created_at desc);`,
  },
] as const;

export class DevOutboxSender implements MessageSender {
  constructor(private readonly sql: Sql) {}

  async send(m: OutgoingMessage) {
    const inserted = await this.sql`
      insert into dev_outbox (message_id, channel, recipient, subject, body, subject_id)
      values (${m.idempotencyKey}, ${m.channel}, ${m.to}, ${m.subject}, ${m.body}, ${m.subjectId})
      on conflict (message_id) do nothing returning seq`;
    return { messageId: m.idempotencyKey, duplicate: inserted.length === 0 };
  }
}
