/**
 * Form drafts (SPEC 3 object cache token, SPEC 4 form cache; decision 0082): when a long form
 * opens, a server-side draft is created or loaded; the form autosaves it TIMINGS.autosaveDebounceMs
 * after the last change; closing the form deletes it; saving marks it submitting. A draft left
 * behind (the browser crashed, the tab was closed) is offered again when the same user opens the
 * same form on the same object: "You have unsaved changes from 3 minutes ago — Restore / Discard".
 *
 * Each form's values are typed here, field by field, with a maximum: the server refuses anything
 * else with a 400 naming the field, and the whole draft has a size maximum. Module-level values are
 * literals (no calls), so the bundler leaves them out of pages that keep no drafts.
 */
import type { ObjectCacheToken } from '../api/envelope';

/** A text field with its maximum length; a switch; a list of short texts (checkboxes). */
export type DraftFieldKind = { kind: 'text'; max: number } | { kind: 'flag' } | { kind: 'list'; max: number; maxItems: number };


/**
 * Typed values are raw form input (before the form's own rules): each text may be as long as a
 * request's raw text field (LIMITS.rawTextMax) or the field's own maximum where that is larger.
 */
const RAW = 1000;

/**
 * The forms that keep drafts, their fields, and which token field names the customer the draft is
 * about (its personal data is sealed with that customer's key and goes with their erasure).
 */
export const FORM_DRAFT_FORMS = {
  'customer-profile': {
    customerFrom: 'objectCacheModelId',
    fields: {
      firstName: { kind: 'text', max: RAW },
      lastName: { kind: 'text', max: RAW },
      emailAddress: { kind: 'text', max: RAW },
      phoneMobile: { kind: 'text', max: RAW },
      phoneOther: { kind: 'text', max: RAW },
      address: { kind: 'text', max: RAW },
      address2: { kind: 'text', max: RAW },
      city: { kind: 'text', max: RAW },
      state: { kind: 'text', max: RAW },
      zip: { kind: 'text', max: RAW },
      isTaxExempt: { kind: 'flag' },
      verifyRedemptions: { kind: 'flag' },
    },
  },
  'coupon-editor': {
    customerFrom: null,
    fields: {
      name: { kind: 'text', max: RAW },
      description: { kind: 'text', max: 4000 },
      opCodes: { kind: 'text', max: RAW },
      valueKind: { kind: 'text', max: 20 },
      amount: { kind: 'text', max: 40 },
      percent: { kind: 'text', max: 40 },
      referencePrice: { kind: 'text', max: 40 },
      maximum: { kind: 'text', max: 40 },
      laborTypes: { kind: 'list', max: 4, maxItems: 10 },
      validityKind: { kind: 'text', max: 20 },
      months: { kind: 'text', max: 20 },
      date: { kind: 'text', max: 20 },
      maxPerRo: { kind: 'text', max: 20 },
      maxAmountPerRo: { kind: 'text', max: 40 },
      locationIds: { kind: 'list', max: 12, maxItems: 200 },
    },
  },
  'pack-editor': {
    customerFrom: null,
    fields: {
      name: { kind: 'text', max: RAW },
      description: { kind: 'text', max: 4000 },
      price: { kind: 'text', max: 40 },
      termMonths: { kind: 'text', max: 20 },
      termMileage: { kind: 'text', max: 20 },
      locationIds: { kind: 'list', max: 12, maxItems: 200 },
    },
  },
  'sell-pack': {
    customerFrom: 'parentKey',
    fields: {
      locationId: { kind: 'text', max: 12 },
      packId: { kind: 'text', max: 64 },
      changePrice: { kind: 'flag' },
      priceText: { kind: 'text', max: 40 },
      reason: { kind: 'text', max: RAW },
    },
  },
  'paper-conversion': {
    customerFrom: null,
    fields: {
      step: { kind: 'text', max: 40 },
      book: { kind: 'text', max: 64 },
      customer: { kind: 'text', max: 64 },
    },
  },
} as const satisfies Record<string, { customerFrom: 'objectCacheModelId' | 'parentKey' | null; fields: Record<string, DraftFieldKind> }>;

export type FormDraftFormId = keyof typeof FORM_DRAFT_FORMS;
/** The forms that keep drafts (a literal, so that code not using drafts keeps none of this module in its bundle). */
export const FORM_DRAFT_FORM_IDS: readonly FormDraftFormId[] = ['customer-profile', 'coupon-editor', 'pack-editor', 'sell-pack', 'paper-conversion'];
export const isFormDraftFormId = (value: unknown): value is FormDraftFormId => typeof value === 'string' && Object.hasOwn(FORM_DRAFT_FORMS, value);

/** A draft's values: each field a text, a switch or a list of texts. */
export type FormDraftValues = Record<string, string | boolean | string[] | null>;

export const FORM_DRAFT_LIMITS = {
  /** Days a draft is kept after its last autosave (decision 0082). */
  lifetimeDays: 3,
  /** The largest draft (its values as JSON, in UTF-8 bytes). */
  maxBytes: 16_384,
  /** Most fields of one form. */
  maxFields: 40,
  /** The longest text of a token field (ids, keys). */
  tokenFieldMax: 64,
  /** The longest text of any field of any form. */
  fieldMax: 4000,
  /** The longest list of any field of any form. */
  listMax: 200,
} as const;

export const FORM_DRAFT_MESSAGES = {
  unknownForm: 'This form does not keep drafts.',
  notFound: 'This draft was not found. It may have expired or been discarded.',
  unknownField: (field: string) => `${field} is not a field of this form.`,
  notText: (field: string) => `${field} must be text.`,
  notFlag: (field: string) => `${field} must be true or false.`,
  notList: (field: string) => `${field} must be a list of texts.`,
  tooLong: (field: string) => `${field} is too long.`,
  tooMany: (field: string) => `${field} has too many items.`,
  tooLarge: 'The draft is too large to keep.',
  formMismatch: 'This draft belongs to another form.',
  tokenObjectRequired: 'objectCacheModelId is required when the object is not new.',
} as const;

/** The restore prompt (issue 23): the time-ago text follows SPEC 9's rule (contracts' timeAgo). */
export const FORM_DRAFT_TEXTS = {
  unsavedPrefix: 'You have unsaved changes from',
  restore: 'Restore',
  discard: 'Discard',
  restored: 'Your unsaved changes were restored.',
} as const;

/** `You have unsaved changes from 3 minutes ago` given the time-ago words. */
export const unsavedChangesText = (ago: string) => `${FORM_DRAFT_TEXTS.unsavedPrefix} ${ago}`;

/** What a form sends to open (create or load) its draft: the object cache token without the server's parts. */
export interface FormDraftOpening {
  formId: FormDraftFormId;
  /** The id of the object the form edits; null when the form creates one. */
  objectCacheModelId: string | null;
  /** The draft id of the form this one was opened from, if that form keeps a draft too. */
  parentCacheModelId: string | null;
  /** What the new object belongs to (the customer a pack is sold to); null when nothing. */
  parentKey: string | null;
  isObjectNew: boolean;
}

/** The server's answer to opening, autosaving and marking a draft. */
export interface FormDraftView {
  objectCacheToken: ObjectCacheToken & { objectCacheId: string; formId: FormDraftFormId };
  /** The saved values; null until the first autosave. */
  values: FormDraftValues | null;
  /** When the values were last autosaved (ISO); null until the first autosave. */
  savedAt: string | null;
  expiresAt: string;
  /** True when opening found a draft already there (left by an earlier session of this form). */
  existed: boolean;
}

/** The customer a draft is about (its token names them), or null. */
export function draftCustomerId(opening: Pick<FormDraftOpening, 'formId' | 'objectCacheModelId' | 'parentKey'>): string | null {
  const from = FORM_DRAFT_FORMS[opening.formId].customerFrom;
  return from === null ? null : opening[from];
}

/** Whether opening finds a draft worth offering: values saved before (not an empty draft). */
export const draftWorthRestoring = (view: Pick<FormDraftView, 'existed' | 'values' | 'savedAt'>): boolean =>
  view.existed && view.values !== null && view.savedAt !== null;

/**
 * A form's current values as its draft keeps them: only the form's own fields, each as its kind
 * (a text, a switch, a list of texts; a lone checkbox's value becomes a one-item list).
 */
export function draftValuesOf(formId: FormDraftFormId, raw: Record<string, unknown>): FormDraftValues {
  const fields: Record<string, DraftFieldKind> = FORM_DRAFT_FORMS[formId].fields;
  const out: FormDraftValues = {};
  for (const [name, kind] of Object.entries(fields)) {
    if (!Object.hasOwn(raw, name)) continue;
    const v = raw[name];
    if (v === null || v === undefined) out[name] = null;
    else if (kind.kind === 'flag') out[name] = Boolean(v);
    else if (kind.kind === 'list') out[name] = (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).map(String).slice(0, kind.maxItems);
    else out[name] = String(v).slice(0, kind.max);
  }
  return out;
}

export type DraftCheck = { ok: true; values: FormDraftValues } | { ok: false; field: string; message: string };

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/**
 * The form's values checked field by field (types, maxima, no unknown field) and as a whole (the
 * size maximum). Field names in refusals are `values.<field>`.
 */
export function checkDraftValues(formId: FormDraftFormId, values: Record<string, unknown>): DraftCheck {
  const fields: Record<string, DraftFieldKind> = FORM_DRAFT_FORMS[formId].fields;
  const out: FormDraftValues = {};
  for (const [name, value] of Object.entries(values)) {
    const field = `values.${name}`;
    const kind = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!kind) return { ok: false, field, message: FORM_DRAFT_MESSAGES.unknownField(field) };
    if (value === null) {
      out[name] = null;
      continue;
    }
    switch (kind.kind) {
      case 'text':
        if (typeof value !== 'string') return { ok: false, field, message: FORM_DRAFT_MESSAGES.notText(field) };
        if (value.length > kind.max) return { ok: false, field, message: FORM_DRAFT_MESSAGES.tooLong(field) };
        out[name] = value;
        break;
      case 'flag':
        if (typeof value !== 'boolean') return { ok: false, field, message: FORM_DRAFT_MESSAGES.notFlag(field) };
        out[name] = value;
        break;
      case 'list':
        if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return { ok: false, field, message: FORM_DRAFT_MESSAGES.notList(field) };
        if (value.length > kind.maxItems) return { ok: false, field, message: FORM_DRAFT_MESSAGES.tooMany(field) };
        if ((value as string[]).some((v) => v.length > kind.max)) return { ok: false, field, message: FORM_DRAFT_MESSAGES.tooLong(field) };
        out[name] = [...(value as string[])];
        break;
    }
  }
  if (utf8Bytes(JSON.stringify(out)) > FORM_DRAFT_LIMITS.maxBytes) return { ok: false, field: 'values', message: FORM_DRAFT_MESSAGES.tooLarge };
  return { ok: true, values: out };
}

/** When a draft autosaved (or opened) at `at` expires. */
export const draftExpiresAt = (at: Date): Date => new Date(at.getTime() + FORM_DRAFT_LIMITS.lifetimeDays * 86_400_000);

/**
 * SPEC 3 browser storage, the list of open forms: one entry per form open in this browser, so a
 * form knows which drafts this browser holds open (added on open, removed on close).
 */
export interface OpenFormEntry {
  objectCacheId: string;
  formId: FormDraftFormId;
  objectCacheModelId: string | null;
  parentKey: string | null;
  openedAt: string;
}

/** The open-forms list with the entry of `objectCacheId` added (or replaced), newest last, at most `max`. */
export function withOpenForm(list: readonly OpenFormEntry[], entry: OpenFormEntry, max = 20): OpenFormEntry[] {
  return [...list.filter((e) => e.objectCacheId !== entry.objectCacheId), entry].slice(-max);
}

export const withoutOpenForm = (list: readonly OpenFormEntry[], objectCacheId: string): OpenFormEntry[] => list.filter((e) => e.objectCacheId !== objectCacheId);

/** The open-forms list as stored, or [] when absent or not a list of entries. */
export function parseOpenForms(stored: string | null): OpenFormEntry[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (e): e is OpenFormEntry =>
        !!e && typeof e === 'object' && typeof (e as OpenFormEntry).objectCacheId === 'string' && isFormDraftFormId((e as OpenFormEntry).formId) && typeof (e as OpenFormEntry).openedAt === 'string',
    );
  } catch {
    return [];
  }
}
