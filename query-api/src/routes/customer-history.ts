/**
 * GET /api/customers/{id}/history?asOf=ISO-8601: replays the customer's streams into the
 * auditor's timeline. An audit view reads the event store itself (not a read model) so that it
 * shows exactly what was recorded. Managers and admins see personal data; controllers see it
 * replaced. Every opening is logged (who, whose), never the content.
 */
import type { FastifyInstance } from 'fastify';
import { COUPON_HISTORY_EVENT_TYPES, CUSTOMER_MESSAGES, couponRemindersStreamId, customerStreamId, type CustomerHistory } from '@dealer/contracts';
import { DomainError, type EventStore, apiDoc } from '@dealer/platform';
import { buildTimeline } from '../history/timeline';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
/** contracts CustomerHistory: the state as of `asOf` (any fields) and the timeline's entries; a change's before and after are any JSON. */
const historyAnswer = {
  type: 'object',
  properties: {
    dataSet: {
      type: 'object',
      properties: {
        customerId: text,
        asOf: nullableText,
        personalDataShown: { type: 'boolean' },
        state: { type: 'object', additionalProperties: true },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              eventId: text, streamId: text, revision: { type: 'integer' }, globalPosition: text, type: text, summary: text, time: text, actor: text,
              actorName: nullableText, correlationId: text, causationId: nullableText,
              changes: { type: 'array', items: { type: 'object', properties: { field: text, before: {}, after: {} } } },
              personalDataErased: { type: 'boolean' },
            },
          },
        },
      },
    },
  },
} as const;

/** Streams that belong to one customer: by naming convention (their coupon expiry reminders too, issue 24), plus related ones found elsewhere. */
export const customerStreams = (customerId: string, related: readonly string[] = []) => [customerStreamId(customerId), `app-events-${customerId}`, couponRemindersStreamId(customerId), ...related];

/** Finds a customer's streams whose ids do not derive from the customer id (e.g. redemption verifications). */
export type RelatedStreams = (customerId: string) => Promise<string[]>;

/** Names of staff actors (`user:<id>`), keyed by actor. */
export type StaffNames = (actors: string[]) => Promise<Map<string, string>>;

/** Location names by id, for the coupon events' summaries (issue 12). */
export type LocationNames = () => Promise<Map<number, string>>;

export function customerHistoryRoutes(
  store: EventStore,
  relatedStreams: RelatedStreams = async () => [],
  staffNames: StaffNames = async () => new Map(),
  locationNames: LocationNames = async () => new Map(),
) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Params: { id: string }; Querystring: { asOf?: string } }>(
      '/api/customers/:id/history',
      {
        config: { access: 'customer-history' },
        schema: { ...apiDoc('Customer history', 'A customer\'s history', 'Every event of the customer (profile, contact changes, verifications, pack sales, redemptions, paper books, reviews) with actor, before and after, and the state as of `asOf`. Personal data is marked Hidden for controllers.'),
          params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
          querystring: { type: 'object', properties: { asOf: { type: 'string', format: 'date-time' } } },
          response: { 200: historyAnswer },
        },
      },
      async (request) => {
        const streams = await Promise.all(customerStreams(request.params.id, await relatedStreams(request.params.id)).map((s) => store.readStream(s)));
        const events = streams.flat();
        if (!events.some((e) => e.type === 'CustomerCreated')) throw new DomainError('not_found', [CUSTOMER_MESSAGES.notFound]);
        const roles = request.auth?.roles ?? [];
        const showPersonalData = roles.includes('admin') || roles.includes('manager');
        const asOf = request.query.asOf ? new Date(request.query.asOf) : undefined;
        request.log.info({ actor: request.auth?.actor, customerId: request.params.id, asOf: request.query.asOf ?? null }, 'customer history opened');
        const actorNames = await staffNames([...new Set(events.map((e) => e.metadata.actor).filter((a) => a.startsWith('user:')))]);
        const names = events.some((e) => COUPON_HISTORY_EVENT_TYPES.has(e.type)) ? await locationNames() : undefined;
        const { entries, state } = buildTimeline(events, { asOf, showPersonalData, actorNames, locationNames: names });
        const dataSet: CustomerHistory = { customerId: request.params.id, asOf: request.query.asOf ?? null, personalDataShown: showPersonalData, state, entries };
        return { dataSet };
      },
    );
  };
}
