/**
 * GET /api/ro-data?roNumber=&locationId= : one repair order with its jobs (DMS reference data);
 * with accounting=1 its accounting postings; with findCustomers=1 the CRM customers matching
 * the RO's customer (e-mail or any phone).
 */
import type { FastifyInstance } from 'fastify';
import { DomainError, assertMayActAt, type Sql, apiDoc } from '@dealer/platform';
import { CUSTOMER_DETAILS } from '@dealer/read-models/customer-details/queries';
import { CUSTOMER_SEARCH } from '@dealer/read-models/customer-search/queries';
import { RO_MESSAGES, findCustomersForRepairOrder, getAccountingDetails, getRepairOrder } from '@dealer/read-models/customer-search/repair-orders';

const str = { type: ['string', 'null'] } as const;
const num = { type: 'number' } as const;
const numOrNull = { type: ['number', 'null'] } as const;
const bool = { type: ['boolean', 'null'] } as const;

const jobSchema = {
  type: 'object',
  properties: {
    jobId: { type: 'integer' }, lineCode: str, lineNo: { type: ['integer', 'null'] }, opCode: { type: 'string' }, opCodeDesc: str,
    laborType: { type: 'string', enum: ['C', 'W', 'I'] },
    partsCost: num, partsSale: num, partsGross: num, laborCost: num, laborSale: num, laborGross: num,
    miscCost: num, miscSale: num, miscGross: num, validReportFlag: bool, soldHours: numOrNull, serviceRequest: str,
    techNo: str, upsellFlag: bool, hostItemId: str, techNos: { type: 'array', items: { type: 'string' } }, totalCost: num,
  },
} as const;

export const repairOrderSchema = {
  type: 'object',
  required: ['roNumber', 'locationId', 'jobs'],
  properties: {
    roNumber: { type: 'string' }, locationId: { type: 'integer' }, deptId: str, locationName: { type: 'string' }, vin: str,
    mileage: { type: ['integer', 'null'] }, customerEmail: str, customerPhones: { type: 'array', items: { type: 'string' } },
    customerAddress: str, customerAddress2: str, customerCity: str, customerState: str, customerZip: str,
    customerFirstName: str, customerLastName: str, customerFullName: { type: 'string' },
    advisorFirstName: str, advisorLastName: str, advisorFullName: { type: 'string' },
    soldHours: numOrNull, soldHoursCustomer: numOrNull, soldHoursInternal: numOrNull, soldHoursWarranty: numOrNull,
    advisorDepartment: str, advisorTeam: str, openDate: { type: 'string' }, promiseDate: str, closeDate: str, voidDate: str,
    isClosed: { type: 'boolean' }, isVoided: { type: 'boolean' },
    jobs: { type: 'array', items: jobSchema },
    totals: {
      type: 'object',
      properties: { partsCost: num, partsSale: num, laborCost: num, laborSale: num, miscCost: num, miscSale: num, soldHours: num, totalCost: num },
    },
  },
} as const;

const accountingSchema = {
  type: 'object',
  required: ['cdkAccountingDetailsId'],
  properties: {
    cdkAccountingDetailsId: { type: 'integer' }, id: { type: 'integer' }, roNumber: { type: 'string' }, locationId: { type: 'integer' },
    locationName: str, locationShortName: str, accountNumber: { type: 'string' }, accountingDate: { type: 'string' },
    groupName: str, detailDescription: str, postingAmount: num, postingSequence: { type: ['integer', 'null'] },
    postingTime: str, modifiedDate: str, journalId: str,
  },
} as const;

const roCustomerSchema = {
  type: 'object',
  required: ['customerId'],
  properties: {
    customerId: { type: 'string' }, firstName: str, lastName: str, emailAddress: str, phoneMobile: str, phoneOther: str,
    address: str, address2: str, city: str, state: str, zip: str,
  },
} as const;

/** Query string of the RO lookups; roNumber and locationId are checked in the handler for SPEC's messages. */
export const roQuerystring = {
  roNumber: { type: 'string', maxLength: 20 },
  locationId: { type: 'integer', minimum: 1, maximum: 2147483647 },
  minPosition: { type: 'string', maxLength: 40 },
} as const;

/** SPEC 5: 'RO Number is required' and 'Location is required'. */
export function requireRo(query: { roNumber?: string; locationId?: number }): { roNumber: string; locationId: number } {
  const errors: string[] = [];
  const roNumber = (query.roNumber ?? '').trim();
  if (!roNumber) errors.push(RO_MESSAGES.roNumberRequired);
  if (query.locationId === undefined) errors.push(RO_MESSAGES.locationRequired);
  if (errors.length) throw new DomainError('validation', errors);
  return { roNumber, locationId: query.locationId! };
}

interface RoDataQuery {
  roNumber?: string;
  locationId?: number;
  accounting?: 0 | 1;
  findCustomers?: 0 | 1;
}

export function roDataRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: RoDataQuery }>(
      '/api/ro-data',
      {
        config: { access: 'ro-data', readModels: [CUSTOMER_SEARCH, CUSTOMER_DETAILS] },
        schema: { ...apiDoc('Repair orders', 'Read a repair order', 'One RO of the DMS data by `roNumber` at `locationId` with its jobs, amounts and status; `accounting=1` adds its accounting postings, `findCustomers=1` the CRM customers matching the RO\'s customer (e-mail or any phone). Staff at that location.'),
          querystring: {
            type: 'object',
            properties: { ...roQuerystring, accounting: { type: 'integer', enum: [0, 1] }, findCustomers: { type: 'integer', enum: [0, 1] } },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: {
                  anyOf: [
                    repairOrderSchema,
                    { type: 'array', items: accountingSchema },
                    { type: 'array', items: roCustomerSchema },
                  ],
                },
              },
            },
          },
        },
      },
      async (request) => {
        const { roNumber, locationId } = requireRo(request.query);
        // Issue 20: an RO is read by staff of its location (admins everywhere).
        assertMayActAt(request, locationId);
        const { accounting, findCustomers } = request.query;
        if (accounting === 1 && findCustomers === 1) throw new DomainError('validation', [RO_MESSAGES.eitherAccountingOrCustomers]);
        const dataSet =
          accounting === 1
            ? await getAccountingDetails(sql, locationId, roNumber)
            : findCustomers === 1
              ? await findCustomersForRepairOrder(sql, locationId, roNumber)
              : await getRepairOrder(sql, locationId, roNumber);
        if (dataSet === null) throw new DomainError('not_found', [RO_MESSAGES.notFound]);
        return { dataSet };
      },
    );
  };
}
