/**
 * Read model `paper_books` (issue 12): every paper coupon book in the system and its printed
 * coupons, for GET /api/paper-books/{bookNumber} (PaperBookView).
 *
 * Tables: `books` (one row per book: the PaperBookRegistered facts, the pack as printed, and the
 * conversion once PaperBookConverted) and `paper_coupons` (one row per printed coupon with the
 * terms it was printed with, copied from the book's pack snapshot, whether the conversion moved
 * it to the digital pack, and its live redemption). A coupon's status is not stored: it depends
 * on the time, so the query computes it (as contracts' paperCouponStatus).
 *
 * Same semantics as contracts' evolvePaperBook: a redemption sets the coupon's live redemption;
 * a void clears it only when it names that redemption (a late void of an earlier one changes
 * nothing); a conversion records the customer, the sale and the numbers moved.
 *
 * Re-applying is harmless: a book row remembers its stream's revision (the book's coupons are
 * in the same stream), and an event at or below it is skipped. An event of a book the table does
 * not hold, or naming a coupon number the book does not have, throws, so the runner parks it.
 */
import { PAPER_BOOK_EVENT_TYPES, type PaperBookEvent, type PaperBookRegistered } from '@dealer/contracts';
import type { RecordedEvent } from '@dealer/platform';
import type { Projection, Tx } from '../projection';
import { PREPARED, ident } from '../projection';

export const paperBooks: Projection = {
  name: 'paper_books',
  schema: 'rm_paper_books',
  handles: new Set<string>(PAPER_BOOK_EVENT_TYPES),

  async createTables(tx, schema) {
    const s = ident(schema);
    await tx.unsafe(`
      create table if not exists ${s}.books (
        book_number text primary key,
        pack_id uuid not null,
        pack_name text not null,
        pack_description text,
        pack_snapshot jsonb not null,
        location_id integer not null,
        time_zone text not null,
        sale_ro_number text not null,
        sold_on date not null,
        price bigint not null,
        source text not null check (source in ('import', 'dms-ro')),
        registered_by text not null,
        registered_at timestamptz not null,
        converted_customer_id uuid,
        converted_sale_id uuid,
        converted_count integer,
        converted_value bigint,
        converted_at timestamptz,
        converted_by text,
        revision integer not null,
        modified_date timestamptz not null
      );
      create table if not exists ${s}.paper_coupons (
        book_number text not null,
        number integer not null,
        paper_coupon_id uuid not null,
        coupon_id uuid not null,
        terms jsonb not null,
        expires_on date not null,
        expires_at timestamptz not null,
        allocated_value bigint not null,
        converted boolean not null,
        redemption_id text,
        redemption_location_id integer,
        redemption_ro_number text,
        redemption_op_code text,
        redemption_labor_type text,
        redemption_amount bigint,
        redeemed_at timestamptz,
        redeemed_by text,
        primary key (book_number, number)
      )`);
  },

  async applyBatch(tx, schema, events) {
    for (const event of events) await applyOne(tx, ident(schema), event);
  },
};

async function applyOne(tx: Tx, s: string, event: RecordedEvent): Promise<void> {
  const e = event as unknown as PaperBookEvent;
  const bookNumber = e.data?.bookNumber;
  if (typeof bookNumber !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no bookNumber.`);
  const [row] = await tx.unsafe<{ revision: number }[]>(`select revision from ${s}.books where book_number = $1 for update`, [bookNumber], PREPARED);
  if (row && event.revision <= row.revision) return;
  if (!row && e.type !== 'PaperBookRegistered') throw new Error(`${event.type} of paper book ${bookNumber}, which the read model does not hold (its PaperBookRegistered is missing or parked).`);
  if (row && e.type === 'PaperBookRegistered') throw new Error(`PaperBookRegistered of paper book ${bookNumber} at revision ${event.revision}, which the read model already holds.`);
  const time = event.metadata.time;
  const touch = () => tx.unsafe(`update ${s}.books set revision = $2, modified_date = $3 where book_number = $1`, [bookNumber, event.revision, time], PREPARED);
  /** Runs an update of one paper coupon; a number the book does not have is an event this model cannot apply. */
  const onCoupon = async (number: number, statement: string, values: unknown[]) => {
    const updated = await tx.unsafe(statement, [bookNumber, number, ...values] as never[], PREPARED);
    if (updated.count !== 1) throw new Error(`${event.type} of paper book ${bookNumber} names coupon number ${number}, which the book does not have.`);
  };

  switch (e.type) {
    case 'PaperBookRegistered':
      return insertBook(tx, s, e.data, event.revision, time);
    case 'PaperCouponRedeemed': {
      const d = e.data;
      await onCoupon(
        d.paperCouponNumber,
        `update ${s}.paper_coupons set redemption_id = $3, redemption_location_id = $4, redemption_ro_number = $5, redemption_op_code = $6,
           redemption_labor_type = $7, redemption_amount = $8, redeemed_at = $9, redeemed_by = $10
         where book_number = $1 and number = $2`,
        [d.redemptionId, d.locationId, d.roNumber, d.line.opCode, d.line.laborType, d.amount, d.redeemedAt, d.redeemedBy],
      );
      await touch();
      return;
    }
    case 'PaperCouponRedemptionVoided': {
      const d = e.data;
      // The coupon is usable again (while valid and its book not converted); a void of another redemption changes nothing.
      await onCoupon(
        d.paperCouponNumber,
        `update ${s}.paper_coupons set
           redemption_id = case when redemption_id = $3 then null else redemption_id end,
           redemption_location_id = case when redemption_id = $3 then null else redemption_location_id end,
           redemption_ro_number = case when redemption_id = $3 then null else redemption_ro_number end,
           redemption_op_code = case when redemption_id = $3 then null else redemption_op_code end,
           redemption_labor_type = case when redemption_id = $3 then null else redemption_labor_type end,
           redemption_amount = case when redemption_id = $3 then null else redemption_amount end,
           redeemed_at = case when redemption_id = $3 then null else redeemed_at end,
           redeemed_by = case when redemption_id = $3 then null else redeemed_by end
         where book_number = $1 and number = $2`,
        [d.redemptionId],
      );
      await touch();
      return;
    }
    case 'PaperBookConverted': {
      const d = e.data;
      if (!Array.isArray(d.convertedCouponNumbers)) throw new Error(`PaperBookConverted of paper book ${bookNumber} carries no convertedCouponNumbers.`);
      const numbers = [...new Set(d.convertedCouponNumbers)];
      const moved = await tx.unsafe(`update ${s}.paper_coupons set converted = true where book_number = $1 and number = any($2::integer[])`, [bookNumber, numbers] as never[], PREPARED);
      if (moved.count !== numbers.length) throw new Error(`PaperBookConverted of paper book ${bookNumber} names coupon numbers the book does not have.`);
      await tx.unsafe(
        `update ${s}.books set converted_customer_id = $2, converted_sale_id = $3, converted_count = $4, converted_value = $5, converted_at = $6,
           converted_by = $7, revision = $8, modified_date = $9
         where book_number = $1`,
        [bookNumber, d.customerId, d.saleId, numbers.length, d.convertedValue, d.convertedAt, d.by, event.revision, time] as never[],
        PREPARED,
      );
      return;
    }
    default:
      throw new Error(`paper_books does not know the event type ${(event as RecordedEvent).type}.`);
  }
}

async function insertBook(tx: Tx, s: string, d: PaperBookRegistered['data'], revision: number, time: string): Promise<void> {
  await tx.unsafe(
    `insert into ${s}.books (book_number, pack_id, pack_name, pack_description, pack_snapshot, location_id, time_zone, sale_ro_number,
       sold_on, price, source, registered_by, registered_at, revision, modified_date)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9::date, $10, $11, $12, $13, $14, $15)`,
    [
      d.bookNumber,
      d.pack.packId,
      d.pack.name,
      d.pack.description,
      d.pack,
      d.locationId,
      d.timeZone,
      d.saleRoNumber,
      d.soldOn,
      d.price,
      d.source,
      d.registeredBy,
      d.registeredAt,
      revision,
      time,
    ] as never[],
    PREPARED,
  );
  if (!Array.isArray(d.coupons)) throw new Error(`PaperBookRegistered of paper book ${d.bookNumber} carries no coupons.`);
  const termsOf = new Map(d.pack.items.map((i) => [i.couponId, i.coupon]));
  const coupons = d.coupons.map((c) => {
    const terms = termsOf.get(c.couponId);
    if (!terms) throw new Error(`PaperBookRegistered of paper book ${d.bookNumber} prints coupon ${c.couponId}, which its pack snapshot does not hold.`);
    return {
      book_number: d.bookNumber,
      number: c.number,
      paper_coupon_id: c.paperCouponId,
      coupon_id: c.couponId,
      terms,
      expires_on: c.expiresOn,
      expires_at: c.expiresAt,
      allocated_value: c.allocatedValue,
      converted: false,
    };
  });
  if (coupons.length === 0) return;
  await tx.unsafe(
    `insert into ${s}.paper_coupons select * from json_populate_recordset(null::${s}.paper_coupons, $1::json)`,
    [coupons as never],
    PREPARED,
  );
}
