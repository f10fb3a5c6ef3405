/**
 * Paper coupon books (issue 12), the command side (contracts/src/paper-books/views.ts):
 * - POST /api/paper-books finds a book by its sale RO in the DMS data and adds it to the system
 *   (201; 200 when it is there alike; 404 book-ro-not-found; 409 another sale);
 * - POST /api/paper-books/{bookNumber}/redemptions redeems one paper coupon on an RO (201);
 * - POST /api/paper-books/{bookNumber}/redemptions/{redemptionId}/void voids it (staff their own
 *   on the day, managers any);
 * - POST /api/paper-books/{bookNumber}/conversion converts the book into the customer's digital
 *   pack (201) and answers whether a registration message went out.
 * Raw bounds only here; the rules and their messages run in contracts and the decider.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAPER_BOOK_MESSAGES as M, positionMetaDataSchema } from '@dealer/contracts';
import { INPUT_SCHEMAS, INT32_MAX, locatedActor, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import type { RedemptionActor } from '@dealer/domain/coupon-redemption/decide';
import { convertPaperBook, redeemPaperCoupon, registerPaperBookByRo, voidPaperRedemption, type PaperRedemptionResult } from '../paper-books/service';
import { problemResponse, uuid } from './schemas';

const rawNumber = { type: ['number', 'null'], minimum: -INT32_MAX, maximum: INT32_MAX } as const;
const rawText = (maxLength: number) => INPUT_SCHEMAS.nullableText(maxLength);

const lookupBody = { type: ['object', 'null'], properties: { bookNumber: rawText(200), locationId: rawNumber, saleRoNumber: rawText(200), packId: rawText(200) } } as const;
const redeemBody = { type: ['object', 'null'], properties: { paperCouponNumber: rawNumber, locationId: rawNumber, roNumber: rawText(200) } } as const;
const voidBody = { type: ['object', 'null'], properties: { reason: rawText(2000) } } as const;
const conversionBody = { type: ['object', 'null'], properties: { customerId: rawText(200) } } as const;
const bookParams = { type: 'object', required: ['bookNumber'], properties: { bookNumber: INPUT_SCHEMAS.text(200) } } as const;
const redemptionParams = { type: 'object', required: ['bookNumber', 'redemptionId'], properties: { bookNumber: INPUT_SCHEMAS.text(200), redemptionId: uuid } } as const;

const envelope = (dataSet: Record<string, unknown>) => ({ type: 'object', properties: { dataSet: { type: 'object', properties: dataSet }, metaData: positionMetaDataSchema } }) as const;
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bookAnswer = envelope({ id: str, bookNumber: str, revision: int, created: { type: 'boolean' }, message: str });
const redemptionAnswer = envelope({ id: str, redemptionId: str, bookNumber: str, paperCouponNumber: int, status: str, amount: int, revision: int, message: str });
const conversionAnswer = envelope({ id: str, bookNumber: str, saleId: str, customerId: str, convertedCount: int, convertedValue: int, registration: str, revision: int, message: str });

/** Who acts, authorised at the location the action happens at with the role held there (issue 20). */
const actorOf = (request: FastifyRequest) => locatedActor(request);

const metaData = (position: number | null) => (position === null ? {} : { position: String(position) });

function redemptionReply(result: PaperRedemptionResult, message: string) {
  const { position, ...rest } = result;
  return { dataSet: { id: result.redemptionId, ...rest, message }, metaData: metaData(position) };
}

export const paperBookRoutes = (deps: { store: EventStore; sql: Sql }) =>
  async function routes(app: FastifyInstance) {
    app.post<{ Body: Record<string, unknown> | null | undefined }>(
      '/api/paper-books',
      { config: { access: 'paper-books' }, schema: { ...apiDoc('Paper books', 'Register a paper book', 'Registers an unknown book by its sale RO (`bookNumber`, `locationId`, `saleRoNumber`, `packId`): 201, or 200 for the same book again; 404 when the RO is not in the DMS data (help page Book RO Not Found).'), body: lookupBody, response: { 200: bookAnswer, 201: bookAnswer, '4xx': problemResponse } } },
      async (request, res) => {
        const result = await registerPaperBookByRo(deps, request.body ?? {}, actorOf(request), commandContext(request));
        res.status(result.created ? 201 : 200);
        return {
          dataSet: { id: result.bookNumber, bookNumber: result.bookNumber, revision: result.revision, created: result.created, message: M.registered },
          metaData: metaData(result.position),
        };
      },
    );

    app.post<{ Params: { bookNumber: string }; Body: Record<string, unknown> | null | undefined }>(
      '/api/paper-books/:bookNumber/redemptions',
      { config: { access: 'paper-book-redemptions' }, schema: { ...apiDoc('Paper books', 'Redeem a paper coupon', 'Redeems a paper coupon (`paperCouponNumber`) on an RO through the digital coupons\' rules and the RO\'s caps: 201.'), params: bookParams, body: redeemBody, response: { 201: redemptionAnswer, '4xx': problemResponse } } },
      async (request, res) => {
        const result = await redeemPaperCoupon(deps, request.params.bookNumber, request.body ?? {}, actorOf(request), commandContext(request));
        res.status(201);
        return redemptionReply(result, M.redeemed);
      },
    );

    app.post<{ Params: { bookNumber: string; redemptionId: string }; Body: Record<string, unknown> | null | undefined }>(
      '/api/paper-books/:bookNumber/redemptions/:redemptionId/void',
      { config: { access: 'paper-book-redemption-voids' }, schema: { ...apiDoc('Paper books', 'Void a paper redemption', 'Voids a paper coupon\'s redemption (`reason`): staff their own on the local day, managers any.'), params: redemptionParams, body: voidBody, response: { 200: redemptionAnswer, '4xx': problemResponse } } },
      async (request) =>
        redemptionReply(await voidPaperRedemption(deps, request.params.bookNumber, request.params.redemptionId, request.body ?? {}, actorOf(request), commandContext(request)), M.voided),
    );

    app.post<{ Params: { bookNumber: string }; Body: Record<string, unknown> | null | undefined }>(
      '/api/paper-books/:bookNumber/conversion',
      { config: { access: 'paper-book-conversions' }, schema: { ...apiDoc('Paper books', 'Convert a paper book', 'Converts the book\'s unused coupons into a customer\'s digital pack (`customerId`): 201 with the sale, the count and value converted and the registration outcome.'), params: bookParams, body: conversionBody, response: { 201: conversionAnswer, '4xx': problemResponse } } },
      async (request, res) => {
        const { position, ...result } = await convertPaperBook(deps, request.params.bookNumber, request.body ?? {}, actorOf(request), commandContext(request));
        res.status(201);
        return { dataSet: { id: result.bookNumber, ...result, message: M.converted(result.convertedCount) }, metaData: metaData(position) };
      },
    );
  };
