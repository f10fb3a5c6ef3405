/**
 * The sent-messages ledger: every message a provider accepted is recorded by its idempotency
 * key, and a send whose key is recorded is not repeated. This makes a retried job (a worker
 * killed after the send) deliver once. Two runs of one job at the same time (the reactor adds a
 * job again when Redis lost it while a worker was still sending it) are kept apart by a claim
 * taken before sending: the second run waits for the first to record its send, and sends only
 * if the claim lapsed (its holder died). The only gap left is between the provider accepting
 * the message and the ledger row being written: a crash exactly there delivers twice
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
  {
    id: '0043_message_send_claims',
    sql: /* sql */ `
create table if not exists message_send_claims (
  idempotency_key text primary key,
  claimed_until timestamptz not null
);`,
  },
] as const;

/** How long a send may hold its claim; a holder that died frees it after this. */
export const SEND_CLAIM_SECONDS = 120;
const CLAIM_POLL_MS = 250;

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
    const duplicate = { messageId: m.idempotencyKey, duplicate: true };
    // Claim the send, or wait while another run of the same job holds it.
    for (;;) {
      if (await wasSent(this.sql, m.idempotencyKey)) return duplicate;
      if (await this.claim(m.idempotencyKey)) break;
      await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
    }
    let result: { messageId: string; duplicate: boolean };
    try {
      result = await this.inner.send(m);
    } catch (error) {
      await this.release(m.idempotencyKey);
      // Our own errors carry no content; anything else (nodemailer's text) may name addresses.
      if (error instanceof MessageSendError || error instanceof UnrecoverableError) throw error;
      throw new MessageSendError(m.channel, providerStatus(error));
    }
    await this.sql`insert into sent_messages (idempotency_key, channel, provider_message_id)
      values (${m.idempotencyKey}, ${m.channel}, ${result.messageId}) on conflict (idempotency_key) do nothing`;
    await this.release(m.idempotencyKey);
    return result;
  }

  /** Takes the key's claim unless a live one is held (a lapsed claim is taken over). */
  private async claim(key: string): Promise<boolean> {
    const rows = await this.sql`
      insert into message_send_claims (idempotency_key, claimed_until)
      values (${key}, now() + make_interval(secs => ${SEND_CLAIM_SECONDS}))
      on conflict (idempotency_key) do update set claimed_until = excluded.claimed_until
        where message_send_claims.claimed_until < now()
      returning 1`;
    return rows.length > 0;
  }

  private async release(key: string): Promise<void> {
    await this.sql`delete from message_send_claims where idempotency_key = ${key}`;
  }
}
