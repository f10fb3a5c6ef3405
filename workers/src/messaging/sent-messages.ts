/**
 * The sent-messages ledger: every message a provider accepted is recorded by its idempotency
 * key, and a send whose key is recorded is not repeated. This makes a retried job (a worker
 * killed after the send) deliver once. The only gap is between the provider accepting the
 * message and the ledger row being written: a crash exactly there delivers twice
 * (at-least-once, never lost). Errors are re-thrown without the provider's text, which can
 * carry addresses, so logs never see personal data.
 */
import { UnrecoverableError } from 'bullmq';
import type { Sql } from '@dealer/platform';
import type { MessageSender, OutgoingMessage } from './message';

export const SENT_MESSAGES_MIGRATIONS = [
  {
    id: '0031_sent_messages',
    sql: /* sql */ `
create table if not exists sent_messages (
  idempotency_key text primary key,
  channel text not null,
  provider_message_id text,
  sent_at timestamptz not null default now()
);`,
  },
] as const;

export async function wasSent(sql: Sql, idempotencyKey: string): Promise<boolean> {
  const rows = await sql`select 1 from sent_messages where idempotency_key = ${idempotencyKey}`;
  return rows.length > 0;
}

/** A send failed; carries only the channel and a numeric provider status, never content. */
export class MessageSendError extends Error {
  override readonly name = 'MessageSendError';
  constructor(
    readonly channel: string,
    readonly status: number | null,
  ) {
    super(`${channel} send failed${status ? ` (provider status ${status})` : ''}`);
  }
}

function providerStatus(error: unknown): number | null {
  const e = error as { responseCode?: unknown; status?: unknown } | null;
  const code = e?.responseCode ?? e?.status;
  return typeof code === 'number' ? code : null;
}

export class LedgeredSender implements MessageSender {
  constructor(
    private readonly sql: Sql,
    private readonly inner: MessageSender,
  ) {}

  async send(m: OutgoingMessage) {
    if (await wasSent(this.sql, m.idempotencyKey)) return { messageId: m.idempotencyKey, duplicate: true };
    let result: { messageId: string; duplicate: boolean };
    try {
      result = await this.inner.send(m);
    } catch (error) {
      // Our own errors carry no content; anything else (nodemailer's text) may name addresses.
      if (error instanceof MessageSendError || error instanceof UnrecoverableError) throw error;
      throw new MessageSendError(m.channel, providerStatus(error));
    }
    await this.sql`insert into sent_messages (idempotency_key, channel, provider_message_id)
      values (${m.idempotencyKey}, ${m.channel}, ${result.messageId}) on conflict (idempotency_key) do nothing`;
    return result;
  }
}
