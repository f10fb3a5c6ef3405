/**
 * GET /api/customer-info-from-ro?roNumber=&locationId=&isClosedRo=1|0 : the customer details
 * on an RO, to prefill a new customer (Populate from RO / Populate from Closed RO). An open-RO
 * lookup of a closed RO, or a closed-RO lookup of an open one, is answered 404 with the reason.
 * SPEC 6: only admins get Populate from Closed RO, so only admins may make the closed lookup.
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@dealer/contracts';
import { DomainError, assertMayActAt, type Sql, apiDoc } from '@dealer/platform';
import { RO_MESSAGES, getCustomerInfoFromRo } from '@dealer/read-models/customer-search/repair-orders';
import { requireRo, roQuerystring } from './ro-data';

const str = { type: ['string', 'null'] } as const;

export function customerInfoFromRoRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: { roNumber?: string; locationId?: number; isClosedRo?: 0 | 1 } }>(
      '/api/customer-info-from-ro',
      {
        config: { access: 'customer-info-from-ro' },
        schema: { ...apiDoc('Repair orders', 'Customer details from an RO', 'The customer details an RO of the DMS data holds (`roNumber`, `locationId`, `isClosedRo`), to find or create the customer.'),
          querystring: { type: 'object', properties: { ...roQuerystring, isClosedRo: { type: 'integer', enum: [0, 1], default: 0 } } },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: {
                  type: 'object',
                  properties: {
                    roNumber: { type: 'string' }, locationId: { type: 'integer' }, firstName: str, lastName: str, emailAddress: str,
                    phoneMobile: str, phoneOther: str, address: str, city: str, state: str, zip: str, isTaxExempt: { type: 'boolean' },
                  },
                },
              },
            },
          },
        },
      },
      async (request) => {
        const wantClosed = request.query.isClosedRo === 1;
        if (wantClosed && !request.auth?.roles.includes('admin')) throw new DomainError('forbidden', [AUTH_MESSAGES.notPermitted]);
        const { roNumber, locationId } = requireRo(request.query);
        // Issue 20: an RO's customer is read by staff of the RO's location (admins everywhere).
        assertMayActAt(request, locationId);
        const lookup = await getCustomerInfoFromRo(sql, locationId, roNumber);
        if (!lookup.found) throw new DomainError('not_found', [RO_MESSAGES.notFound]);
        if (lookup.isClosed !== wantClosed) {
          throw new DomainError('not_found', [wantClosed ? RO_MESSAGES.closedRequired(lookup.info.roNumber) : RO_MESSAGES.openRequired(lookup.info.roNumber)]);
        }
        return { dataSet: lookup.info };
      },
    );
  };
}
