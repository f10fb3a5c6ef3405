/** GET /api/customers/{id} and GET /api/customer-search. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CUSTOMER_MESSAGES, LIMITS, looksLikeDeskCode, parseDeskCode, type CustomerSearchResult } from '@dealer/contracts';
import { countAttempt, pruneThrottle, reserveAddressTurn, uncountAttempt } from '@dealer/platform/auth/throttle';
import { findByDeskCode, PACK_SALES } from '@dealer/read-models/pack-sales/queries';
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
    marketingConsent: {
      type: 'object',
      description: 'Consent to coupon reminders per channel (issue 24): e-mail on and texts off until the customer agrees.',
      properties: { email: { type: 'boolean' }, sms: { type: 'boolean' } },
    },
  },
} as const;
const searchResultSchema = {
  type: 'object',
  properties: {
    customerId: { type: 'string' }, firstName: str, lastName: str, emailAddress: str, searchType: { type: 'string' },
    soldDMSNumber: str, soldLocationName: str, soldDate: str, phoneMobile: str,
    deskCode: {
      type: ['object', 'null'],
      description: 'Set on a `Code` hit: the desk code and the pack sale or issued coupon it names, with its status now.',
      properties: {
        code: { type: 'string' }, kind: { type: 'string', enum: ['sale', 'coupon'] }, saleId: { type: 'string' }, issuedCouponId: str,
        packName: { type: 'string' }, couponName: str,
        status: { type: 'string', enum: ['available', 'redeemed', 'expired', 'voided', 'pending', 'final'] },
      },
    },
  },
} as const;

/** Desk-code misses one employee may have in 15 minutes before their code look-ups lock for 15 minutes (issue 24). */
export const DESK_CODE_MISSES = 10;


/** Two words of letters: a name as much as a code. */
const NAME_LIKE = /^[A-Za-z]+\s+[A-Za-z]+$/;

export function customerQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Params: { id: string } }>(
      '/api/customers/:id',
      {
        config: { access: 'customers', customerScope: { in: 'params', field: 'id' }, readModels: [CUSTOMER_DETAILS] },
        schema: { ...apiDoc('Customers', 'Read a customer', 'One customer\'s profile with its `revision` (the next PUT\'s `expectedRevision`) and `marketingConsent` (reminders by e-mail and by text). Staff read any customer; a customer only themselves.'),
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
        config: { access: 'customer-search', readModels: [CUSTOMER_SEARCH, PACK_SALES] },
        schema: { ...apiDoc('Customers', 'Search customers', 'Finds customers by phone (any format), e-mail, name or RO number (`searchTerm`, at least 2 characters). A desk code (`7KQ4M-XR2TD`: ten characters, any case, hyphen or space optional) finds the customer whose pack sale or coupon has it (searchType `Code`, with `deskCode`: what it names and its status); a code nobody has answers 404, except two words of letters ("Casey Baker"), which are then searched as a name. Code look-ups are throttled like sign-in: 10 codes not found per employee in 15 minutes lock that employee\'s code look-ups for 15 minutes, and an address past 30 look-ups is slowed to one a second (429).'),
          querystring: { type: 'object', properties: { searchTerm: { type: 'string', maxLength: 254 }, minPosition: { type: 'string', maxLength: 40 } } },
          response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: searchResultSchema } } } },
        },
      },
      async (request) => {
        const term = (request.query.searchTerm ?? '').trim();
        if (term.length < LIMITS.searchTermMin) throw new DomainError('validation', [CUSTOMER_MESSAGES.searchTermTooShort]);
        if (looksLikeDeskCode(term)) {
          // "Casey Baker" is written like a code (five letters, a space, five letters): such a term
          // finds a code when there is one, and is otherwise a name search, neither refused nor
          // slowed by the code throttle (a code of letters only is one in 22 codes, of 22^10).
          if (!NAME_LIKE.test(term)) return { dataSet: [await deskCodeLookup(request, term)] };
          const hit = await findByDeskCode(sql, parseDeskCode(term)!, new Date());
          if (hit) return { dataSet: [hit] };
        }
        const results = await searchCustomers(sql, term);
        // Staff lookups are logged: who, what kind, how many hits; never the term itself.
        request.log.info({ actor: request.auth?.actor, lookup: 'customer-search', kind: results[0]?.searchType ?? 'none', hits: results.length }, 'staff customer lookup');
        return { dataSet: results };
      },
    );
  };

  /**
   * Issue 24: a desk code's customer, throttled like sign-in. Counted before the look-up (per
   * employee and per address); a hit takes its counts back, so only codes not found add up.
   */
  async function deskCodeLookup(request: FastifyRequest, term: string): Promise<CustomerSearchResult> {
    const actorKey = `desk-code:${request.auth!.actor}`;
    const addressKey = `desk-code-address:${request.ip}`;
    if (!(await countAttempt(sql, actorKey, DESK_CODE_MISSES))) throw new DomainError('rate_limited', [CUSTOMER_MESSAGES.deskCodeThrottled]);
    const wait = await reserveAddressTurn(sql, addressKey);
    if (wait === null) {
      await uncountAttempt(sql, actorKey);
      throw new DomainError('rate_limited', [CUSTOMER_MESSAGES.deskCodeThrottled]);
    }
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (Math.random() < 0.01) await pruneThrottle(sql);
    const hit = await findByDeskCode(sql, parseDeskCode(term)!, new Date());
    request.log.info({ actor: request.auth?.actor, lookup: 'customer-search', kind: 'Code', hits: hit ? 1 : 0 }, 'staff customer lookup');
    if (!hit) throw new DomainError('not_found', [CUSTOMER_MESSAGES.deskCodeNotFound]);
    await uncountAttempt(sql, actorKey);
    await uncountAttempt(sql, addressKey);
    return hit;
  }
}
