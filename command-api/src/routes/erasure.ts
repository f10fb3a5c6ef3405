/**
 * POST /api/customer-erasure {customerId, reason} (admins): records CustomerPersonalDataErased,
 * masks the customer's details on their DMS repair orders, destroys the customer's personal-data
 * key, removes the form drafts about the customer, and removes the customer's sign-in (its login is their e-mail). Projections null the read
 * models and the workers scrub the outbox on that event.
 *
 * Order: the event is written BEFORE the key is destroyed, so an erasure is never done without
 * its record; a failure after the event leaves the key, and repeating the request (each step is
 * idempotent, the decider adds no second event) finishes the erasure while the history is still
 * readable to find the repair orders. The key goes last but for the sign-in clean-up.
 */
import type { FastifyInstance } from 'fastify';
import { customerStreamId } from '@dealer/contracts';
import { load, handle, type EventStore, type PersonalDataVault, type Sql, apiDoc } from '@dealer/platform';
import { maskErasedCustomerRepairOrders } from '@dealer/dms/erasure';
import { erasureDecider, ERASURE_MESSAGES } from '@dealer/domain/customer/erasure';
import { deleteCustomerFormDrafts } from '@dealer/platform/form-drafts/store';
import { removeCustomerSignIn } from '../identity/credentials';
import { commandContext } from '../plugins/request-context';
import { problemResponse } from './schemas';

export function erasureRoutes(deps: { store: EventStore; vault: PersonalDataVault; sql: Sql }) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Body: { customerId: string; reason: string } }>(
      '/api/customer-erasure',
      {
        config: { access: 'customer-erasure' },
        schema: { ...apiDoc('Customers', 'Erase a customer\'s personal data', 'Admins erase a customer\'s personal data (`customerId`, a required `reason`): the event is written, then the customer\'s key destroyed (crypto-shredding); their DMS repair orders are masked.'),
          body: {
            type: 'object',
            required: ['customerId', 'reason'],
            properties: { customerId: { type: 'string', format: 'uuid' }, reason: { type: 'string', maxLength: 500 } },
          },
          response: {
            200: { type: 'object', properties: { dataSet: { type: 'object', properties: { customerId: { type: 'string' }, message: { type: 'string' } } }, metaData: { type: 'object', properties: { position: { type: 'string' } } } } },
            '4xx': problemResponse,
          },
        },
      },
      async (request) => {
        const { customerId, reason } = request.body;
        const stream = customerStreamId(customerId);
        // Refuse unknown customers and empty reasons before destroying anything.
        const { history, state } = await load(deps.store, stream, erasureDecider);
        erasureDecider.decide({ type: 'EraseCustomerPersonalData', data: { customerId, reason } }, state);
        // Every e-mail and phone the customer had (throttling keys hold e-mails; the DMS copies
        // are found by both): collect them while still readable.
        type Contacts = { emailAddress?: string | null; pendingEmail?: string | null; phoneMobile?: string | null; phoneOther?: string | null; pendingPhone?: string | null };
        const contacts = history.map((e) => e.data as Contacts);
        const emails = new Set(contacts.flatMap((d) => [d.emailAddress, d.pendingEmail]).filter((x): x is string => Boolean(x)).map((x) => x.toLowerCase()));
        const phones = contacts.flatMap((d) => [d.phoneMobile, d.phoneOther, d.pendingPhone]).filter((x): x is string => Boolean(x));
        const result = await handle(deps.store, stream, erasureDecider, { type: 'EraseCustomerPersonalData', data: { customerId, reason } }, commandContext(request));
        const maskedRepairOrders = await maskErasedCustomerRepairOrders(deps.sql, { emails: [...emails], phones });
        await deps.vault.erase(customerId);
        // Form drafts about the customer (their profile, a pack sold to them): unreadable once the key
        // is gone, and removed here (decision 0082).
        const removedDrafts = await deleteCustomerFormDrafts(deps.sql, customerId);
        await removeCustomerSignIn(deps.sql, customerId, [...emails]);
        request.log.info({ actor: request.auth?.actor, customerId, maskedRepairOrders, removedDrafts }, 'customer personal data erased');
        return { dataSet: { customerId, message: ERASURE_MESSAGES.erased }, metaData: result.position === null ? {} : { position: String(result.position) } };
      },
    );
  };
}
