/**
 * Job: send the registration message a staff member asked for (RegistrationMessageRequested).
 * Creates a single-use registration token (stored hashed), sends the link, and records
 * RegistrationMessageSent with an event id derived from the job id, so a retry records it once.
 */
import { customerDecider, contactOf } from '@dealer/domain/customer';
import { createHash, randomBytes } from 'node:crypto';
import { customerStreamId } from '@dealer/contracts';
import { load, deterministicUuid, type EventStore, type Sql } from '@dealer/platform';
import type { Channel, MessageSender } from '../messaging/message';

export const REGISTRATION_TOKEN_MIGRATIONS = [
  {
    id: '0005_registration_tokens',
    sql: /* sql */ `
create table if not exists registration_tokens (
  token_hash text primary key,
  customer_id uuid not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index if not exists registration_tokens_customer on registration_tokens (customer_id);`,
  },
] as const;

export interface SendRegistrationJob {
  customerId: string;
  channel: Channel;
  /** The event that asked for it: correlation and causation of what this job records. */
  eventId: string;
  correlationId: string;
}

export interface RegistrationDeps {
  sql: Sql;
  store: EventStore;
  sender: MessageSender;
  publicUrl: string;
  now: () => Date;
}

const TOKEN_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/** The customer's current contact details, folded from their stream (opened by the vault). */
async function customerContact(store: EventStore, customerId: string) {
  return contactOf((await load(store, customerStreamId(customerId), customerDecider)).state);
}

export async function sendRegistrationMessage(jobId: string, job: SendRegistrationJob, deps: RegistrationDeps): Promise<void> {
  const contact = await customerContact(deps.store, job.customerId);
  const to = job.channel === 'email' ? contact.emailAddress : contact.phoneMobile;
  if (!to) throw new Error('customer has no address for this channel any more');

  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const expires = new Date(deps.now().getTime() + TOKEN_LIFETIME_MS);
  await deps.sql`insert into registration_tokens (token_hash, customer_id, expires_at) values (${tokenHash}, ${job.customerId}, ${expires})`;

  const link = `${deps.publicUrl.replace(/\/$/, '')}/registration/${token}`;
  const greeting = contact.firstName ? `Hello ${contact.firstName},` : 'Hello,';
  const { messageId } = await deps.sender.send({
    idempotencyKey: jobId,
    channel: job.channel,
    to,
    subject: 'Complete your Dealer Coupons registration',
    body:
      job.channel === 'email'
        ? `${greeting}\n\nYour dealership invited you to see your coupons and service history online.\nComplete your registration here: ${link}\n\nThis link is valid for 7 days.`
        : `Dealer Coupons: complete your registration at ${link} (valid 7 days)`,
    subjectId: job.customerId,
  });

  await deps.store.appendToStream(customerStreamId(job.customerId), [
    {
      type: 'RegistrationMessageSent',
      data: { customerId: job.customerId, channel: job.channel, messageId },
      metadata: {
        eventId: deterministicUuid(`${jobId}:sent`),
        correlationId: job.correlationId,
        causationId: job.eventId,
        actor: 'system:workers',
        time: deps.now().toISOString(),
      },
    },
  ]);
}
