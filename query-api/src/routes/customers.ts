/** GET /api/customers/{id} and GET /api/customer-search. */
import type { FastifyInstance } from 'fastify';
import { CUSTOMER_MESSAGES, LIMITS } from '@dealer/contracts';
import { DomainError, type Sql, apiDoc } from '@dealer/platform';
import { CUSTOMER_DETAILS, getCustomer } from '@dealer/read-models/customer-details/queries';
import { CUSTOMER_SEARCH, searchCustomers } from '@dealer/read-models/customer-search/queries';

const str = { type: ['string', 'null'] } as const;
const customerSchema = {
  type: 'object',
  properties: {
    customerId: { type: 'string' },
    firstName: str, lastName: str, address: str, address2: str, city: str, state: str, zip: str,
    emailAddress: str, isEmailValidated: { type: 'boolean' }, phoneMobile: str, isPhoneValidated: { type: 'boolean' },
    phoneOther: str, createdDate: { type: 'string' }, modifiedDate: { type: 'string' }, isEmployee: { type: 'boolean' },
    isRegistered: { type: 'boolean' }, registrationUrl: str, noValidEmailFlag: { type: 'boolean' },
    isTaxExempt: { type: 'boolean' }, verifyRedemptions: { type: 'boolean' }, pendingEmail: str, pendingPhone: str,
    personalDataErased: { type: 'boolean' }, revision: { type: 'integer' },
  },
} as const;
const searchResultSchema = {
  type: 'object',
  properties: {
    customerId: { type: 'string' }, firstName: str, lastName: str, emailAddress: str, searchType: { type: 'string' },
    soldDMSNumber: str, soldLocationName: str, soldDate: str, phoneMobile: str,
  },
} as const;


export function customerQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Params: { id: string } }>(
      '/api/customers/:id',
      {
        config: { access: 'customers', customerScope: { in: 'params', field: 'id' }, readModels: [CUSTOMER_DETAILS] },
        schema: { ...apiDoc('Customers', 'Read a customer', 'One customer\'s profile with its `revision` (the next PUT\'s `expectedRevision`). Staff read any customer; a customer only themselves.'),
          params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
          response: { 200: { type: 'object', properties: { dataSet: customerSchema } } },
        },
      },
      async (request) => {
        const customer = await getCustomer(sql, request.params.id);
        if (!customer) throw new DomainError('not_found', [CUSTOMER_MESSAGES.notFound]);
        return { dataSet: customer };
      },
    );

    app.get<{ Querystring: { searchTerm?: string } }>(
      '/api/customer-search',
      {
        config: { access: 'customer-search', readModels: [CUSTOMER_SEARCH] },
        schema: { ...apiDoc('Customers', 'Search customers', 'Finds customers by phone (any format), e-mail, name or RO number (`searchTerm`, at least 2 characters).'),
          querystring: { type: 'object', properties: { searchTerm: { type: 'string', maxLength: 254 }, minPosition: { type: 'string', maxLength: 40 } } },
          response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: searchResultSchema } } } },
        },
      },
      async (request) => {
        const term = (request.query.searchTerm ?? '').trim();
        if (term.length < LIMITS.searchTermMin) throw new DomainError('validation', [CUSTOMER_MESSAGES.searchTermTooShort]);
        const results = await searchCustomers(sql, term);
        // Staff lookups are logged: who, what kind, how many hits; never the term itself.
        request.log.info({ actor: request.auth?.actor, lookup: 'customer-search', kind: results[0]?.searchType ?? 'none', hits: results.length }, 'staff customer lookup');
        return { dataSet: results };
      },
    );
  };
}
