/**
 * Form drafts (SPEC 3 object cache token, SPEC 4 form cache; decision 0082). Staff only; each
 * user reaches only their own drafts (another user's draft answers 404, as a missing one does).
 *
 * - POST /api/form-drafts {objectCacheToken: {formId, objectCacheModelId, parentCacheModelId, parentKey, isObjectNew}}:
 *   the form opened: creates the user's draft of that form and object, or loads the one left
 *   there (`existed`, with its values and when they were saved). Opening twice finds one draft.
 * - PUT /api/form-drafts/{objectCacheId} {formId, values}: the autosave (1000 ms after the last
 *   change); values typed per form (contracts' FORM_DRAFT_FORMS), a size maximum; the lifetime
 *   starts again. The same values again change nothing but the time.
 * - PATCH /api/form-drafts/{objectCacheId} {isSubmitting}: saving the form marks the draft
 *   submitting (false again when the save failed).
 * - DELETE /api/form-drafts/{objectCacheId}: the form closed, or its save succeeded: the draft
 *   (and the drafts of forms opened from it) go.
 *
 * Drafts are not events (ephemeral UI state): a table of platform's form-drafts module. Every
 * route is idempotent by nature and also takes an Idempotency-Key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkDraftValues,
  FORM_DRAFT_FORM_IDS,
  FORM_DRAFT_FORMS,
  FORM_DRAFT_LIMITS,
  FORM_DRAFT_MESSAGES,
  type FormDraftFormId,
  type FormDraftOpening,
  type FormDraftView,
} from '@dealer/contracts';
import { DomainError, INPUT_SCHEMAS, apiDoc } from '@dealer/platform';
import type { FormDraftStore } from '@dealer/platform/form-drafts/store';
import { problemResponse } from './schemas';

const ACCESS = { access: 'form-drafts' } as const;
/** Ids and keys of objects: letters, digits and a few separators (uuids, book numbers, location ids). */
const tokenText = { type: ['string', 'null'], maxLength: FORM_DRAFT_LIMITS.tokenFieldMax, pattern: '^[A-Za-z0-9._:-]+$' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const openBody = {
  type: 'object',
  required: ['objectCacheToken'],
  properties: {
    objectCacheToken: {
      type: 'object',
      required: ['formId', 'isObjectNew'],
      properties: {
        formId: { type: 'string', enum: FORM_DRAFT_FORM_IDS },
        objectCacheModelId: tokenText,
        parentCacheModelId: { ...INPUT_SCHEMAS.uuid, type: ['string', 'null'] },
        parentKey: tokenText,
        isObjectNew: { type: 'boolean' },
      },
    },
  },
} as const;

/** A form's values: texts, switches, lists of texts; each form's own fields and maxima are checked by contracts. */
const valuesSchema = {
  type: 'object',
  maxProperties: FORM_DRAFT_LIMITS.maxFields,
  additionalProperties: {
    anyOf: [
      { type: 'string', maxLength: FORM_DRAFT_LIMITS.fieldMax },
      { type: 'boolean' },
      { type: 'array', maxItems: FORM_DRAFT_LIMITS.listMax, items: { type: 'string', maxLength: FORM_DRAFT_LIMITS.fieldMax } },
      { type: 'null' },
    ],
  },
} as const;

const saveBody = {
  type: 'object',
  required: ['formId', 'values'],
  properties: { formId: { type: 'string', enum: FORM_DRAFT_FORM_IDS }, values: valuesSchema },
} as const;

const markBody = { type: 'object', required: ['isSubmitting'], properties: { isSubmitting: { type: 'boolean' } } } as const;
const draftParams = { type: 'object', required: ['objectCacheId'], properties: { objectCacheId: INPUT_SCHEMAS.uuid } } as const;

const draftAnswer = {
  type: 'object',
  properties: {
    dataSet: {
      type: 'object',
      properties: {
        objectCacheToken: {
          type: 'object',
          properties: {
            objectCacheId: { type: 'string' }, objectCacheModelId: { type: ['string', 'null'] }, parentCacheModelId: { type: ['string', 'null'] },
            parentKey: { type: ['string', 'null'] }, formId: { type: 'string' }, isObjectNew: { type: 'boolean' }, isSubmitting: { type: 'boolean' },
          },
        },
        values: { type: ['object', 'null'], additionalProperties: true },
        savedAt: { type: ['string', 'null'] },
        expiresAt: { type: 'string' },
        existed: { type: 'boolean' },
      },
    },
  },
} as const;

interface OpenBody {
  objectCacheToken: { formId: FormDraftFormId; objectCacheModelId?: string | null; parentCacheModelId?: string | null; parentKey?: string | null; isObjectNew: boolean };
}

/** The draft owner: the signed-in user, by kind and id. */
const ownerOf = (request: FastifyRequest) => `${request.auth!.kind}:${request.auth!.userId}`;

const notFound = () => new DomainError('not_found', [FORM_DRAFT_MESSAGES.notFound]);
const answer = (view: FormDraftView) => ({ dataSet: view });

/** The opening as the store takes it, after the rules a schema cannot say. */
function openingOf(body: OpenBody): FormDraftOpening {
  const t = body.objectCacheToken;
  const opening: FormDraftOpening = {
    formId: t.formId,
    objectCacheModelId: t.objectCacheModelId ?? null,
    parentCacheModelId: t.parentCacheModelId ?? null,
    parentKey: t.parentKey ?? null,
    isObjectNew: t.isObjectNew,
  };
  // A form on an object that exists names it; a new object has no id yet.
  if (!opening.isObjectNew && opening.objectCacheModelId === null) {
    throw new DomainError('validation', [FORM_DRAFT_MESSAGES.tokenObjectRequired], { 'objectCacheToken.objectCacheModelId': FORM_DRAFT_MESSAGES.tokenObjectRequired });
  }
  if (opening.isObjectNew) opening.objectCacheModelId = null;
  // The token field that names the draft's customer must be a customer id (its key seals the draft).
  const from = FORM_DRAFT_FORMS[opening.formId].customerFrom;
  const customer = from === null ? null : opening[from];
  if (from !== null && customer !== null && !UUID.test(customer)) {
    const field = `objectCacheToken.${from}`;
    throw new DomainError('validation', [`${field} must be a customer id.`], { [field]: `${field} must be a customer id.` });
  }
  return opening;
}

export function formDraftRoutes(deps: { drafts: FormDraftStore }) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Body: OpenBody }>(
      '/api/form-drafts',
      { config: ACCESS, schema: { ...apiDoc('Form drafts', 'Open a form draft', 'The form opened: creates the caller\u2019s draft of that form and object, or loads the one there (`existed: true`, with the values saved and when).'), body: openBody, response: { 200: draftAnswer, '4xx': problemResponse } } },
      async (request) => answer(await deps.drafts.open(ownerOf(request), openingOf(request.body))),
    );

    app.put<{ Params: { objectCacheId: string }; Body: { formId: FormDraftFormId; values: Record<string, unknown> } }>(
      '/api/form-drafts/:objectCacheId',
      { config: ACCESS, schema: { ...apiDoc('Form drafts', 'Autosave a form draft', 'Stores the form\u2019s values (each form\u2019s own typed fields, at most 16,384 bytes); the draft\u2019s lifetime starts again. Another user\u2019s draft is a 404.'), params: draftParams, body: saveBody, response: { 200: draftAnswer, '4xx': problemResponse } } },
      async (request) => {
        const { formId, values } = request.body;
        const checked = checkDraftValues(formId, values);
        if (!checked.ok) throw new DomainError('validation', [checked.message], { [checked.field]: checked.message });
        const owner = ownerOf(request);
        const form = await deps.drafts.formOf(owner, request.params.objectCacheId);
        if (form === null) throw notFound();
        if (form !== formId) throw new DomainError('validation', [FORM_DRAFT_MESSAGES.formMismatch], { formId: FORM_DRAFT_MESSAGES.formMismatch });
        const saved = await deps.drafts.save(owner, request.params.objectCacheId, checked.values);
        if (!saved) throw notFound();
        return answer(saved);
      },
    );

    app.patch<{ Params: { objectCacheId: string }; Body: { isSubmitting: boolean } }>(
      '/api/form-drafts/:objectCacheId',
      { config: ACCESS, schema: { ...apiDoc('Form drafts', 'Mark a form draft submitting', 'Saving the form marks its draft submitting (false again when the save failed).'), params: draftParams, body: markBody, response: { 200: draftAnswer, '4xx': problemResponse } } },
      async (request) => {
        const marked = await deps.drafts.markSubmitting(ownerOf(request), request.params.objectCacheId, request.body.isSubmitting);
        if (!marked) throw notFound();
        return answer(marked);
      },
    );

    app.delete<{ Params: { objectCacheId: string } }>(
      '/api/form-drafts/:objectCacheId',
      { config: ACCESS, schema: { ...apiDoc('Form drafts', 'Delete a form draft', 'The form closed or its save succeeded: the draft and the drafts opened from it are deleted.'), params: draftParams, response: { 200: { type: 'object', properties: { dataSet: { type: 'object', properties: { objectCacheId: { type: 'string' }, deleted: { type: 'boolean' } } } } }, '4xx': problemResponse } } },
      async (request) => {
        if (!(await deps.drafts.delete(ownerOf(request), request.params.objectCacheId))) throw notFound();
        return { dataSet: { objectCacheId: request.params.objectCacheId, deleted: true } };
      },
    );
  };
}
