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

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;

/** An answer without a body (204): `type: 'null'` puts no content in the OpenAPI document. */
export const noContent = (description: string) => ({ type: 'null', description }) as const;

/** SPEC 3's auth token payload (contracts AuthTokenPayload), as sign-in, refresh and registration answer it. */
export const authTokenPayloadSchema = {
  type: 'object',
  required: ['token', 'user', 'access', 'expiresSeconds', 'renewPeriodSeconds', 'evt'],
  properties: {
    token: text,
    user: {
      type: 'object',
      properties: {
        userId: text,
        customerId: nullableText,
        first: nullableText,
        last: nullableText,
        email: nullableText,
        username: nullableText,
        isEmployee: { type: 'boolean' },
        location: nullableText,
        locationId: { type: ['integer', 'null'] },
        title: nullableText,
        department: nullableText,
        lastFailedLoginDate: nullableText,
        roles: { type: 'array', items: { type: 'string', enum: ['admin', 'manager', 'controller', 'employee', 'customer'] } },
      },
    },
    access: {
      type: 'object',
      properties: {
        list: { type: 'array', items: text },
        args: { type: 'object', properties: { isAdmin: { type: 'boolean' }, isManager: { type: 'boolean' }, isController: { type: 'boolean' } } },
        locationRoles: { type: 'array', items: { type: 'object', properties: { locationId: { type: 'integer' }, role: text } } },
      },
    },
    expiresSeconds: { type: 'integer' },
    renewPeriodSeconds: { type: 'integer' },
    evt: { type: 'string', enum: ['LOGIN', 'REFRESH', 'APP_REFRESH', 'Logout'] },
  },
} as const;

/** `{dataSet: AuthTokenPayload}`. */
export const authTokenAnswer = { type: 'object', properties: { dataSet: authTokenPayloadSchema } } as const;
