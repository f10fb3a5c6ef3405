/**
 * Job: after a customer's personal data is erased, blank the development outbox messages about
 * them (recipient, subject and body are personal; the row stays as a record that a message went).
 */
import type { Sql } from '@dealer/platform';

export interface ScrubJob {
  customerId: string;
}

export const ERASED_TEXT = '[erased]';

export async function scrubErasedMessages(job: ScrubJob, deps: { sql: Sql }): Promise<void> {
  await deps.sql`update dev_outbox set recipient = ${ERASED_TEXT}, subject = ${ERASED_TEXT}, body = ${ERASED_TEXT}
    where subject_id = ${job.customerId} and body <> ${ERASED_TEXT}`;
}
