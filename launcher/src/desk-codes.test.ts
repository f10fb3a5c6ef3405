/**
 * Desk codes at the service desk (issue 24 part 1) through HTTP against real PostgreSQL (fresh
 * database for this file), on the demo programme's sales: every sale and issued coupon has a
 * code; staff find the customer by a coupon's or a sale's code in the customer search (any case,
 * with or without the hyphen), the hit names the coupon and says when it is voided or used; a
 * customer session cannot look codes up; codes not found are throttled like sign-in (10 per
 * employee in 15 minutes), and a hit does not count.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { CUSTOMER_MESSAGES, DESK_CODE_ALPHABET, deskCodeStatusNote } from '@dealer/contracts';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { givenRolesAtEveryRooftop } from './testing/rooftops';
import { loginAs } from './testing/auth';
import { importDmsRecords } from '@dealer/dms/index';
import { demoCouponId } from './demo/catalogue';

let server: TestServer;
let employee: Record<string, string>;
let manager: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  await givenRolesAtEveryRooftop(server, ['employee', 'manager']);
  employee = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
  customer = (await loginAs(server, 'customer')).headers;
  await waitForProjections(server.product);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await server.product.sql`delete from auth_throttle where key like 'desk-code%'`;
});

const inject = (options: InjectOptions, headers: Record<string, string>) => server.product.app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });
const search = (term: string, headers = employee) => inject({ method: 'GET', url: `/api/customer-search?searchTerm=${encodeURIComponent(term)}` }, headers);

/** A coupon of a sale that is not voided, none of its coupons used or held: its code, sale and customer. */
async function unusedCoupon() {
  const [row] = await server.product.sql<{ code: string; sale_id: string; issued_coupon_id: string; customer_id: string; name: string }[]>`
    select d.code, d.sale_id::text, d.issued_coupon_id::text, d.customer_id::text, c.terms->>'name' as name
    from rm_pack_sales.desk_codes d join rm_pack_sales.issued_coupons c using (issued_coupon_id) join rm_pack_sales.sales s on s.sale_id = d.sale_id
    where s.status <> 'voided' and c.expires_at > now()
      and not exists (select 1 from rm_pack_sales.issued_coupons o where o.sale_id = d.sale_id and o.redemption_id is not null)
    order by d.code limit 1`;
  return row!;
}

describe('desk codes', () => {
  it('should give every demo sale and issued coupon a distinct code in the desk alphabet', async () => {
    const [counts] = await server.product.sql<{ sales: number; coupons: number; codes: number; distinct: number }[]>`
      select (select count(*)::int from rm_pack_sales.sales) as sales, (select count(*)::int from rm_pack_sales.issued_coupons) as coupons,
             (select count(*)::int from rm_pack_sales.desk_codes) as codes, (select count(distinct code)::int from rm_pack_sales.desk_codes) as distinct`;
    expect(counts!.sales).toBeGreaterThan(0);
    expect(counts!.codes).toBe(counts!.sales + counts!.coupons);
    expect(counts!.distinct).toBe(counts!.codes);
    const codes = await server.product.sql<{ code: string }[]>`select code from rm_pack_sales.desk_codes`;
    const alphabet = `[${DESK_CODE_ALPHABET}]{5}`;
    for (const { code } of codes) expect(code).toMatch(new RegExp(`^${alphabet}-${alphabet}$`));
  });

  it("should find the customer by a coupon's code, typed any way, with the coupon it names", async () => {
    const coupon = await unusedCoupon();
    for (const typed of [coupon.code, coupon.code.toLowerCase(), coupon.code.replace('-', ''), ` ${coupon.code.replace('-', ' ')} `]) {
      const res = await search(typed);
      expect(res.statusCode, typed).toBe(200);
      const [hit, ...more] = res.json().dataSet;
      expect(more).toEqual([]);
      expect(hit).toMatchObject({
        customerId: coupon.customer_id,
        searchType: 'Code',
        deskCode: { code: coupon.code, kind: 'coupon', saleId: coupon.sale_id, issuedCouponId: coupon.issued_coupon_id, couponName: coupon.name, status: 'available' },
      });
      expect(hit.lastName).toEqual(expect.any(String));
    }
  });

  it("should find the customer by the sale's code, and say so once the sale is voided", async () => {
    const coupon = await unusedCoupon();
    const [sale] = await server.product.sql<{ code: string; status: string }[]>`
      select d.code, s.status from rm_pack_sales.desk_codes d join rm_pack_sales.sales s using (sale_id) where d.sale_id = ${coupon.sale_id} and d.kind = 'sale'`;
    const before = (await search(sale!.code)).json().dataSet[0];
    expect(before).toMatchObject({ customerId: coupon.customer_id, searchType: 'Code', deskCode: { kind: 'sale', saleId: coupon.sale_id, issuedCouponId: null, status: sale!.status } });

    const voided = await inject({ method: 'POST', url: `/api/pack-sales/${coupon.sale_id}/void`, payload: { reason: 'Desk code test' } }, manager);
    expect(voided.statusCode, voided.body).toBe(200);
    await waitForProjections(server.product);
    const saleHit = (await search(sale!.code)).json().dataSet[0];
    expect(saleHit.deskCode.status).toBe('voided');
    const couponHit = (await search(coupon.code)).json().dataSet[0];
    expect(couponHit.deskCode.status).toBe('voided');
    expect(deskCodeStatusNote(couponHit.deskCode)).toBe('This coupon has been voided.');
  });

  it('should say a used coupon is used', async () => {
    // An oil change of a sale at location 1 whose customer redeems without a verification, redeemed on an RO the DMS data has.
    const [coupon] = await server.product.sql<{ code: string; issued_coupon_id: string; customer_id: string }[]>`
      select d.code, d.issued_coupon_id::text, d.customer_id::text from rm_pack_sales.desk_codes d
      join rm_pack_sales.issued_coupons c using (issued_coupon_id) join rm_pack_sales.sales s on s.sale_id = c.sale_id
      join rm_customer_details.customers cd on cd.customer_id = d.customer_id
      where c.coupon_id = ${demoCouponId('oil')} and s.status = 'final' and c.redemption_id is null and c.expires_at > now()
        and not cd.verify_redemptions and c.terms->'locationIds' @> '[1]'::jsonb
      order by d.code limit 1`;
    expect(coupon, 'the demo data has an unused oil change of a customer without verification').toBeDefined();
    await server.product.sql`update ref.locations set time_zone = 'America/Denver' where time_zone is null`;
    const report = await importDmsRecords(server.product.sql, [{
      roNumber: '7400001', locationId: 1, vin: '4T1BF1FK5CU123456', mileage: 42_000, openDate: '2026-03-02T08:15:00', closeDate: null,
      jobs: [{ jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter', laborType: 'C', laborSale: 49.95, partsSale: 20 }],
    }]);
    expect(report).toMatchObject({ rejected: 0 });
    const redeemed = await inject({ method: 'POST', url: '/api/coupon-redemptions', payload: { issuedCouponId: coupon!.issued_coupon_id, customerId: coupon!.customer_id, locationId: 1, roNumber: '7400001' } }, employee);
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    await waitForProjections(server.product);
    const hit = (await search(coupon!.code)).json().dataSet[0];
    expect(hit.deskCode.status).toBe('redeemed');
    expect(deskCodeStatusNote(hit.deskCode)).toBe('This coupon has already been used.');
  });

  it('should answer 404 for a code nobody has, and keep a ten-letter name a name search', async () => {
    const res = await search('ZZZZZ-ZZZZZ');
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual([CUSTOMER_MESSAGES.deskCodeNotFound]);
    const name = await search('Brandstatt');
    expect(name.statusCode).toBe(200);
    expect(name.json().dataSet).toEqual([]);
  });

  it('should find a customer whose name is written like a code, however often, never throttled', async () => {
    // "Casey Baker": five letters, a space, five letters, all in the code alphabet.
    const created = await inject({ method: 'POST', url: '/api/customers', payload: { firstName: 'Casey', lastName: 'Baker', emailAddress: 'casey.baker@example.com', phoneMobile: '7205550491' } }, employee);
    expect(created.statusCode).toBe(201);
    const position = created.json().metaData.position as string;
    for (let i = 0; i < 12; i++) {
      const res = await inject({ method: 'GET', url: `/api/customer-search?searchTerm=${encodeURIComponent('Casey Baker')}`, headers: { 'x-min-position': position } }, employee);
      expect(res.statusCode).toBe(200);
      expect(res.json().dataSet).toContainEqual(expect.objectContaining({ customerId: created.json().dataSet.customerId, searchType: 'Name' }));
    }
    // The code look-ups of that employee are not locked by it.
    expect((await search((await unusedCoupon()).code)).statusCode).toBe(200);
  });

  it('should refuse a customer session (a code reveals nothing without a staff session) and no session at all', async () => {
    const coupon = await unusedCoupon();
    expect((await search(coupon.code, customer)).statusCode).toBe(403);
    const anonymous = await server.product.app.inject({ method: 'GET', url: `/api/customer-search?searchTerm=${coupon.code}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('should lock an employee out of code look-ups after 10 codes not found in 15 minutes, hits not counting', async () => {
    const coupon = await unusedCoupon();
    const misses = Array.from({ length: 10 }, (_, i) => `ZZZZZ-ZZZ${DESK_CODE_ALPHABET[i]}${DESK_CODE_ALPHABET[i]}`);
    for (const code of misses.slice(0, 5)) expect((await search(code)).statusCode).toBe(404);
    for (let i = 0; i < 5; i++) expect((await search(coupon.code)).statusCode).toBe(200);
    for (const code of misses.slice(5)) expect((await search(code)).statusCode).toBe(404);
    const locked = await search(coupon.code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors).toEqual([CUSTOMER_MESSAGES.deskCodeThrottled]);
    // Another employee is not locked; names, phones and e-mails still search for the locked one.
    expect((await search(coupon.code, manager)).statusCode).toBe(200);
    expect((await search('Sm')).statusCode).toBe(200);
  });
});
