/** JSON schemas shared by the command routes (shape only; SPEC rules run through contracts). */
export const nullableString = { type: ['string', 'null'] } as const;

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
    expectedRevision: { type: 'integer', minimum: -1 },
  },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
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
