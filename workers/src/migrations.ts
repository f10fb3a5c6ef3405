/** Tables the workers own: the development outbox and registration tokens. */
import type { Migration } from '@dealer/platform';
import { DEV_OUTBOX_MIGRATIONS } from './messaging/dev-outbox';
import { REGISTRATION_TOKEN_MIGRATIONS } from './jobs/send-registration-message';

export const WORKER_MIGRATIONS: readonly Migration[] = [...DEV_OUTBOX_MIGRATIONS, ...REGISTRATION_TOKEN_MIGRATIONS];
