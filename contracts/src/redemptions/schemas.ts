/**
 * JSON schemas of the redemption-verification answers, for the command and query services'
 * response serialisation (fastify drops any field a response schema does not list).
 */
const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const bool = { type: 'boolean' } as const;
const strings = { type: 'array', items: str } as const;

const opCodeSchema = {
  type: 'object',
  properties: { opCode: str, description: strOrNull, answer: { type: 'string', enum: ['pending', 'approved', 'declined'] } },
} as const;

export const redemptionVerificationSchema = {
  type: 'object',
  properties: {
    redemptionVerificationId: str, id: str, locationId: { type: 'integer' }, locationName: strOrNull, roNumber: str, customerId: str,
    type: { type: 'string', enum: ['email', 'text'] }, expires: str,
    isComplete: bool, isPending: bool, isAccepted: bool, isText: bool, isEmail: bool, isFinal: bool, hasBillout: bool,
    emailAddress: strOrNull, phoneMobile: strOrNull, status: str, customerFirstName: strOrNull, customerLastName: strOrNull,
    errorMessage: strOrNull, sentDate: strOrNull, rateLimitSeconds: { type: 'integer' }, rateLimitRemainingSeconds: { type: 'integer' },
    pendingOpCodes: strings, approvedOpCodes: strings, declinedOpCodes: strings, opCodes: { type: 'array', items: opCodeSchema },
    startedDate: str, answeredDate: strOrNull, overriddenBy: strOrNull, overriddenDate: strOrNull, overrideReason: strOrNull,
  },
} as const;

export const publicRedemptionVerificationSchema = {
  type: 'object',
  properties: {
    redemptionVerificationId: str, roNumber: str, locationId: { type: 'integer' }, locationName: strOrNull, status: str,
    isFinal: bool, isComplete: bool, isAccepted: bool, errorMessage: strOrNull, expires: str,
    opCodes: { type: 'array', items: opCodeSchema },
  },
} as const;

export const opCodeVerificationRuleSchema = {
  type: 'object',
  properties: {
    opCodeVerificationRuleId: str, id: str, locationId: { type: 'integer' }, locationName: strOrNull, opCode: str, description: strOrNull,
    createdDate: str, modifiedDate: str,
  },
} as const;

/** metaData of a command's answer: the position for read-your-writes. */
export const positionMetaDataSchema = { type: 'object', properties: { position: str } } as const;
