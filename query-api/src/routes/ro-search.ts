/**
 * GET /api/ro-search (staff, issue 23): repair orders by advisor, customer name, VIN, status and
 * a range of opening or closing dates, newest first, `pageSize` at a time, as `{dataSet: {rows, next}}`
 * (`after` = the previous page's `next`). Without `locationId` it searches every location where the caller holds a staff
 * role (admins: every location); a `locationId` where they hold none is a 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RO_DATE_FIELDS, RO_SEARCH_LIMITS, RO_SEARCH_MESSAGES, RO_STATUSES, type RoSearchQuery } from '@dealer/contracts';
import { DomainError, assertMayActAt, mayActAt, type Sql, apiDoc } from '@dealer/platform';
import { listLocations } from '@dealer/read-models/customer-search/repair-orders';
import { decodeRoCursor, parsePersonName, searchRepairOrders, type RoSearchFilters } from '@dealer/read-models/repair-order-search/queries';

const date = { type: 'string', maxLength: 10 } as const;
const str = { type: ['string', 'null'] } as const;

const rowSchema = {
  type: 'object',
  required: ['roNumber', 'locationId', 'status', 'openDate'],
  properties: {
    roNumber: { type: 'string' }, locationId: { type: 'integer' }, locationName: { type: 'string' },
    status: { type: 'string', enum: [...RO_STATUSES] }, openDate: { type: 'string' }, closeDate: str, voidDate: str,
    advisorFullName: { type: 'string' }, customerFullName: { type: 'string' }, vin: str, mileage: { type: ['integer', 'null'] },
  },
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (text: string) => ISO_DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** The filters the query string asks for, checked (400 with every problem named). */
export function roSearchFilters(query: RoSearchQuery, locationIds: readonly number[]): RoSearchFilters {
  const errors: string[] = [];
  const from = query.from?.trim() || undefined;
  const to = query.to?.trim() || undefined;
  if (from !== undefined && !isDate(from)) errors.push(RO_SEARCH_MESSAGES.badDate('from'));
  if (to !== undefined && !isDate(to)) errors.push(RO_SEARCH_MESSAGES.badDate('to'));
  if (from && to && isDate(from) && isDate(to) && from > to) errors.push(RO_SEARCH_MESSAGES.fromAfterTo);
  const vin = query.vin?.replace(/[\s-]/g, '').toUpperCase() || undefined;
  if (vin !== undefined && vin.length < RO_SEARCH_LIMITS.minVinLength) errors.push(RO_SEARCH_MESSAGES.vinTooShort);
  const after = query.after ? decodeRoCursor(query.after) : undefined;
  if (after === null) errors.push(RO_SEARCH_MESSAGES.badCursor);
  if (errors.length) throw new DomainError('validation', errors);
  const advisor = query.advisor ? parsePersonName(query.advisor) : null;
  const customer = query.customerName ? parsePersonName(query.customerName) : null;
  return {
    locationIds,
    ...(advisor ? { advisor } : {}),
    ...(customer ? { customer } : {}),
    ...(vin ? { vinSuffix: vin } : {}),
    ...(query.status ? { status: query.status } : {}),
    dateField: query.dateField ?? 'opened',
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    pageSize: query.pageSize ?? RO_SEARCH_LIMITS.defaultPageSize,
    ...(after ? { after } : {}),
  };
}

/** The locations searched: the one asked for (403 unless the caller may search there), else all of the caller's. */
async function searchedLocations(sql: Sql, request: FastifyRequest, locationId: number | undefined): Promise<number[]> {
  if (locationId !== undefined) {
    assertMayActAt(request, locationId);
    return [locationId];
  }
  const auth = request.auth!;
  const candidates = auth.roles.includes('admin') ? (await listLocations(sql)).map((l) => l.locationId) : auth.locationIds;
  return candidates.filter((id) => mayActAt(request, id));
}

export function roSearchRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: RoSearchQuery }>(
      '/api/ro-search',
      {
        config: { access: 'ro-search' },
        schema: { ...apiDoc('Repair orders', 'Search repair orders', 'ROs by advisor, customer name, VIN (last 6+ characters), status and a range of opening or closing dates, newest first, a page at a time (keyset cursor), at the locations where the caller works.'),
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: {
              locationId: { type: 'integer', minimum: 1, maximum: 2147483647 },
              advisor: { type: 'string', maxLength: RO_SEARCH_LIMITS.maxNameLength },
              customerName: { type: 'string', maxLength: RO_SEARCH_LIMITS.maxNameLength },
              vin: { type: 'string', maxLength: RO_SEARCH_LIMITS.maxVinLength + 4 },
              status: { type: 'string', enum: [...RO_STATUSES] },
              dateField: { type: 'string', enum: [...RO_DATE_FIELDS] },
              from: date,
              to: date,
              pageSize: { type: 'integer', minimum: 1, maximum: RO_SEARCH_LIMITS.maxPageSize },
              after: { type: 'string', maxLength: RO_SEARCH_LIMITS.maxCursorLength },
              minPosition: { type: 'string', maxLength: 40 },
            },
          },
          response: {
            200: {
              type: 'object',
              properties: { dataSet: { type: 'object', required: ['rows', 'next'], properties: { rows: { type: 'array', items: rowSchema }, next: str } } },
            },
          },
        },
      },
      async (request, reply) => {
        const locationIds = await searchedLocations(sql, request, request.query.locationId);
        const filters = roSearchFilters(request.query, locationIds);
        // An import adds ROs at any moment: never cached.
        reply.header('cache-control', 'no-store');
        return { dataSet: await searchRepairOrders(sql, filters) };
      },
    );
  };
}
