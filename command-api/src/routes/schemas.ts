/**
 * JSON schemas shared by the command routes: shape, and raw bounds a database can hold (SPEC
 * rules and their messages run through contracts). The raw text bound is well above SPEC's
 * maxima, so a value that is too long gets SPEC's message from contracts, not the schema's.
 */
import { INPUT_SCHEMAS } from '@dealer/platform';
import { LIMITS } from '@dealer/contracts';

export const nullableString = INPUT_SCHEMAS.nullableText(LIMITS.rawTextMax);
export const uuid = INPUT_SCHEMAS.uuid;

export const profileBody = {
  type: 'object',
  properties: {
    firstName: nullableString,
    lastName: nullableString,
    emailAddress: nullableString,
    phoneMobile: nullableString,
    phoneOther: nullableString,
    address: nullableString,
    address2: nullableString,
    city: nullableString,
    state: nullableString,
    zip: nullableString,
    isTaxExempt: { type: 'boolean' },
    verifyRedemptions: { type: 'boolean' },
    validateCoupon: { type: 'boolean' },
    expectedRevision: { type: 'integer', minimum: -1, maximum: Number.MAX_SAFE_INTEGER },
  },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: uuid },
} as const;

export const problemResponse = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    errors: { type: 'array', items: { type: 'string' } },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

/** A command's answer: the affected id plus the position for read-your-writes. */
export function commandResponse(idField: string) {
  return {
    type: 'object',
    properties: {
      dataSet: { type: 'object', properties: { [idField]: { type: 'string' }, revision: { type: 'integer' } } },
      metaData: { type: 'object', properties: { position: { type: 'string' } } },
    },
  } as const;
}
