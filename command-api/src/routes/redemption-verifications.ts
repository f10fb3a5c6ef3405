/**
 * Redemption verification, write side (SPEC 3, 4, 7, 8):
 * - POST /api/redemption-verifications (staff) starts one, or sends an open one for the same
 *   RO and customer again;
 * - POST /api/redemption-verifications/{id}/resend (staff) sends it again after the rate limit;
 * - PUT /api/redemption-verifications (public: the link token is the secret; a signed-in
 *   customer may answer their own without it) records the customer's answer per op code;
 * - GET /auth-api/redemption-verifications/by-token?token= (public) is what the verify page shows;
 * - POST /api/redemption-verification-overrides (staff) accepts on the customer's behalf.
 * A refusal by the rate limit is 429 with SPEC 4's remaining wait, also as Retry-After.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  REDEMPTION_TEXTS,
  fullName,
  positionMetaDataSchema,
  publicRedemptionVerificationSchema,
  redemptionVerificationSchema,
  redemptionVerificationTypeOf,
  REDEMPTION_MESSAGES,
  type RedemptionVerification,
} from '@dealer/contracts';
import { DomainError, INPUT_SCHEMAS, assertMayActAt, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import { RateLimitedError } from '@dealer/domain/redemption-verification/decide';
import { OPCODE_RULES_READ_MODEL, PENDING_APPROVALS_READ_MODEL } from '../redemption-verifications/lookups';
import { loadVerification } from '../coupon-redemptions/lookups';
import { resendRedemptionVerification, startRedemptionVerification } from '../redemption-verifications/start-redemption-verification';
import { answerRedemptionVerification, verificationByToken, type CodeSubmissionBody } from '../redemption-verifications/answer-redemption-verification';
import { overrideRedemptionVerification } from '../redemption-verifications/override-redemption-verification';
import { idParams, problemResponse } from './schemas';

const uuid = { type: 'string', format: 'uuid' } as const;
const opCodes = { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 20 } } as const;
const position = (p: number | null) => (p === null ? {} : { position: String(p) });

/** The verification plus the text the client shows after this command. */
const verificationWithMessage = {
  ...redemptionVerificationSchema,
  properties: { ...redemptionVerificationSchema.properties, message: { type: 'string' } },
} as const;
const verificationResponse = { type: 'object', properties: { dataSet: verificationWithMessage, metaData: positionMetaDataSchema } } as const;
const publicResponse = { type: 'object', properties: { dataSet: publicRedemptionVerificationSchema, metaData: positionMetaDataSchema } } as const;

const sentMessage = (v: RedemptionVerification) => REDEMPTION_TEXTS.sent(fullName({ firstName: v.customerFirstName, lastName: v.customerLastName }) || 'the customer');

/** Runs a command that may hit the rate limit, adding Retry-After to the 429. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/** A verification is resent or overridden by staff with a role at its RO's location (a verification never moves; unknown ids are the command's 404). */
async function assertAtVerificationLocation(deps: { store: EventStore }, request: FastifyRequest, id: string): Promise<void> {
  const verification = await loadVerification(deps.store, id.toLowerCase());
  if (verification) assertMayActAt(request, verification.locationId);
}

export function redemptionVerificationRoutes(deps: { store: EventStore; sql: Sql }) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Body: Record<string, unknown> | undefined }>(
      '/api/redemption-verifications',
      {
        config: { access: 'redemption-verifications', readModels: [OPCODE_RULES_READ_MODEL, PENDING_APPROVALS_READ_MODEL] },
        schema: { ...apiDoc('Redemption verifications', 'Start a redemption verification', 'Asks the customer to approve the op codes of an RO before coupons are redeemed on it (`type` email or text, `roNumber`, `locationId`, `customerId`, optional `preApprovalOpCodes`). One open verification per RO and customer: starting again sends the open one again. Rate-limited.'),
          body: {
            type: 'object',
            properties: {
              type: { type: ['string', 'null'], maxLength: 10 },
              roNumber: { type: ['string', 'null'], maxLength: 20 },
              locationId: { ...INPUT_SCHEMAS.int32, type: ['integer', 'null'] },
              customerId: { ...uuid, type: ['string', 'null'] },
              preApprovalOpCodes: { ...opCodes, type: ['array', 'null'] },
            },
          },
          response: { 200: verificationResponse, 201: verificationResponse, '4xx': problemResponse },
        },
      },
      async (request, reply) => {
        // Started at the RO's location by staff holding a role there (issue 20; a malformed location is the start's 400).
        const locationId = request.body?.locationId;
        if (typeof locationId === 'number') assertMayActAt(request, locationId);
        const result = await withRetryAfter(reply, () => startRedemptionVerification(deps, request.body ?? {}, commandContext(request)));
        reply.status(result.resent ? 200 : 201);
        return { dataSet: { ...result.verification, message: sentMessage(result.verification) }, metaData: position(result.position) };
      },
    );

    app.post<{ Params: { id: string }; Body: { type?: string | null } | undefined }>(
      '/api/redemption-verifications/:id/resend',
      {
        config: { access: 'redemption-verifications' },
        schema: { ...apiDoc('Redemption verifications', 'Send a verification again', 'Sends an open verification again (by e-mail or text), within the rate limit.'),
          params: idParams,
          body: { type: ['object', 'null'], properties: { type: { type: ['string', 'null'], maxLength: 10 } } },
          response: { 200: verificationResponse, '4xx': problemResponse },
        },
      },
      async (request, reply) => {
        const given = request.body?.type;
        const type = given === undefined || given === null || given === '' ? null : redemptionVerificationTypeOf(given);
        if (type === null && given) throw new DomainError('validation', [REDEMPTION_MESSAGES.typeInvalid], { type: REDEMPTION_MESSAGES.typeInvalid });
        await assertAtVerificationLocation(deps, request, request.params.id);
        const result = await withRetryAfter(reply, () => resendRedemptionVerification(deps, request.params.id, type, commandContext(request)));
        return { dataSet: { ...result.verification, message: sentMessage(result.verification) }, metaData: position(result.position) };
      },
    );

    app.put<{ Body: CodeSubmissionBody }>(
      '/api/redemption-verifications',
      {
        config: { access: 'public' },
        schema: { ...apiDoc('Redemption verifications', 'Answer a verification', 'The customer\'s answer from the link or code (`codeId`, `code`, `reply` with approved and declined op codes). No sign-in needed: the link token is the secret.'),
          body: {
            type: 'object',
            required: ['codeId', 'reply'],
            properties: {
              codeId: uuid,
              code: { type: 'string', minLength: 1, maxLength: 100 },
              reply: { type: 'object', properties: { approvedOpCodes: opCodes, declinedOpCodes: opCodes } },
            },
          },
          response: { 200: publicResponse, '4xx': problemResponse },
        },
      },
      async (request) => {
        const signedInCustomer = request.auth?.kind === 'customer' ? request.auth.userId : null;
        const result = await answerRedemptionVerification(deps, request.body, commandContext(request), signedInCustomer);
        return { dataSet: result.verification, metaData: position(result.position) };
      },
    );

    // The token travels in the query string, which request logs leave out (a path would be logged).
    app.get<{ Querystring: { token: string } }>(
      '/auth-api/redemption-verifications/by-token',
      {
        config: { access: 'public' },
        schema: { ...apiDoc('Redemption verifications', 'Open a verification from its link', 'The verification a link token (`token`) names, for the answer page.'),
          querystring: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 100 } } },
          response: { 200: { type: 'object', properties: { dataSet: publicRedemptionVerificationSchema } }, '4xx': problemResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { dataSet: await verificationByToken(deps, request.query.token, new Date()) };
      },
    );

    app.post<{ Body: { redemptionVerificationId: string; reason?: string | null } }>(
      '/api/redemption-verification-overrides',
      {
        config: { access: 'redemption-verification-overrides' },
        schema: { ...apiDoc('Redemption verifications', 'Approve on the customer\'s behalf', 'Staff approve an open verification for the customer (`redemptionVerificationId`, a `reason`); held redemptions are then redeemed.'),
          body: {
            type: 'object',
            required: ['redemptionVerificationId'],
            properties: { redemptionVerificationId: uuid, reason: { type: ['string', 'null'], maxLength: 2000 } },
          },
          response: { 200: verificationResponse, '4xx': problemResponse },
        },
      },
      async (request) => {
        await assertAtVerificationLocation(deps, request, request.body.redemptionVerificationId);
        const result = await overrideRedemptionVerification(deps, request.body, commandContext(request));
        return { dataSet: { ...result.verification, message: result.message }, metaData: position(result.position) };
      },
    );
  };
}
