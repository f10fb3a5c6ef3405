/**
 * POST /api/customer-contact-form (SPEC 2.1 /customer/contact, 7; issue 13): a customer sends
 * a message to a location. Customers only, for their own customerId (customerScope). Answers
 * the confirmation in dataSet; the workers e-mail the location.
 */
import type { FastifyInstance } from 'fastify';
import { CONTACT_FORM_MESSAGE_MAX, CONTACT_FORM_REPLY_CHANNELS, CONTACT_FORM_TOPICS } from '@dealer/contracts';
import { apiDoc, type EventStore, type Sql } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import { sendContactForm } from '../customer-contact/send-contact-form';
import { problemResponse } from './schemas';

interface Body {
  customerId: string;
  locationId?: unknown;
  topic?: unknown;
  message?: unknown;
  preferredReply?: unknown;
}

export function customerContactFormRoutes(deps: { store: EventStore; sql: Sql }) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Body: Body }>(
      '/api/customer-contact-form',
      {
        config: { access: 'customer-contact-form', customerScope: { in: 'body', field: 'customerId' } },
        schema: { ...apiDoc('Customer area', 'Write to a location', 'The signed-in customer writes to a location (`locationId`, `topic`, `message`, `preferredReply`): the message is sealed with the customer\'s key and e-mailed to the location\'s contact address.'),
          // Types and bounds here; missing or wrong fields get the form's own messages (checkContactForm).
          body: {
            type: 'object',
            required: ['customerId'],
            properties: {
              customerId: { type: 'string', format: 'uuid' },
              locationId: { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 },
              topic: { type: ['string', 'null'], maxLength: 40 },
              // Code units: a message of CONTACT_FORM_MESSAGE_MAX characters fits in twice as many.
              message: { type: ['string', 'null'], maxLength: CONTACT_FORM_MESSAGE_MAX * 2 },
              preferredReply: { type: ['string', 'null'], maxLength: 10 },
            },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: {
                  type: 'object',
                  properties: {
                    messageId: { type: 'string' },
                    locationId: { type: 'integer' },
                    locationName: { type: 'string' },
                    topic: { type: 'string', enum: CONTACT_FORM_TOPICS.map((t) => t.value) },
                    preferredReply: { type: 'string', enum: [...CONTACT_FORM_REPLY_CHANNELS] },
                    confirmation: { type: 'string' },
                  },
                },
                metaData: { type: 'object', properties: { position: { type: 'string' } } },
              },
            },
            '4xx': problemResponse,
          },
        },
      },
      async (request) => {
        const { result, position } = await sendContactForm(deps, request.body, commandContext(request));
        return { dataSet: result, metaData: position === null ? {} : { position: String(position) } };
      },
    );
  };
}
