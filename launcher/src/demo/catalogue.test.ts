/**
 * The demo coupon programme (demo/catalogue.ts) on a freshly seeded product: the catalogue,
 * the packs, Pat's pending and final packs, the later commands on sales, and a second seed run
 * that adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponStreamId,
  packSaleStreamId,
  packStreamId,
} from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { startTestServer, type TestServer } from '../testing/test-server';
import { demoCouponId, demoPackId, demoSaleId } from './catalogue';
import { seedDemoData } from './seed';
import { evolveCoupon, initialCouponState } from '@dealer/domain/coupon/state';
import { evolvePack, initialPackState } from '@dealer/domain/pack/state';
import { evolvePackSale, initialPackSaleState } from '@dealer/domain/pack-sale/state';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ webDist: null });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const sale = async (key: string) => (await server.product.store.readStream(packSaleStreamId(demoSaleId(key)))).reduce(evolvePackSale, initialPackSaleState());
const pack = async (key: string) => (await server.product.store.readStream(packStreamId(demoPackId(key)))).reduce(evolvePack, initialPackState());
const coupon = async (key: string) => (await server.product.store.readStream(couponStreamId(demoCouponId(key)))).reduce(evolveCoupon, initialCouponState());

describe('the demo coupon programme', () => {
  it('should define the catalogue with op codes of the demo DMS data, one coupon disabled', async () => {
    const oil = await coupon('oil');
    expect(oil).toMatchObject({ status: 'active', terms: { name: 'Oil and filter change', opCodes: ['LOF'], value: { kind: 'operation' }, locationIds: [1, 2, 3] } });
    expect((await coupon('winterWipers'))?.terms.validity.kind).toBe('fixedDate');
    expect((await coupon('sparkPlugs'))?.status).toBe('disabled');
    const used = await server.product.sql<{ op_code: string }[]>`select distinct op_code from ref.ro_jobs where op_code in ('LOF', 'ROT', 'MPI', 'BRK', 'ALN', 'BAT', 'CAB', 'EAF', 'WIP', 'SPK')`;
    expect(used).toHaveLength(10);
  });

  it('should create six packs at the CRM locations, the winter one disabled', async () => {
    const complete = await pack('complete');
    expect(complete).toMatchObject({ status: 'active', terms: { name: 'Complete Care Plan', price: 59900, termMonths: 36, termMileage: 36000, locationIds: [1, 2, 3] } });
    expect(complete?.items.map((i) => i.quantity)).toEqual([6, 6, 3, 1, 1, 2, 2, 2]);
    expect((await pack('winter'))?.status).toBe('disabled');
    for (const key of ['essential', 'oil4', 'brakeTire', 'cleanAir']) expect((await pack(key))?.status, key).toBe('active');
  });

  it('should sell Pat a final pack on a closed RO and a pending one on an open RO, with the location zone and tax', async () => {
    const pat = deterministicUuid('demo-customer-0');
    const final = await sale('pat-essential');
    const pending = await sale('pat-oil4');
    expect(final).toMatchObject({ customerId: pat, status: 'final', locationId: 1, timeZone: 'America/Denver', saleRoNumber: '419901' });
    expect(pending).toMatchObject({ customerId: pat, status: 'pending', locationId: 1, saleRoNumber: '419902' });
    const ros = await server.product.sql`select ro_number, close_date is not null as closed from ref.repair_orders where location_id = 1 and ro_number in ('419901', '419902') order by 1`;
    expect(ros).toEqual([{ ro_number: '419901', closed: true }, { ro_number: '419902', closed: false }]);
    // Pat is tax exempt (demo customer 0); Jordan pays Broomfield's 8.15 % on the manager's price.
    expect(final).toMatchObject({ tax: 0, total: 19900 });
    const jordan = await sale('jordan-complete');
    expect(jordan).toMatchObject({ status: 'final', price: 54900, pack: { listPrice: 59900 }, tax: 4474, total: 59374 });
    expect(final?.coupons).toHaveLength(6);
    expect(final?.coupons.reduce((s, c) => s + c.allocatedValue, 0)).toBe(19900);
  });

  it('should have run the later commands: a manager finalised, a void, a location correction', async () => {
    expect((await sale('riley-essential'))?.status).toBe('final');
    const finalised = await server.product.store.readStream(packSaleStreamId(demoSaleId('riley-essential')));
    expect(finalised.map((e) => e.type)).toEqual(['PackSold', 'PackSaleFinalised']);
    expect(finalised[1]!.data).toMatchObject({ via: 'manager' });
    expect((await sale('quinn-oil4'))?.status).toBe('voided');
    expect(await sale('taylor-essential')).toMatchObject({ status: 'final', locationId: 1 });
    expect(await sale('casey-brake-tire')).toMatchObject({ status: 'pending', locationId: 3 });
  });

  it('should add nothing on a second run', async () => {
    const head = async () => (await server.product.sql<{ n: string | null }[]>`select max(global_position)::text as n from es_events`)[0]!.n;
    const ros = async () => (await server.product.sql<{ n: number }[]>`select count(*)::int as n from ref.repair_orders`)[0]!.n;
    const [before, rosBefore] = [await head(), await ros()];
    expect(await seedDemoData(server.product.sql, server.env, { repairOrders: 10 })).toEqual({ created: 0 });
    expect(await head()).toBe(before);
    expect(await ros()).toBe(rosBefore);
  });
});
