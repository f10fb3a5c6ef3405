/**
 * Redemption verification, read side (SPEC 3, 4, 7):
 * - GET /api/redemption-verifications/{id}: one verification, polled every 3 s by the client;
 * - GET /api/redemption-verifications?customerId=&getStatuses=0|1: the customer's open
 *   verifications (0, the default: the Pending Approvals dialog), or every one with its
 *   status (1: the 10 s listener sees transitions); customers see only their own;
 */
import type { FastifyInstance } from 'fastify';
import { REDEMPTION_MESSAGES, redemptionVerificationSchema } from '@dealer/contracts';
import { DomainError, assertMayActAt, type Sql, apiDoc } from '@dealer/platform';
import { CUSTOMER_DETAILS } from '@dealer/read-models/customer-details/queries';
import { PENDING_APPROVALS, getRedemptionVerification, listCustomerRedemptionVerifications } from '@dealer/read-models/pending-approvals/queries';

const uuid = { type: 'string', format: 'uuid' } as const;

export function redemptionVerificationQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Params: { id: string } }>(
      '/api/redemption-verifications/:id',
      {
        config: { access: 'redemption-verifications', readModels: [PENDING_APPROVALS, CUSTOMER_DETAILS] },
        schema: { ...apiDoc('Redemption verifications', 'Read a verification', 'One verification and its state (open, approved, declined, expired) with the op codes; the customer\'s own or staff.'),
          params: { type: 'object', required: ['id'], properties: { id: uuid } },
          querystring: { type: 'object', properties: { minPosition: { type: 'string', maxLength: 40 } } },
          response: { 200: { type: 'object', properties: { dataSet: redemptionVerificationSchema } } },
        },
      },
      async (request, reply) => {
        const verification = await getRedemptionVerification(sql, request.params.id, new Date());
        // A customer asking for someone else's verification learns nothing, not even that it exists.
        const auth = request.auth!;
        if (!verification || (auth.kind === 'customer' && verification.customerId !== auth.userId)) {
          throw new DomainError('not_found', [REDEMPTION_MESSAGES.notFound]);
        }
        // Issue 20: staff read a verification of an RO at a location where they hold a role.
        if (auth.kind === 'employee') assertMayActAt(request, verification.locationId);
        reply.header('cache-control', 'no-store');
        return { dataSet: verification };
      },
    );

    app.get<{ Querystring: { customerId: string; getStatuses?: number } }>(
      '/api/redemption-verifications',
      {
        config: {
          access: 'redemption-verifications',
          customerScope: { in: 'query', field: 'customerId' },
          readModels: [PENDING_APPROVALS, CUSTOMER_DETAILS],
        },
        schema: { ...apiDoc('Redemption verifications', 'List a customer\'s verifications', 'The customer\'s open verifications (`customerId`; staff, or the customer themselves), or with `getStatuses=1` every one with its status.'),
          querystring: {
            type: 'object',
            required: ['customerId'],
            properties: { customerId: uuid, getStatuses: { type: 'integer', enum: [0, 1] }, minPosition: { type: 'string', maxLength: 40 } },
          },
          response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: redemptionVerificationSchema } } } },
        },
      },
      async (request, reply) => {
        const includeFinal = request.query.getStatuses === 1;
        reply.header('cache-control', 'no-store');
        return { dataSet: await listCustomerRedemptionVerifications(sql, request.query.customerId, { includeFinal }, new Date()) };
      },
    );
  };
}
