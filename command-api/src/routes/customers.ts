/** POST /api/customers, PUT /api/customers/{id}, POST /api/customer-resend-registration. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collidesWithMatches, CUSTOMER_MESSAGES, customerStreamId, validateProfile, type CustomerProfile } from '@dealer/contracts';
import { DomainError, PreconditionRequiredError, createdByRequest, handle, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { findMatches } from '@dealer/read-models/customer-search/matches';
import { contactValuesOf, type ContactReservations } from '../customers/contact-reservations';
import { customerDecider } from '@dealer/domain/customer/decider';
import { commandContext } from '../plugins/request-context';
import { commandResponse, idParams, problemResponse, profileBody } from './schemas';

const nullableText = { type: ['string', 'null'] } as const;
/** POST /api/customer-validate's answer (contracts CustomerValidation): passed, and the customers the profile may duplicate. */
const validationAnswer = {
  type: 'object',
  properties: {
    dataSet: {
      type: 'object',
      properties: {
        passed: { type: 'boolean' },
        customers: {
          type: 'array',
          items: { type: 'object', properties: { customerId: { type: 'string' }, firstName: nullableText, lastName: nullableText, emailAddress: nullableText, phoneMobile: nullableText, phoneOther: nullableText } },
        },
      },
    },
  },
} as const;

function profileOrThrow(body: unknown) {
  const result = validateProfile(body);
  if (!result.ok) throw new DomainError('validation', result.errors, result.fields);
  return result.value;
}

/** Switches a request leaves out keep their stored value (the schema would default them to false). */
const SWITCHES = ['isTaxExempt', 'verifyRedemptions'] as const;
function providedFields(body: unknown, profile: CustomerProfile): Partial<CustomerProfile> {
  const given = body as Record<string, unknown>;
  const result: Partial<CustomerProfile> = { ...profile };
  for (const key of SWITCHES) if (!(key in given)) delete result[key];
  return result;
}

/**
 * SPEC 6: customers do not set Tax Exempt or Verify Redemptions; among staff only managers and
 * admins set Verify Redemptions. Fields a role may not set are left out, so they keep their value.
 */
function allowedFields(request: FastifyRequest, profile: Partial<CustomerProfile>): Partial<CustomerProfile> {
  const roles = request.auth?.roles ?? [];
  const result = { ...profile };
  if (request.auth?.kind !== 'employee') delete result.isTaxExempt;
  if (!roles.includes('manager') && !roles.includes('admin')) delete result.verifyRedemptions;
  return result;
}

const position = (p: number | null) => (p === null ? {} : { position: String(p) });

/** Issue 10 item 13: a whole profile saved over a revision the client never saw would undo newer changes. */
export const REVISION_REQUIRED_MESSAGE = 'expectedRevision is required: send the revision of the customer you loaded (GET /api/customers/{id} answers it).';

export function customerRoutes(store: EventStore, sql: Sql, reservations: ContactReservations) {
  return async function routes(app: FastifyInstance) {
    app.post(
      '/api/customers',
      { config: { access: 'customers', readModels: ['customer_search'] }, schema: { ...apiDoc('Customers', 'Create a customer', 'Staff create a customer profile (SPEC 5\'s fields and maxima); e-mail and mobile phone are unique at write time, also under racing requests (409). A customer with an e-mail is sent a registration link.'), body: profileBody, response: { 201: commandResponse('customerId'), '4xx': problemResponse } } },
      async (request, reply) => {
        const profile = profileOrThrow(request.body);
        const ctx = commandContext(request);
        const customerId = ctx.newId();
        // A retry of this very request (Idempotency-Key) after a crash: the customer it created is its answer, not a duplicate.
        const created = await createdByRequest(store, customerStreamId(customerId), ctx);
        if (created) {
          reply.status(201);
          return { dataSet: { customerId, revision: created.revision }, metaData: position(created.position) };
        }
        if (collidesWithMatches(await findMatches(sql, profile), profile)) throw new DomainError('conflict', [CUSTOMER_MESSAGES.duplicate]);
        if (!(request.auth?.roles ?? []).some((r) => r === 'manager' || r === 'admin')) profile.verifyRedemptions = false;
        // The read model above answers for customers saved before reservations existed; the
        // reservations hold under races (issue 10 item 12): of two creates with one e-mail or
        // mobile, exactly one reserves it.
        const values = contactValuesOf(profile);
        await reservations.reserve(customerId, values, ctx);
        let result;
        try {
          result = await handle(store, customerStreamId(customerId), customerDecider, { type: 'CreateCustomer', data: { customerId, profile } }, ctx);
        } catch (error) {
          await reservations.release(customerId, values, ctx).catch(() => undefined);
          throw error;
        }
        reply.status(201);
        return { dataSet: { customerId, revision: result.revision }, metaData: position(result.position) };
      },
    );

    app.post(
      '/api/customer-validate',
      { config: { access: 'customer-validate', readModels: ['customer_search'] }, schema: { ...apiDoc('Customers', 'Check a profile before saving', 'Runs the profile rules and the duplicate check without saving anything: the messages by field, and the customers the profile may duplicate.'), body: profileBody, response: { 200: validationAnswer, '4xx': problemResponse } } },
      async (request) => {
        const profile = profileOrThrow(request.body);
        const customers = await findMatches(sql, profile);
        return { dataSet: { passed: customers.length === 0, customers } };
      },
    );

    app.put<{ Params: { id: string }; Body: { expectedRevision?: number } }>(
      '/api/customers/:id',
      { config: { access: 'customers', customerScope: { in: 'params', field: 'id' } }, schema: { ...apiDoc('Customers', 'Edit a customer', 'Replaces the profile; requires `expectedRevision` (the `revision` the GET answered): 428 without it, 409 when the customer changed since. A customer edits only their own profile.'), params: idParams, body: profileBody, response: { 200: commandResponse('customerId'), '4xx': problemResponse } } },
      async (request) => {
        const expectedRevision = request.body.expectedRevision;
        if (expectedRevision === undefined) throw new PreconditionRequiredError(REVISION_REQUIRED_MESSAGE);
        const profile = allowedFields(request, providedFields(request.body, profileOrThrow(request.body)));
        const customerId = request.params.id;
        const result = await handle(
          store,
          customerStreamId(customerId),
          customerDecider,
          { type: 'EditCustomer', data: { customerId, profile } },
          commandContext(request),
          { expectedRevision },
        );
        return { dataSet: { customerId, revision: result.revision }, metaData: position(result.position) };
      },
    );

    app.post<{ Body: { customerId: string; isEmail?: boolean; isText?: boolean } }>(
      '/api/customer-resend-registration',
      {
        config: { access: 'customer-resend-registration' },
        schema: { ...apiDoc('Customers', 'Send the registration link again', 'Staff send a customer without an account the registration link again, by e-mail (`isEmail`) or text (`isText`).'),
          body: {
            type: 'object',
            required: ['customerId'],
            properties: { customerId: { type: 'string', format: 'uuid' }, isEmail: { type: 'boolean' }, isText: { type: 'boolean' } },
          },
          response: { 200: commandResponse('customerId'), '4xx': problemResponse },
        },
      },
      async (request) => {
        const { customerId, isEmail, isText } = request.body;
        if (!isEmail === !isText) throw new DomainError('validation', ['Choose either isEmail or isText.']);
        const channel = isEmail ? 'email' : 'sms';
        const result = await handle(
          store,
          customerStreamId(customerId),
          customerDecider,
          { type: 'RequestRegistrationMessage', data: { customerId, channel } },
          commandContext(request),
        );
        return { dataSet: { customerId, revision: result.revision }, metaData: position(result.position) };
      },
    );
  };
}
