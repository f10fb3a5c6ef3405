/**
 * Paper coupon books (issue 12): GET /api/paper-books/{bookNumber} (access 'paper-books', all
 * staff): the book and its printed coupons, `{dataSet: PaperBookView}`. The book number is
 * normalised as the commands do (checkBookNumber: trimmed, upper case), so "pb-1001 " finds
 * PB-1001; a malformed one is a 400 with its message, an unknown one a 404 that leads to the
 * "Not Found In System" help page. Each coupon's status is computed at the time of the request.
 * Declares readModels so a GET sent with a command's position (x-min-position) waits for it.
 */
import type { FastifyInstance } from 'fastify';
import { checkBookNumber, PAPER_BOOK_MESSAGES } from '@dealer/contracts';
import { DomainError, INPUT_SCHEMAS, type Sql, apiDoc } from '@dealer/platform';
import { CUSTOMER_DETAILS } from '@dealer/read-models/customer-details/queries';
import { getPaperBook, PAPER_BOOKS } from '@dealer/read-models/paper-books/queries';
import { couponTermsResponseProperties } from './coupons';

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const ints = { type: 'array', items: int } as const;

const paperCouponSchema = {
  type: 'object',
  properties: {
    number: int,
    couponId: str,
    name: str,
    description: nullableStr,
    opCodes: couponTermsResponseProperties.opCodes,
    value: couponTermsResponseProperties.value,
    laborTypes: couponTermsResponseProperties.laborTypes,
    locationIds: ints,
    locationNames: { type: 'array', items: nullableStr },
    expiresOn: str,
    expiresAt: str,
    allocatedValue: int,
    status: str,
    redemption: {
      type: ['object', 'null'],
      properties: {
        redemptionId: str,
        locationId: int,
        locationName: nullableStr,
        roNumber: str,
        opCode: str,
        laborType: str,
        amount: int,
        redeemedAt: str,
        redeemedBy: str,
        redeemedByName: nullableStr,
      },
    },
  },
} as const;

const paperBookSchema = {
  type: 'object',
  properties: {
    bookNumber: str,
    id: str,
    packId: str,
    packName: str,
    packDescription: nullableStr,
    locationId: int,
    locationName: nullableStr,
    saleRoNumber: str,
    soldOn: str,
    price: int,
    source: str,
    registeredAt: str,
    status: str,
    conversion: {
      type: ['object', 'null'],
      properties: {
        customerId: str,
        customerName: nullableStr,
        saleId: str,
        convertedCount: int,
        convertedValue: int,
        convertedAt: str,
        by: str,
        byName: nullableStr,
      },
    },
    coupons: { type: 'array', items: paperCouponSchema },
    revision: int,
  },
} as const;

/** Longer than any book number with stray spaces; checkBookNumber says what is wrong with the rest. */
const paramsSchema = { type: 'object', required: ['bookNumber'], properties: { bookNumber: INPUT_SCHEMAS.text(200) } } as const;
const querystring = { type: 'object', properties: { minPosition: { type: 'string', maxLength: 40 } } } as const;

export const paperBookQueryRoutes = (sql: Sql) =>
  async function routes(app: FastifyInstance) {
    app.get<{ Params: { bookNumber: string } }>(
      '/api/paper-books/:bookNumber',
      {
        // customer_details: a conversion right after the customer was created shows their name.
        config: { access: 'paper-books', readModels: [PAPER_BOOKS, CUSTOMER_DETAILS] },
        schema: { ...apiDoc('Paper books', 'Read a paper book', 'The book as printed (pack, location, sale RO, sold on, price), its conversion, and each paper coupon with its status and live redemption; 404 when not found.'), params: paramsSchema, querystring, response: { 200: { type: 'object', properties: { dataSet: paperBookSchema } } } },
      },
      async (request, reply) => {
        const checked = checkBookNumber(request.params.bookNumber);
        if ('error' in checked) throw new DomainError('validation', [checked.error], { bookNumber: checked.error });
        // A redemption, a void or a conversion changes it; statuses change with time.
        reply.header('cache-control', 'no-store');
        const book = await getPaperBook(sql, checked.value, new Date());
        if (!book) throw new DomainError('not_found', [PAPER_BOOK_MESSAGES.bookNotFound(checked.value)]);
        return { dataSet: book };
      },
    );
  };
