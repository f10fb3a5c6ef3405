/**
 * JSON schemas of the catalogue command routes (coupons and packs): the shape, and raw bounds
 * a database can hold. SPEC's rules and their messages run in contracts (checkCouponTerms,
 * checkPackTerms, checkPackItem), so every raw bound sits well above the rule's maximum: a name
 * of 101 characters or a negative amount gets contracts' message, not the schema's. Numbers are
 * `number` (not `integer`) so that a fraction of a cent gets 'Amounts are whole cents.'.
 */
import { positionMetaDataSchema } from '@dealer/contracts';
import { INPUT_SCHEMAS, INT32_MAX } from '@dealer/platform';

/** A whole-cents amount, a count or an id as sent; contracts check the range and wholeness. */
const rawNumber = { type: ['number', 'null'], minimum: -INT32_MAX, maximum: INT32_MAX } as const;
const rawText = (maxLength: number) => INPUT_SCHEMAS.nullableText(maxLength);
const rawList = (maxItems: number, items: object) => ({ type: ['array', 'null'], maxItems, items }) as const;

export const expectedRevisionSchema = { type: 'integer', minimum: -1, maximum: Number.MAX_SAFE_INTEGER } as const;

export const couponTermsProperties = {
  name: rawText(1000),
  description: rawText(5000),
  opCodes: rawList(200, rawText(100)),
  value: {
    type: ['object', 'null'],
    properties: { kind: rawText(50), amount: rawNumber, basisPoints: rawNumber, referencePrice: rawNumber, maximum: rawNumber },
  },
  laborTypes: rawList(20, rawText(20)),
  validity: { type: ['object', 'null'], properties: { kind: rawText(50), months: rawNumber, date: rawText(50) } },
  maxPerRo: rawNumber,
  maxAmountPerRo: rawNumber,
  locationIds: rawList(1000, rawNumber),
} as const;

export const couponBody = { type: 'object', properties: couponTermsProperties } as const;
export const couponEditBody = { type: 'object', properties: { ...couponTermsProperties, expectedRevision: expectedRevisionSchema } } as const;

export const packItemProperties = { couponId: rawText(200), quantity: rawNumber } as const;

export const packTermsProperties = {
  name: rawText(1000),
  description: rawText(5000),
  price: rawNumber,
  locationIds: rawList(1000, rawNumber),
  termMonths: rawNumber,
  termMileage: rawNumber,
} as const;

export const packBody = {
  type: 'object',
  properties: { ...packTermsProperties, items: rawList(200, { type: 'object', properties: packItemProperties }) },
} as const;
export const packEditBody = { type: 'object', properties: { ...packTermsProperties, expectedRevision: expectedRevisionSchema } } as const;
export const packItemBody = { type: 'object', properties: packItemProperties } as const;

/** {reason?} of a disable; {} of an enable. */
export const reasonBody = { type: ['object', 'null'], properties: { reason: rawText(2000) } } as const;
export const emptyBody = { type: ['object', 'null'], properties: {} } as const;

/** CommandAnswer (contracts/src/packs/views.ts) under the record's own id name. */
export function commandAnswerSchema(idField: 'couponId' | 'packId') {
  return {
    type: 'object',
    properties: {
      dataSet: {
        type: 'object',
        properties: { [idField]: { type: 'string' }, id: { type: 'string' }, revision: { type: 'integer' }, message: { type: 'string' } },
      },
      metaData: positionMetaDataSchema,
    },
  } as const;
}

/** The envelope of a command answer: dataSet {<id>, id, revision, message}, metaData {position}. */
export function commandEnvelope(result: { id: string; revision: number; position: number | null; message: string }, idField: 'couponId' | 'packId') {
  return {
    dataSet: { [idField]: result.id, id: result.id, revision: result.revision, message: result.message },
    metaData: result.position === null ? {} : { position: String(result.position) },
  };
}
