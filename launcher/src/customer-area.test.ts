/**
 * The customer area's reads (issue 13) through HTTP against real PostgreSQL and Redis:
 * - GET /api/customers/{id}/service-history: which DMS repair orders are a customer's. A verified
 *   e-mail or verified mobile matches (the phone in any writing the DMS export used); an
 *   unverified one, a name alone, or another customer's contacts never do; a staff link (a pack
 *   sold on the RO) counts only when the RO's contacts are empty or the customer's; voided ROs
 *   never show; newest first, paged, with jobs and totals in cents; a customer reads only their own.
 * - GET /api/pack-offers: only active packs, for anyone, with contents and selling locations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { PackOfferView, ServiceVisitView } from '@dealer/contracts';
import { hashPassword } from '@dealer/command-api';
import { importDmsRecords, type RepairOrderRecord } from '@dealer/dms/index';
import { deterministicUuid } from '@dealer/platform';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs, xsrfHeaders } from './testing/auth';
import { DEMO_PASSWORD } from './demo/accounts';
import { demoPackId } from './demo/catalogue';

let server: TestServer;
let staff: Record<string, string>;
let manager: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  staff = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
  admin = (await loginAs(server, 'admin')).headers;
});
afterAll(async () => {
  await server?.stop();
});

const inject = (options: InjectOptions) => server.product.app.inject({ ...options, headers: { ...staff, ...(options.headers ?? {}) } });

async function outbox(to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await inject({ method: 'GET', url: `/api/dev-outbox?to=${encodeURIComponent(to)}`, headers: admin });
    const messages = res.json().dataSet as { body: string }[];
    if (messages.length > 0) return messages[0]!.body;
    if (Date.now() > deadline) throw new Error(`no message to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function createCustomer(firstName: string, lastName: string, emailAddress: string, phoneMobile: string): Promise<{ id: string; position: string }> {
  const res = await inject({ method: 'POST', url: '/api/customers', payload: { firstName, lastName, emailAddress, phoneMobile } });
  expect(res.statusCode).toBe(201);
  return { id: res.json().dataSet.customerId, position: res.json().metaData.position };
}

/** The customer's e-mail becomes `email`, verified: staff request the change, the link in the e-mail confirms it. */
async function verifyEmail(id: string, email: string): Promise<string> {
  const requested = await inject({ method: 'POST', url: '/api/email-phone-verification', payload: { type: 'email', info: email, customerId: id } });
  expect(requested.statusCode).toBe(200);
  const token = /\/verify\/contact\/([\w-]+)/.exec(await outbox(email))![1]!;
  const confirmed = await server.product.app.inject({ method: 'POST', url: '/auth-api/contact-change/confirm', headers: await xsrfHeaders(server), payload: { token } });
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json().metaData.position;
}

/** The customer's mobile becomes `phone`, verified with the code texted to it. */
async function verifyPhone(id: string, phone: string): Promise<string> {
  const requested = await inject({ method: 'POST', url: '/api/email-phone-verification', payload: { type: 'phone', info: phone, customerId: id } });
  expect(requested.statusCode).toBe(200);
  const code = /\b(\d{6})\b/.exec(await outbox(phone))![1]!;
  const confirmed = await inject({ method: 'POST', url: '/api/contact-change-confirmations', payload: { customerId: id, code } });
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json().metaData.position;
}

async function history(id: string, options: { position?: string; headers?: Record<string, string>; query?: string } = {}) {
  const res = await inject({
    method: 'GET',
    url: `/api/customers/${id}/service-history${options.query ?? ''}`,
    headers: { ...(options.headers ?? {}), ...(options.position ? { 'x-min-position': options.position } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { dataSet: ServiceVisitView[]; metaData: { total: number; limit: number; offset: number } };
}
const roNumbers = (visits: ServiceVisitView[]) => visits.map((v) => v.roNumber);

// Location 1 of the demo data (it sells the demo packs); RO numbers far above the generator's.
const job = (jobId: number, opCode: string, laborType: 'C' | 'W' | 'I', partsSale: number, laborSale: number) => ({
  jobId, lineNo: jobId, opCode, opCodeDesc: `${opCode} service`, laborType, partsSale, laborSale, miscSale: 0, serviceRequest: `Please do ${opCode}`,
});
function ro(roNumber: string, openDate: string, contacts: { email?: string | null; phones?: string[] }, extra: Partial<RepairOrderRecord> = {}): RepairOrderRecord {
  return {
    roNumber, locationId: 1, openDate, closeDate: openDate.replace('T08', 'T16'), vin: '1HGCM82633A004352', mileage: 42_100,
    customerEmail: contacts.email ?? null, customerPhones: contacts.phones ?? [],
    customerFirstName: 'Sasha', customerLastName: 'Matcher', advisorFirstName: 'Evan', advisorLastName: 'Employee',
    jobs: [job(1, 'LOF', 'C', 30.1, 59.85), job(2, 'ROT', 'W', 0, 40.2)],
    ...extra,
  };
}

describe('GET /api/customers/{id}/service-history', () => {
  const sashaEmail = 'sasha.matcher@example.com';
  const sashaMobile = '7205550871';
  const RO = {
    byEmail: ro('480001', '2026-03-02T08:00:00', { email: 'Sasha.Matcher@Example.com', phones: ['3035550999'] }),
    // The DMS export wrote the phone with a country code and punctuation; stored as 10 digits.
    byPhone: ro('480002', '2026-05-10T08:00:00', { email: null, phones: ['+1 (720) 555-0871'] }),
    // Same name, someone else's contacts: never Sasha's.
    nameOnly: ro('480003', '2026-06-01T08:00:00', { email: 'another.sasha@example.com', phones: ['3035550998'] }),
    voided: ro('480004', '2026-06-15T08:00:00', { email: sashaEmail }, { voidDate: '2026-06-15T09:00:00' }),
    // Staff sell Sasha a pack on an RO with no contact details (it counts) and on one that is
    // someone else's (an RO number typed wrong: it does not).
    staffNoContacts: ro('480005', '2026-01-20T08:00:00', {}),
    staffOthers: ro('480006', '2026-01-25T08:00:00', { email: 'robin.other@example.com', phones: ['3035550997'] }),
    stillOpen: ro('480007', '2026-07-01T08:00:00', { email: sashaEmail }, { closeDate: null }),
    // Lee's own e-mail and mobile, which Lee never verified.
    leeUnverified: ro('480008', '2026-02-01T08:00:00', { email: 'lee.unverified@example.com', phones: ['7205550872'] }),
  };
  let sasha: { id: string; position: string };
  let customerHeaders: Record<string, string>;

  beforeAll(async () => {
    const report = await importDmsRecords(server.product.sql, Object.values(RO), { source: 'customer-area test' });
    expect(report.rejected).toBe(0);
    // Created with other contacts, then changed (verified) to the ones on the ROs.
    sasha = await createCustomer('Sasha', 'Matcher', 'sasha.before@example.com', '7205550870');
    await server.product.sql`insert into auth_credentials (user_kind, user_id, login, password_hash)
      values ('customer', ${sasha.id}, 'sasha.before@example.com', ${await hashPassword(DEMO_PASSWORD)})`;
    const xsrf = await xsrfHeaders(server);
    const login = await server.product.app.inject({ method: 'POST', url: '/auth-api/login', headers: xsrf, payload: { username: 'sasha.before@example.com', password: DEMO_PASSWORD } });
    customerHeaders = { ...xsrf, authorization: `Bearer ${login.json().dataSet.token}` };
  });

  it('should show nothing for an unverified e-mail or mobile, and never match by name', async () => {
    // Lee's e-mail and mobile are on an RO but not verified; Lee also has the name on Sasha's ROs.
    const lee = await createCustomer('Sasha', 'Matcher', 'lee.unverified@example.com', '7205550872');
    const page = await history(lee.id, { position: lee.position });
    expect(page.dataSet).toEqual([]);
    expect(page.metaData).toEqual({ total: 0, limit: 10, offset: 0 });
    expect((await history(sasha.id, { position: sasha.position })).dataSet).toEqual([]);
  });

  it('should match the ROs carrying the verified e-mail (any case), newest first, without voided ones', async () => {
    const position = await verifyEmail(sasha.id, sashaEmail);
    const page = await history(sasha.id, { position });
    expect(roNumbers(page.dataSet)).toEqual([RO.stillOpen.roNumber, RO.byEmail.roNumber]);
    const visit = page.dataSet[1]!;
    expect(visit).toMatchObject({
      roNumber: '480001', locationId: 1, openDate: '2026-03-02T08:00:00', closeDate: '2026-03-02T16:00:00', inProgress: false,
      vin: '1HGCM82633A004352', mileage: 42_100, advisorName: 'Evan Employee', matchedBy: ['email'],
      // 30.10 + 59.85 + 40.20 in cents; the warranty rotation is not the customer's to pay.
      total: 13_015, customerPayTotal: 8_995,
    });
    expect(visit.locationName).toEqual(expect.any(String));
    expect(visit.jobs).toEqual([
      { jobId: 1, opCode: 'LOF', description: 'LOF service', serviceRequest: 'Please do LOF', laborType: 'C', total: 8_995 },
      { jobId: 2, opCode: 'ROT', description: 'ROT service', serviceRequest: 'Please do ROT', laborType: 'W', total: 4_020 },
    ]);
    expect(page.dataSet[0]).toMatchObject({ inProgress: true, closeDate: null });
  });

  it('should match the ROs carrying the verified mobile in any writing the DMS used', async () => {
    const position = await verifyPhone(sasha.id, sashaMobile);
    const page = await history(sasha.id, { position });
    expect(roNumbers(page.dataSet)).toEqual([RO.stillOpen.roNumber, RO.byPhone.roNumber, RO.byEmail.roNumber]);
    expect(page.dataSet[1]!.matchedBy).toEqual(['phone']);
    expect(page.dataSet.map((v) => v.roNumber)).not.toContain(RO.nameOnly.roNumber);
  });

  it('should count a staff link only when the RO carries no contacts or the customer\'s own', async () => {
    let position = '';
    for (const r of [RO.staffNoContacts, RO.staffOthers]) {
      const sold = await inject({
        method: 'POST', url: '/api/pack-sales',
        payload: { customerId: sasha.id, packId: demoPackId('oil4'), locationId: 1, roNumber: r.roNumber, price: null, priceOverrideReason: null },
      });
      expect(sold.statusCode).toBe(201);
      position = sold.json().metaData.position;
    }
    const page = await history(sasha.id, { position });
    expect(roNumbers(page.dataSet)).toEqual([RO.stillOpen.roNumber, RO.byPhone.roNumber, RO.byEmail.roNumber, RO.staffNoContacts.roNumber]);
    expect(page.dataSet[3]!.matchedBy).toEqual(['staff']);
  });

  it('should page the history', async () => {
    const first = await history(sasha.id, { query: '?$limit=2' });
    const second = await history(sasha.id, { query: '?$limit=2&$offset=2' });
    expect(first.metaData).toEqual({ total: 4, limit: 2, offset: 0 });
    expect(roNumbers([...first.dataSet, ...second.dataSet])).toEqual(['480007', '480002', '480001', '480005']);
    const tooMany = await inject({ method: 'GET', url: `/api/customers/${sasha.id}/service-history?$limit=51` });
    expect(tooMany.statusCode).toBe(400);
  });

  it('should let the customer read their own history and never another customer\'s', async () => {
    expect(roNumbers((await history(sasha.id, { headers: customerHeaders })).dataSet)).toHaveLength(4);
    const pat = deterministicUuid('demo-customer-0');
    const other = await inject({ method: 'GET', url: `/api/customers/${pat}/service-history`, headers: customerHeaders });
    expect(other.statusCode).toBe(403);
    // And Pat (the demo customer) sees none of Sasha's ROs.
    const patHeaders = (await loginAs(server, 'customer')).headers;
    const patVisits = (await history(pat, { headers: patHeaders, query: '?$limit=50' })).dataSet;
    expect(patVisits.map((v) => v.roNumber).filter((n) => n.startsWith('48000'))).toEqual([]);
  });
});

describe('GET /api/customers/{id}/purchases and /coupons for the customer', () => {
  it('should give the customer their own packs without the staff names, ids and internal reasons that staff see', async () => {
    const pat = deterministicUuid('demo-customer-0');
    const patHeaders = (await loginAs(server, 'customer')).headers;
    const asStaff = (await inject({ method: 'GET', url: `/api/customers/${pat}/purchases` })).json().dataSet as { soldBy: string }[];
    expect(asStaff.length).toBeGreaterThan(0);
    expect(asStaff.every((s) => s.soldBy.length > 0)).toBe(true);
    const own = await inject({ method: 'GET', url: `/api/customers/${pat}/purchases`, headers: patHeaders });
    expect(own.statusCode).toBe(200);
    const sales = own.json().dataSet as { soldBy: string; soldByName: string | null; priceOverrideReason: string | null; corrections: unknown[]; coupons: { redemption: { redeemedBy: string } | null }[] }[];
    expect(sales).toHaveLength(asStaff.length);
    for (const sale of sales) {
      expect([sale.soldBy, sale.soldByName, sale.priceOverrideReason, sale.corrections]).toEqual(['', null, null, []]);
      expect(sale.coupons.every((c) => c.redemption === null || c.redemption.redeemedBy === '')).toBe(true);
    }
    const coupons = await inject({ method: 'GET', url: `/api/customers/${pat}/coupons`, headers: patHeaders });
    expect(coupons.statusCode).toBe(200);
    expect((coupons.json().dataSet as { redemption: { redeemedBy: string } | null }[]).every((c) => c.redemption === null || c.redemption.redeemedBy === '')).toBe(true);
  });
});

describe('GET /api/pack-offers', () => {
  const offers = async (query = '', headers?: Record<string, string>) => {
    const res = await server.product.app.inject({ method: 'GET', url: `/api/pack-offers${query}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json().dataSet as PackOfferView[];
  };

  it('should answer anyone the active packs only, with contents, term and selling locations', async () => {
    const anonymous = await offers();
    const names = anonymous.map((o) => o.name);
    expect(names).toContain('Complete Care Plan');
    // The demo's Winter Ready pack is disabled after its season.
    expect(names).not.toContain('Winter Ready');
    const complete = anonymous.find((o) => o.name === 'Complete Care Plan')!;
    expect(complete).toMatchObject({ packId: demoPackId('complete'), price: 59_900, termMonths: 36, termMileage: 36_000, locationIds: [1, 2, 3] });
    expect(complete.items).toContainEqual({ couponId: expect.any(String), couponName: 'Oil and filter change', quantity: 6 });
    expect(complete.locationNames.every((n) => typeof n === 'string')).toBe(true);
    expect(Object.keys(complete).sort()).toEqual(['description', 'items', 'locationIds', 'locationNames', 'name', 'packId', 'price', 'standAloneTotal', 'termMileage', 'termMonths']);
    // Signed in it is the same list.
    expect(await offers('', (await loginAs(server, 'customer')).headers)).toEqual(anonymous);
  });

  it('should keep the packs one location sells, and drop a pack once disabled', async () => {
    expect((await offers('?locationId=3')).every((o) => o.locationIds.includes(3))).toBe(true);
    const disabled = await inject({ method: 'POST', url: `/api/packs/${demoPackId('cleanAir')}/disable`, payload: { reason: 'test' }, headers: manager });
    expect(disabled.statusCode).toBe(200);
    const after = await offers(`?minPosition=${disabled.json().metaData.position}`);
    expect(after.map((o) => o.packId)).not.toContain(demoPackId('cleanAir'));
    expect((await server.product.app.inject({ method: 'GET', url: '/api/pack-offers?locationId=0' })).statusCode).toBe(400);
  });
});
