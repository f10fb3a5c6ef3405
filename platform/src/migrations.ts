/** Every migration the platform owns, in order. Read models own their tables (projector). */
import { EVENT_STORE_MIGRATIONS } from './event-store/postgres/schema';
import { PII_KEY_MIGRATIONS } from './personal-data/vault';
import { DMS_MIGRATIONS } from './dms/schema';
import { IDEMPOTENCY_MIGRATIONS } from './http/idempotency';
import { PARKED_EVENT_MIGRATIONS } from './parked-events';
import { LOCAL_SECRET_MIGRATIONS } from './config/local-secrets';
import { FORM_DRAFT_MIGRATIONS } from './form-drafts/store';
import { STREAM_TICKET_MIGRATIONS } from './auth/stream-ticket';
import type { Migration } from './db/migrate';

export const ALL_PLATFORM_MIGRATIONS: readonly Migration[] = [...EVENT_STORE_MIGRATIONS, ...PII_KEY_MIGRATIONS, ...DMS_MIGRATIONS, ...IDEMPOTENCY_MIGRATIONS, ...PARKED_EVENT_MIGRATIONS, ...LOCAL_SECRET_MIGRATIONS, ...FORM_DRAFT_MIGRATIONS, ...STREAM_TICKET_MIGRATIONS];
