/** Tables the workers own: the development outbox, registration tokens, contact-change secrets, the sent-messages ledger, redemption-verification tokens, the reactor's unfinished jobs and the jobs that failed for good. */
import type { Migration } from '@dealer/platform';
import { DEV_OUTBOX_MIGRATIONS } from './messaging/dev-outbox';
import { REGISTRATION_TOKEN_MIGRATIONS } from './jobs/send-registration-message';
import { CONTACT_VERIFICATION_MIGRATIONS } from './jobs/contact-verification-codes';
import { SENT_MESSAGES_MIGRATIONS } from './messaging/sent-messages';
import { REDEMPTION_VERIFICATION_TOKEN_MIGRATIONS } from './jobs/redemption-verification-tokens';
import { REACTOR_JOB_MIGRATIONS } from './reactor/pending-jobs';
import { FAILED_JOB_MIGRATIONS } from './reactor/failed-jobs';

export const WORKER_MIGRATIONS: readonly Migration[] = [
  ...DEV_OUTBOX_MIGRATIONS,
  ...REGISTRATION_TOKEN_MIGRATIONS,
  ...CONTACT_VERIFICATION_MIGRATIONS,
  ...SENT_MESSAGES_MIGRATIONS,
  ...REDEMPTION_VERIFICATION_TOKEN_MIGRATIONS,
  ...REACTOR_JOB_MIGRATIONS,
  ...FAILED_JOB_MIGRATIONS,
];
