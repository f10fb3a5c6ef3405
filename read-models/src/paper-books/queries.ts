/**
 * Query of the `paper_books` read model (tables: ./projection.ts): one paper
 * coupon book with its coupons (PaperBookView). A paper coupon's status depends on the time, so
 * it is computed here at `now`, with the meaning of contracts' paperCouponStatus: redeemed (a
 * live redemption), converted / void once the book was converted (moved to the digital pack, or
 * not: used or expired then), expired past the end of its last local day, else available.
 * Location names come from ref.locations, staff names from the users read model, the
 * conversion's customer name from the customer details read model.
 */
import { cents, type CouponTerms, type PaperBookSource, type PaperBookView, type PaperCouponStatus, type PaperCouponView } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { locationNames, namesOf } from '../coupon-catalogue/queries';
import { staffNamesOf } from '../users/queries';

export const PAPER_BOOKS = 'paper_books';

interface BookRow {
  bookNumber: string;
  packId: string;
  packName: string;
  packDescription: string | null;
  locationId: number;
  saleRoNumber: string;
  soldOn: string;
  price: string;
  source: PaperBookSource;
  registeredAt: Date;
  convertedCustomerId: string | null;
  convertedSaleId: string | null;
  convertedCount: number | null;
  convertedValue: string | null;
  convertedAt: Date | null;
  convertedBy: string | null;
  revision: number;
  customerName: string | null;
}

interface CouponRow {
  number: number;
  couponId: string;
  terms: CouponTerms;
  expiresOn: string;
  expiresAt: Date;
  allocatedValue: string;
  converted: boolean;
  redemptionId: string | null;
  redemptionLocationId: number | null;
  redemptionRoNumber: string | null;
  redemptionOpCode: string | null;
  redemptionLaborType: NonNullable<PaperCouponView['redemption']>['laborType'] | null;
  redemptionAmount: string | null;
  redeemedAt: Date | null;
  redeemedBy: string | null;
}

/** A paper coupon's status at `now` (contracts' paperCouponStatus over the read model's row). */
export function paperCouponStatusOf(coupon: { redeemed: boolean; converted: boolean; expiresAt: string }, bookConverted: boolean, now: Date): PaperCouponStatus {
  if (coupon.redeemed) return 'redeemed';
  if (bookConverted) return coupon.converted ? 'converted' : 'void';
  if (now.getTime() > Date.parse(coupon.expiresAt)) return 'expired';
  return 'available';
}

/** The book with this (normalised) number, or null when the system does not hold it. */
export async function getPaperBook(sql: Sql, bookNumber: string, now: Date): Promise<PaperBookView | null> {
  const [book] = await sql<BookRow[]>`
    select b.book_number as "bookNumber", b.pack_id::text as "packId", b.pack_name as "packName", b.pack_description as "packDescription",
      b.location_id as "locationId", b.sale_ro_number as "saleRoNumber", to_char(b.sold_on, 'YYYY-MM-DD') as "soldOn",
      b.price::text as price, b.source, b.registered_at as "registeredAt", b.converted_customer_id::text as "convertedCustomerId",
      b.converted_sale_id::text as "convertedSaleId", b.converted_count as "convertedCount", b.converted_value::text as "convertedValue",
      b.converted_at as "convertedAt", b.converted_by as "convertedBy", b.revision,
      nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), '') as "customerName"
    from rm_paper_books.books b
    left join rm_customer_details.customers c on c.customer_id = b.converted_customer_id
    where b.book_number = ${bookNumber}`;
  if (!book) return null;
  const [coupons, names] = await Promise.all([
    sql<CouponRow[]>`
      select number, coupon_id::text as "couponId", terms, to_char(expires_on, 'YYYY-MM-DD') as "expiresOn", expires_at as "expiresAt",
        allocated_value::text as "allocatedValue", converted, redemption_id as "redemptionId",
        redemption_location_id as "redemptionLocationId", redemption_ro_number as "redemptionRoNumber",
        redemption_op_code as "redemptionOpCode", redemption_labor_type as "redemptionLaborType",
        redemption_amount::text as "redemptionAmount", redeemed_at as "redeemedAt", redeemed_by as "redeemedBy"
      from rm_paper_books.paper_coupons where book_number = ${bookNumber}
      order by number`,
    locationNames(sql),
  ]);
  const actors = [...new Set([...coupons.map((c) => c.redeemedBy ?? ''), book.convertedBy ?? ''].filter(Boolean).map((by) => `user:${by}`))];
  const staff = await staffNamesOf(sql, actors);
  const staffName = (userId: string) => staff.get(`user:${userId}`) ?? null;
  const bookConverted = book.convertedAt !== null;

  return {
    bookNumber: book.bookNumber,
    id: book.bookNumber,
    packId: book.packId,
    packName: book.packName,
    packDescription: book.packDescription,
    locationId: book.locationId,
    locationName: names.get(book.locationId) ?? null,
    saleRoNumber: book.saleRoNumber,
    soldOn: book.soldOn,
    price: cents(Number(book.price)),
    source: book.source,
    registeredAt: book.registeredAt.toISOString(),
    status: bookConverted ? 'converted' : 'open',
    conversion:
      bookConverted && book.convertedCustomerId !== null && book.convertedSaleId !== null && book.convertedBy !== null
        ? {
            customerId: book.convertedCustomerId,
            customerName: book.customerName,
            saleId: book.convertedSaleId,
            convertedCount: book.convertedCount ?? 0,
            convertedValue: cents(Number(book.convertedValue ?? 0)),
            convertedAt: book.convertedAt!.toISOString(),
            by: book.convertedBy,
            byName: staffName(book.convertedBy),
          }
        : null,
    coupons: coupons.map((c): PaperCouponView => {
      const expiresAt = c.expiresAt.toISOString();
      const redeemed = c.redemptionId !== null;
      return {
        number: c.number,
        couponId: c.couponId,
        name: c.terms.name,
        description: c.terms.description,
        opCodes: c.terms.opCodes,
        value: c.terms.value,
        laborTypes: c.terms.laborTypes,
        locationIds: c.terms.locationIds,
        locationNames: namesOf(c.terms.locationIds, names),
        expiresOn: c.expiresOn,
        expiresAt,
        allocatedValue: cents(Number(c.allocatedValue)),
        status: paperCouponStatusOf({ redeemed, converted: c.converted, expiresAt }, bookConverted, now),
        redemption: redeemed
          ? {
              redemptionId: c.redemptionId!,
              locationId: c.redemptionLocationId!,
              locationName: names.get(c.redemptionLocationId!) ?? null,
              roNumber: c.redemptionRoNumber!,
              opCode: c.redemptionOpCode!,
              laborType: c.redemptionLaborType!,
              amount: cents(Number(c.redemptionAmount)),
              redeemedAt: c.redeemedAt!.toISOString(),
              redeemedBy: c.redeemedBy!,
              redeemedByName: staffName(c.redeemedBy!),
            }
          : null,
      };
    }),
    revision: book.revision,
  };
}

/** Issue 24 part 3: the location each paper book was sold at, by book number (the live updates stream tells staff there). */
export async function paperBookLocationsOf(sql: Sql, bookNumbers: readonly string[]): Promise<Map<string, number>> {
  if (bookNumbers.length === 0) return new Map();
  const rows = await sql<{ id: string; location_id: number }[]>`
    select book_number as id, location_id from rm_paper_books.books where book_number = any(${bookNumbers}::text[])`;
  return new Map(rows.map((r) => [r.id, r.location_id]));
}
