/**
 * Contact changes (SPEC 2.5, 4, 7): POST /api/email-phone-verification requests one;
 * POST /auth-api/contact-change/confirm confirms an e-mail change from its link (public: the
 * token is the secret, the link works without signing in); POST /api/contact-change-confirmations
 * confirms a phone change with the SMS code (signed in); POST /api/contact-change-declines drops a
 * pending change (the customer on /verify, or staff for them).
 */
import type { FastifyInstance } from 'fastify';
import { CONTACT_CHANGE_MESSAGES } from '@dealer/contracts';
import { DomainError, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import { requestContactChange } from '../contact-changes/request-contact-change';
import { confirmContactChange, type ConfirmedChange } from '../contact-changes/confirm-contact-change';
import { declineContactChange } from '../contact-changes/decline-contact-change';
import { checkCode, checkLinkToken } from '../contact-changes/verification-secrets';
import { problemResponse } from './schemas';
import type { ContactReservations } from '../customers/contact-reservations';

const uuid = { type: 'string', format: 'uuid' } as const;
const position = (p: number | null) => (p === null ? {} : { position: String(p) });

const changeResponse = {
  type: 'object',
  properties: {
    dataSet: { type: 'object', properties: { customerId: { type: 'string' }, changeId: { type: 'string' }, kind: { type: 'string' } } },
    metaData: { type: 'object', properties: { position: { type: 'string' } } },
  },
} as const;

const confirmedAnswer = (c: ConfirmedChange) => ({
  dataSet: { customerId: c.customerId, changeId: c.changeId, kind: c.kind },
  metaData: position(c.position),
});

/** `hashKey`: the key of the secrets' keyed hashes (verificationHashKey(AUTH_SECRET)). */
export function contactChangeRoutes(store: EventStore, sql: Sql, hashKey: Buffer, reservations: ContactReservations) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Body: { type: string; info?: string | null; customerId: string; password?: string } }>(
      '/api/email-phone-verification',
      {
        config: { access: 'email-phone-verification', customerScope: { in: 'body', field: 'customerId' }, readModels: ['customer_search'] },
        schema: { ...apiDoc('Contact changes', 'Start an e-mail or phone change', 'Starts changing a customer\'s e-mail (a confirmation link) or mobile phone (a code by text): `type`, the new value in `info`. A customer changes only their own.'),
          body: {
            type: 'object',
            required: ['type', 'customerId'],
            properties: {
              type: { type: 'string', enum: ['email', 'phone', 'EMAIL', 'PHONE'] },
              info: { type: ['string', 'null'], maxLength: 320 },
              customerId: uuid,
              password: { type: 'string', maxLength: 128 },
            },
          },
          response: { 200: changeResponse, '4xx': problemResponse },
        },
      },
      async (request) => {
        const ctx = commandContext(request);
        const { changeId, position: p } = await requestContactChange({ store, sql }, request.body, { kind: request.auth!.kind }, ctx);
        return { dataSet: { customerId: request.body.customerId, changeId }, metaData: position(p) };
      },
    );

    app.post<{ Body: { token: string } }>(
      '/auth-api/contact-change/confirm',
      {
        config: { access: 'public' },
        schema: { ...apiDoc('Contact changes', 'Confirm an e-mail change from its link', 'Confirms a pending e-mail change with the link\'s token; no sign-in needed (the token is the secret).'),
          body: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 100 } } },
          response: { 200: changeResponse, '4xx': problemResponse },
        },
      },
      async (request) => {
        const check = await checkLinkToken(sql, hashKey, request.body.token, new Date());
        const ctx = commandContext(request);
        // Whoever holds the link acts for the customer it was sent to.
        if (!request.auth && check.ok) ctx.actor = `customer-link:${check.customerId}`;
        return confirmedAnswer(await confirmContactChange({ store, sql, reservations, log: request.log }, check, 'token', ctx));
      },
    );

    app.post<{ Body: { customerId: string; code?: string } }>(
      '/api/contact-change-confirmations',
      {
        config: { access: 'email-phone-verification', customerScope: { in: 'body', field: 'customerId' } },
        schema: { ...apiDoc('Contact changes', 'Confirm a phone change with its code', 'Confirms a pending mobile-phone change with the texted code (`customerId`, `code`).'),
          body: { type: 'object', required: ['customerId'], properties: { customerId: uuid, code: { type: 'string', maxLength: 20 } } },
          response: { 200: changeResponse, '4xx': problemResponse },
        },
      },
      async (request) => {
        const code = (request.body.code ?? '').replace(/\s+/g, '');
        if (!code) throw new DomainError('validation', [CONTACT_CHANGE_MESSAGES.codeRequired], { code: CONTACT_CHANGE_MESSAGES.codeRequired });
        // E-mail changes are confirmed by their link; the code confirms a phone change.
        const check = await checkCode(sql, hashKey, request.body.customerId, 'phone', code, new Date());
        return confirmedAnswer(await confirmContactChange({ store, sql, reservations, log: request.log }, check, 'code', commandContext(request)));
      },
    );

    app.post<{ Body: { customerId: string; type: 'email' | 'phone' } }>(
      '/api/contact-change-declines',
      {
        config: { access: 'email-phone-verification', customerScope: { in: 'body', field: 'customerId' } },
        schema: { ...apiDoc('Contact changes', 'Decline a pending e-mail or phone change', 'Drops the customer\'s pending change of `type` (`email` or `phone`): its link or code no longer confirms it. A customer declines only their own; nothing pending answers `declined: false`.'),
          body: { type: 'object', required: ['customerId', 'type'], additionalProperties: false, properties: { customerId: uuid, type: { type: 'string', enum: ['email', 'phone'] } } },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: { type: 'object', properties: { customerId: { type: 'string' }, kind: { type: 'string' }, declined: { type: 'boolean' } } },
                metaData: { type: 'object', properties: { position: { type: 'string' } } },
              },
            },
            '4xx': problemResponse,
          },
        },
      },
      async (request) => {
        const declined = await declineContactChange(store, request.body.customerId, request.body.type, commandContext(request));
        return { dataSet: { customerId: declined.customerId, kind: declined.kind, declined: declined.declined }, metaData: position(declined.position) };
      },
    );
  };
}
