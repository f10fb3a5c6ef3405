/** POST /api/app-events {type, customerId}: triggers an app event; answers [{event, result}] (SPEC 7) with the catalogue's name and message. */
import type { FastifyInstance } from 'fastify';
import { appEventDefinition, appEventMessage, type AppEventResult } from '@dealer/contracts';
import { handle, type EventStore, apiDoc } from '@dealer/platform';
import { appEventDecider, appEventStreamId } from '@dealer/domain/app-event/decide';
import { commandContext } from '../plugins/request-context';
import { problemResponse } from './schemas';

const nullableText = { type: ['string', 'null'] } as const;
/** SPEC 3's app-event results: one per event the trigger produced (contracts AppEventResult); `data` and `result` are any JSON. */
const appEventAnswer = {
  type: 'object',
  properties: {
    dataSet: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          event: {
            type: ['object', 'null'],
            properties: {
              eventId: { type: 'string' }, appId: { type: 'string' }, customerId: { type: 'string' }, type: { type: 'string' }, name: { type: 'string' },
              message: nullableText, data: {}, isTriggered: { type: 'boolean' }, createdDate: { type: 'string' }, triggeredDate: nullableText,
            },
          },
          result: {},
        },
      },
    },
    metaData: { type: 'object', properties: { position: { type: 'string' } } },
  },
} as const;

export function appEventRoutes(store: EventStore) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Body: { type: string; customerId: string; appId?: string } }>(
      '/api/app-events',
      {
        config: { access: 'app-events', customerScope: { in: 'body', field: 'customerId' } },
        schema: { ...apiDoc('Customer area', 'Record an app event', 'Records an app event of the catalogue (`type`, e.g. Login) for a customer; its message reaches listeners by name.'),
          body: {
            type: 'object',
            required: ['type', 'customerId'],
            properties: { type: { type: 'string', maxLength: 60 }, customerId: { type: 'string', format: 'uuid' }, appId: { type: 'string', maxLength: 60 } },
          },
          response: { 200: appEventAnswer, '4xx': problemResponse },
        },
      },
      async (request) => {
        const ctx = commandContext(request);
        const appEventId = ctx.newId();
        const { customerId, type } = request.body;
        const appId = request.body.appId ?? 'dealer-web';
        const result = await handle(store, appEventStreamId(customerId), appEventDecider, { type: 'TriggerAppEvent', data: { appEventId, customerId, appId, eventType: type } }, ctx);
        const now = ctx.now().toISOString();
        // The decider refused unknown types, so the catalogue has this one.
        const definition = appEventDefinition(type)!;
        // result.state counts this trigger too: 1 means the customer's first (e.g. a first sign-in).
        const message = appEventMessage(definition, (result.state[type] ?? 0) <= 1);
        const dataSet: AppEventResult[] = [
          {
            event: { eventId: appEventId, appId, customerId, type, name: definition.name, message, data: null, isTriggered: true, createdDate: now, triggeredDate: now },
            result: null,
          },
        ];
        return {
          dataSet,
          metaData: result.position === null ? {} : { position: String(result.position) },
        };
      },
    );
  };
}
