/**
 * Form drafts (SPEC 3 object cache token, SPEC 4 form cache; decision 0082): a plain table in the
 * write database, owned by this module. Drafts are ephemeral UI state, not business facts: no
 * events, no read model. The command API opens, autosaves, marks and deletes them; the workers'
 * sweep removes expired ones; a customer's erasure removes the drafts about them.
 *
 * Drafts belong to their user: every statement names the user, so another user's draft is not
 * found (404). Their values are personal data, sealed like the rest (the personal-data vault,
 * AES-256-GCM): with the key of the customer the draft is about (erasing the customer makes it
 * unreadable even before the row goes), else with a key of the draft's own user.
 *
 * Identity: one draft per user, form, object and parent key. Opening the same form on the same
 * object again finds the draft left there (a crash, a closed tab) instead of making a second one.
 */
import { randomUUID } from 'node:crypto';
import { draftCustomerId, draftExpiresAt, type FormDraftFormId, type FormDraftOpening, type FormDraftValues, type FormDraftView } from '@dealer/contracts';
import type { Sql } from '../db/postgres';
import type { Migration } from '../db/migrate';
import type { PersonalDataVault } from '../personal-data/vault';

export const FORM_DRAFT_MIGRATIONS: readonly Migration[] = [
  {
    id: '0600_form_drafts',
    sql: /* sql */ `
create table if not exists form_drafts (
  draft_id uuid primary key,
  user_id text not null,
  form_id text not null,
  -- '' when the form creates its object / has no parent key: part of the draft's identity.
  object_id text not null default '',
  parent_key text not null default '',
  parent_draft_id uuid,
  is_object_new boolean not null,
  is_submitting boolean not null default false,
  -- The customer the draft is about (erasure removes the draft), or null.
  customer_id text,
  -- The vault subject whose key sealed the values: the customer, or the user's own drafts subject.
  subject_id text not null,
  -- The values as one sealed box (base64 of AES-256-GCM, the vault's format); null until the first autosave.
  sealed_values text,
  created_at timestamptz not null default now(),
  saved_at timestamptz,
  expires_at timestamptz not null,
  unique (user_id, form_id, object_id, parent_key)
);
create index if not exists form_drafts_expires_at on form_drafts (expires_at);
create index if not exists form_drafts_customer on form_drafts (customer_id) where customer_id is not null;
create index if not exists form_drafts_parent on form_drafts (parent_draft_id) where parent_draft_id is not null;`,
  },
];

interface DraftRow {
  draft_id: string;
  user_id: string;
  form_id: FormDraftFormId;
  object_id: string;
  parent_key: string;
  parent_draft_id: string | null;
  is_object_new: boolean;
  is_submitting: boolean;
  subject_id: string;
  sealed_values: string | null;
  saved_at: Date | null;
  expires_at: Date;
}

/** The vault subject of a user's drafts that are about no customer. */
export const userDraftSubject = (userId: string) => `form-drafts:${userId}`;

const COLUMNS = 'draft_id, user_id, form_id, object_id, parent_key, parent_draft_id, is_object_new, is_submitting, subject_id, sealed_values, saved_at, expires_at';

export class FormDraftStore {
  constructor(
    private readonly sql: Sql,
    private readonly vault: PersonalDataVault,
  ) {}

  private async view(row: DraftRow, existed: boolean): Promise<FormDraftView> {
    let values: FormDraftValues | null = null;
    if (row.sealed_values) {
      const keys = await this.vault.loadKeys([row.subject_id]);
      const [opened] = await this.vault.openBoxes([{ key: keys.get(row.subject_id), box: { fields: [], box: row.sealed_values } }]);
      values = (opened as FormDraftValues | null | undefined) ?? null;
    }
    return {
      objectCacheToken: {
        objectCacheId: row.draft_id,
        objectCacheModelId: row.object_id === '' ? null : row.object_id,
        parentCacheModelId: row.parent_draft_id,
        parentKey: row.parent_key === '' ? null : row.parent_key,
        formId: row.form_id,
        isObjectNew: row.is_object_new,
        isSubmitting: row.is_submitting,
      },
      values,
      // A draft whose key is gone (its customer erased) offers nothing.
      savedAt: values === null || row.saved_at === null ? null : row.saved_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      existed,
    };
  }

  /**
   * Creates the user's draft of this form and object, or loads the one there (not expired). The
   * key is made (or checked) before the row: a customer erased meanwhile refuses the draft.
   */
  async open(userId: string, opening: FormDraftOpening, now = new Date()): Promise<FormDraftView> {
    const customerId = draftCustomerId(opening);
    const subjectId = customerId ?? userDraftSubject(userId);
    await this.vault.keyFor(subjectId);
    const objectId = opening.objectCacheModelId ?? '';
    const parentKey = opening.parentKey ?? '';
    // An expired draft is gone as far as anyone can tell, even before the sweep removes it.
    await this.sql`delete from form_drafts where user_id = ${userId} and form_id = ${opening.formId} and object_id = ${objectId}
      and parent_key = ${parentKey} and expires_at <= ${now}`;
    const inserted = await this.sql.unsafe<DraftRow[]>(
      `insert into form_drafts (draft_id, user_id, form_id, object_id, parent_key, parent_draft_id, is_object_new, customer_id, subject_id, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       on conflict (user_id, form_id, object_id, parent_key) do nothing
       returning ${COLUMNS}`,
      [randomUUID(), userId, opening.formId, objectId, parentKey, opening.parentCacheModelId, opening.isObjectNew, customerId, subjectId, now, draftExpiresAt(now)],
    );
    if (inserted[0]) return this.view(inserted[0], false);
    const [found] = await this.sql.unsafe<DraftRow[]>(
      `select ${COLUMNS} from form_drafts where user_id = $1 and form_id = $2 and object_id = $3 and parent_key = $4`,
      [userId, opening.formId, objectId, parentKey],
    );
    // Deleted between the two statements (the form closed in another tab): open again.
    if (!found) return this.open(userId, opening, now);
    return this.view(found, true);
  }

  /** The draft's form, for checking values before saving them; null when not the user's or expired. */
  async formOf(userId: string, draftId: string, now = new Date()): Promise<FormDraftFormId | null> {
    const [row] = await this.sql<{ form_id: FormDraftFormId }[]>`select form_id from form_drafts where draft_id = ${draftId} and user_id = ${userId} and expires_at > ${now}`;
    return row?.form_id ?? null;
  }

  /** Autosave: the values (already checked) sealed, the lifetime started again; null when not found. */
  async save(userId: string, draftId: string, values: FormDraftValues, now = new Date()): Promise<FormDraftView | null> {
    const [row] = await this.sql<{ subject_id: string }[]>`select subject_id from form_drafts where draft_id = ${draftId} and user_id = ${userId} and expires_at > ${now}`;
    if (!row) return null;
    const box = this.vault.sealFields(await this.vault.keyFor(row.subject_id), values);
    const [saved] = await this.sql.unsafe<DraftRow[]>(
      `update form_drafts set sealed_values = $3, saved_at = $4, expires_at = $5, is_submitting = false
       where draft_id = $1 and user_id = $2 and expires_at > $4 returning ${COLUMNS}`,
      [draftId, userId, box.box, now, draftExpiresAt(now)],
    );
    return saved ? this.view(saved, true) : null;
  }

  /** Saving the form: the draft is marked submitting (or back, when the save failed); null when not found. */
  async markSubmitting(userId: string, draftId: string, isSubmitting: boolean, now = new Date()): Promise<FormDraftView | null> {
    const [row] = await this.sql.unsafe<DraftRow[]>(
      `update form_drafts set is_submitting = $3 where draft_id = $1 and user_id = $2 and expires_at > $4 returning ${COLUMNS}`,
      [draftId, userId, isSubmitting, now],
    );
    return row ? this.view(row, true) : null;
  }

  /** Closing the form (or its save succeeded): the draft and the drafts of forms opened from it go. False when not the user's. */
  async delete(userId: string, draftId: string): Promise<boolean> {
    const rows = await this.sql`delete from form_drafts where user_id = ${userId} and (draft_id = ${draftId} or parent_draft_id = ${draftId}) returning draft_id`;
    return rows.some((r) => r.draft_id === draftId);
  }
}

/** The sweep of the workers: drafts past their lifetime, at most `batch` at a time. The number removed. */
export async function deleteExpiredFormDrafts(sql: Sql, now = new Date(), batch = 1000): Promise<number> {
  const rows = await sql`delete from form_drafts where draft_id in (
    select draft_id from form_drafts where expires_at <= ${now} order by expires_at limit ${batch}) returning draft_id`;
  return rows.length;
}

/** Erasure: every draft about the customer, whoever wrote it. The number removed. */
export async function deleteCustomerFormDrafts(sql: Sql, customerId: string): Promise<number> {
  const rows = await sql`delete from form_drafts where customer_id = ${customerId} returning draft_id`;
  return rows.length;
}
