/**
 * GET /api/reports/{report} (issue 14; access 'reports': controllers, managers, admins).
 *
 * Query string:
 * - `from`, `to`: the period, local days YYYY-MM-DD, inclusive; both required, from <= to, at
 *   most REPORT_PERIOD_MAX_DAYS days (else 400 with REPORT_MESSAGES.periodInvalid / periodTooLong).
 * - `locationIds`: location numbers, comma-separated and/or repeated (`?locationIds=1,2&locationIds=3`);
 *   none: every location the caller may see. Admins see every location. Controllers and managers
 *   see the locations where they hold a controller or manager role (the user-roles read model,
 *   within the locations of their access token): asked locations outside those are left out
 *   (narrowed, the answer's `locationIds` says which were used); none left -> 403 noLocations.
 * - the report's options (REPORT_CATALOGUE[report].options): a missing or empty option takes its
 *   default, any other value not among its choices -> 400 optionInvalid(label).
 * - the report's drill parameters (REPORT_CATALOGUE[report].drillParams), checked by kind
 *   (uuid, date, text <= REPORT_DRILL_TEXT_MAX, location: a positive location number) -> 400 drillInvalid.
 *   Parameters of other reports are ignored.
 * - `format`: json (default) answers a ReportAnswer; csv streams one table, `table=<key>` (required,
 *   one of the answer's tables, else 400 tableUnknown), as routes/reports-csv.ts writes it, with
 *   Content-Disposition attachment `<report>-<from>-<to>.csv` (`<report>-<from>-<to>-<table>.csv`
 *   when the report has more than one table, as the page names it).
 * Unknown report -> 404 'Report not found.'; a definition that fails -> a plain 500 (nothing of
 * the failure in the answer). today = the server's current UTC date.
 *
 * GET /api/report-locations (access 'reports'): {dataSet: [{locationId, name}]} by name, the locations the
 * caller reads reports at (the same reportingLocationIds that narrows the asked ones); none: an empty list.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  REPORT_CATALOGUE,
  REPORT_DRILL_TEXT_MAX,
  REPORT_LOCATIONS_MAX,
  REPORT_MESSAGES,
  REPORT_NAMES,
  REPORT_PERIOD_MAX_DAYS,
  isLocalDate,
  isReportName,
  type ReportAnswer,
  type ReportCatalogueEntry,
  type ReportName,
  type ReportQuery,
} from '@dealer/contracts';
import { DomainError, INPUT_SCHEMAS, INT32_MAX, isStorableText, type Sql, apiDoc } from '@dealer/platform';
import { REPORT_DEFINITIONS, type ReportDefinition } from '@dealer/read-models/reports/index';
import { csvStream } from './reports-csv';
import { reportingLocationIds } from './role-locations';
import { namedLocations } from '@dealer/read-models/reports/locations';

export const REPORT_ROUTE_MESSAGES = {
  locationsInvalid: 'Choose locations by their numbers.',
  tooManyLocations: `A report covers at most ${REPORT_LOCATIONS_MAX} locations.`,
} as const;

const text = { type: 'string' } as const;
const cell = { type: ['string', 'number', 'null'] } as const;
const strings = { type: 'object', additionalProperties: text } as const;
/**
 * A report as JSON (contracts ReportAnswer). With `format=csv` the route answers text/csv instead (a
 * stream, which the serializer leaves as it is).
 */
const reportAnswerSchema = {
  type: 'object',
  description: 'The report (tables, charts and notes); with `format=csv`, text/csv of one table instead.',
  properties: {
    report: text,
    from: text,
    to: text,
    locationIds: { type: 'array', items: { type: 'integer' } },
    options: strings,
    drill: strings,
    tables: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          key: text,
          title: text,
          columns: { type: 'array', items: { type: 'object', properties: { key: text, label: text, kind: { type: 'string', enum: ['text', 'date', 'count', 'money', 'percent'] } } } },
          rows: { type: 'array', items: { type: 'object', properties: { cells: { type: 'object', additionalProperties: cell }, drill: strings } } },
          rowCount: { type: 'integer' },
          totals: { type: ['object', 'null'], additionalProperties: cell },
        },
      },
    },
    charts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          key: text,
          title: text,
          kind: { type: 'string', enum: ['line', 'bar'] },
          xKey: text,
          valueKind: { type: 'string', enum: ['money', 'count'] },
          series: { type: 'array', items: { type: 'object', properties: { key: text, label: text } } },
          points: { type: 'array', items: { type: 'object', additionalProperties: { type: ['string', 'number'] } } },
        },
      },
    },
    notes: { type: 'array', items: text },
  },
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOCATION_NUMBER = /^[1-9][0-9]{0,9}$/;
const MS_PER_DAY = 86_400_000;

/** Every option and drill key any report declares: each a bounded string in the schema. */
function reportParamKeys(): string[] {
  const keys = new Set<string>();
  for (const name of REPORT_NAMES) {
    const entry = REPORT_CATALOGUE[name];
    for (const o of entry.options) keys.add(o.key);
    for (const k of Object.keys(entry.drillParams)) keys.add(k);
  }
  return [...keys];
}

const RESERVED = ['from', 'to', 'locationIds', 'format', 'table', 'minPosition'];

export const reportQuerystring = {
  type: 'object',
  properties: {
    from: INPUT_SCHEMAS.text(10),
    to: INPUT_SCHEMAS.text(10),
    // Each value a location number or a comma-separated list of them; repeated or not.
    locationIds: { type: 'array', maxItems: REPORT_LOCATIONS_MAX, items: INPUT_SCHEMAS.text(REPORT_LOCATIONS_MAX * 11) },
    format: { type: 'string', enum: ['json', 'csv'] },
    table: INPUT_SCHEMAS.text(100),
    minPosition: INPUT_SCHEMAS.text(40),
    ...Object.fromEntries(reportParamKeys().filter((k) => !RESERVED.includes(k)).map((k) => [k, INPUT_SCHEMAS.text(REPORT_DRILL_TEXT_MAX)])),
  },
} as const;

type ReportQuerystring = Record<string, string | string[] | undefined> & { locationIds?: string[] };

const invalid = (message: string, field: string) => new DomainError('validation', [message], { [field]: message });

const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / MS_PER_DAY;

/** The period: both dates real, from <= to, at most REPORT_PERIOD_MAX_DAYS days. */
export function parsePeriod(from: unknown, to: unknown): { from: string; to: string } {
  if (!isLocalDate(from)) throw invalid(REPORT_MESSAGES.periodInvalid, 'from');
  if (!isLocalDate(to) || to < from) throw invalid(REPORT_MESSAGES.periodInvalid, 'to');
  if (dayNumber(to) - dayNumber(from) + 1 > REPORT_PERIOD_MAX_DAYS) throw invalid(REPORT_MESSAGES.periodTooLong, 'to');
  return { from, to };
}

/** `?locationIds=1,2&locationIds=3` -> [1, 2, 3] (sorted, distinct); none -> []. */
export function parseLocationIds(raw: string[] | string | undefined): number[] {
  const values = raw === undefined ? [] : [raw].flat();
  const ids = new Set<number>();
  for (const value of values) {
    for (const part of value.split(',')) {
      const text = part.trim();
      if (text === '') continue;
      if (!LOCATION_NUMBER.test(text) || Number(text) > INT32_MAX) throw invalid(REPORT_ROUTE_MESSAGES.locationsInvalid, 'locationIds');
      ids.add(Number(text));
      if (ids.size > REPORT_LOCATIONS_MAX) throw invalid(REPORT_ROUTE_MESSAGES.tooManyLocations, 'locationIds');
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** Every option of the report: the default when missing or empty, else one of its values. */
export function parseOptions(entry: ReportCatalogueEntry, query: ReportQuerystring): Record<string, string> {
  const options: Record<string, string> = {};
  for (const option of entry.options) {
    const raw = query[option.key];
    if (raw === undefined || raw === '') options[option.key] = option.default;
    else if (typeof raw === 'string' && option.values.some((v) => v.value === raw)) options[option.key] = raw;
    else throw invalid(REPORT_MESSAGES.optionInvalid(option.label), option.key);
  }
  return options;
}

/** The drill parameters given, each valid for its kind. */
export function parseDrill(entry: ReportCatalogueEntry, query: ReportQuerystring): Record<string, string> {
  const drill: Record<string, string> = {};
  for (const [key, kind] of Object.entries(entry.drillParams)) {
    const raw = query[key];
    if (raw === undefined || raw === '') continue;
    const value = typeof raw === 'string' ? raw.trim() : null;
    const ok =
      value !== null &&
      value !== '' &&
      (kind === 'uuid'
        ? UUID.test(value)
        : kind === 'date'
          ? isLocalDate(value)
          : kind === 'location'
            ? LOCATION_NUMBER.test(value) && Number(value) <= INT32_MAX
            : value.length <= REPORT_DRILL_TEXT_MAX && isStorableText(value));
    if (!ok) throw invalid(REPORT_MESSAGES.drillInvalid, key);
    drill[key] = kind === 'uuid' ? value.toLowerCase() : kind === 'location' ? String(Number(value)) : value;
  }
  return drill;
}

/** The locations the caller may see, among those asked (none asked: all of theirs). */
async function reportLocations(sql: Sql, request: FastifyRequest, asked: number[]): Promise<number[]> {
  // Admins read every location: the asked ones are used as asked.
  if (request.auth?.roles.includes('admin') && asked.length > 0) return asked;
  const allowed = await reportingLocationIds(sql, request);
  const narrowed = asked.length === 0 ? allowed : asked.filter((id) => allowed.includes(id));
  if (narrowed.length === 0) throw new DomainError('forbidden', [REPORT_MESSAGES.noLocations]);
  return narrowed;
}

/** The server's current UTC date. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

export function reportRoutes(sql: Sql, definitions: Readonly<Record<ReportName, ReportDefinition>> = REPORT_DEFINITIONS) {
  // One route serves every report: read-your-writes waits for every read model any report reads.
  const readModels = [...new Set(Object.values(definitions).flatMap((d) => d.readModels))];
  return async function routes(app: FastifyInstance) {
    // The locations the caller reads reports at (what the report pages offer), by name: reportingLocationIds.
    app.get(
      '/api/report-locations',
      {
        config: { access: 'reports', readModels: ['user_roles'] },
        schema: { ...apiDoc('Reports', 'Reporting locations', 'The locations the caller may report on: admins every location, controllers and managers where they hold that role now.'),
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: { type: 'array', items: { type: 'object', properties: { locationId: { type: 'integer' }, name: { type: 'string' } } } },
              },
            },
          },
        },
      },
      async (request, reply) => {
        const ids = await reportingLocationIds(sql, request);
        const dataSet = await namedLocations(sql, ids);
        // Roles change: never cached.
        reply.header('cache-control', 'no-store');
        return { dataSet };
      },
    );

    app.get<{ Params: { report: string }; Querystring: ReportQuerystring }>(
      '/api/reports/:report',
      {
        config: { access: 'reports', readModels },
        schema: { ...apiDoc('Reports', 'Run a report', 'One of the reports (`coupon-sales`, `coupon-sales-v2`, `coupon-redemptions`, `coupon-redemptions-v2`, `payouts`, `expired`, `invoice-summary`, `invoice-summary-v2`, `expiry-reminders`) for a period (`from`, `to`) and locations, with its options and drill-down; JSON, or CSV of one table (`format=csv&table=`).'),
          params: { type: 'object', required: ['report'], properties: { report: INPUT_SCHEMAS.text(100) } },
          querystring: reportQuerystring,
          response: { 200: reportAnswerSchema },
        },
      },
      async (request, reply) => {
        const name = request.params.report;
        if (!isReportName(name)) throw new DomainError('not_found', [REPORT_MESSAGES.unknownReport]);
        const entry = REPORT_CATALOGUE[name];
        const definition = definitions[name];
        const q = request.query;
        const { from, to } = parsePeriod(q.from, q.to);
        const asked = parseLocationIds(q.locationIds);
        const options = parseOptions(entry, q);
        const drill = parseDrill(entry, q);
        const csv = q.format === 'csv';
        const tableKey = typeof q.table === 'string' ? q.table : '';
        if (csv && tableKey === '') throw invalid(REPORT_MESSAGES.tableUnknown, 'table');
        const locationIds = await reportLocations(sql, request, asked);
        const query: ReportQuery = { from, to, locationIds, options, drill, today: utcToday() };

        const body = await definition.answer(sql, query);
        reply.header('cache-control', 'no-store');
        if (!csv) {
          const answer: ReportAnswer = { report: name, from, to, locationIds, options, drill, ...body };
          return answer;
        }
        const table = body.tables.find((t) => t.key === tableKey);
        if (!table) throw invalid(REPORT_MESSAGES.tableUnknown, 'table');
        reply
          .type('text/csv; charset=utf-8')
          // As the page names it: the table's key added when the report has more than one table.
          .header('content-disposition', `attachment; filename="${name}-${from}-${to}${body.tables.length > 1 ? `-${table.key}` : ''}.csv"`)
          .header('x-content-type-options', 'nosniff');
        return reply.send(csvStream(table.columns, definition.stream(sql, query, table.key), table.totals));
      },
    );
  };
}
