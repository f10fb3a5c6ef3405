/**
 * The pack catalogue read model against real PostgreSQL: the fold of every pack event, the
 * coupons table that follows coupon events (a rename or disable reaches every pack through it),
 * re-applying changes nothing, an unknown pack's event is parked, and a rebuild gives the same
 * rows.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cents } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { rebuildProjection } from '@dealer/projector/rebuild';
import { append, catchUp, couponStream, couponTerms, packStream, packTerms } from '../pack-sales/test-events';
import { packCatalogue } from './projection';

const env = useEventStoreDatabase();

const pack = async (packId: string) => {
  const [r] = await env.db.sql`select terms, items, name, status, location_ids, search_text, revision from rm_pack_catalogue.packs where pack_id = ${packId}`;
  return r;
};
const coupon = async (couponId: string) => {
  const [r] = await env.db.sql`select name, status, stand_alone_value::int as value, revision from rm_pack_catalogue.coupons where coupon_id = ${couponId}`;
  return r;
};

describe('pack_catalogue', () => {
  const oil = randomUUID();
  const rotation = randomUUID();
  const wipers = randomUUID();
  const packId = randomUUID();

  it('should fold a pack and its items, and keep each coupon name, status and stand-alone value beside it', async () => {
    await append(env.store, couponStream(oil), [{ type: 'CouponDefined', data: { couponId: oil, ...couponTerms('Oil and Filter') } }]);
    await append(env.store, couponStream(rotation), [{ type: 'CouponDefined', data: { couponId: rotation, ...couponTerms('Tire Rotation', { value: { kind: 'fixed', amount: cents(2500) } }) } }]);
    await append(env.store, couponStream(wipers), [{ type: 'CouponDefined', data: { couponId: wipers, ...couponTerms('Wiper Blades') } }]);
    await append(env.store, packStream(packId), [
      { type: 'PackCreated', data: { packId, ...packTerms('Care Pack'), items: [{ couponId: oil, quantity: 4 }, { couponId: rotation, quantity: 2 }] } },
    ]);
    expect(await catchUp(env.db.sql, env.store, packCatalogue)).toBe(0);
    expect(await pack(packId)).toMatchObject({ name: 'Care Pack', status: 'active', location_ids: [1, 2], revision: 0, items: [{ couponId: oil, quantity: 4 }, { couponId: rotation, quantity: 2 }] });
    expect(await coupon(rotation)).toEqual({ name: 'Tire Rotation', status: 'active', value: 2500, revision: 0 });

    await append(env.store, packStream(packId), [
      { type: 'PackCouponAdded', data: { packId, couponId: wipers, quantity: 1 } },
      { type: 'PackCouponQuantityChanged', data: { packId, couponId: oil, quantity: 3, previousQuantity: 4 } },
      { type: 'PackCouponRemoved', data: { packId, couponId: rotation } },
      { type: 'PackEdited', data: { packId, name: 'Care Pack Plus', price: cents(24900) } },
      { type: 'PackDisabled', data: { packId, reason: null } },
    ]);
    await catchUp(env.db.sql, env.store, packCatalogue);
    const changed = await pack(packId);
    expect(changed).toMatchObject({ name: 'Care Pack Plus', status: 'disabled', revision: 5, items: [{ couponId: oil, quantity: 3 }, { couponId: wipers, quantity: 1 }] });
    expect(changed!.terms).toMatchObject({ price: 24900, termMonths: 24, termMileage: 30000 });
    expect(changed!.search_text).toContain('Care Pack Plus');

    await append(env.store, packStream(packId), [{ type: 'PackEnabled', data: { packId } }]);
    await catchUp(env.db.sql, env.store, packCatalogue);
    expect(await pack(packId)).toMatchObject({ status: 'active', revision: 6 });
  });

  it('should follow a coupon renamed, revalued and disabled', async () => {
    await append(env.store, couponStream(oil), [
      { type: 'CouponEdited', data: { couponId: oil, name: 'Synthetic Oil Change', value: { kind: 'operation', maximum: cents(7000), referencePrice: cents(8999) } } },
      { type: 'CouponDisabled', data: { couponId: oil, reason: 'Replaced' } },
    ]);
    await catchUp(env.db.sql, env.store, packCatalogue);
    expect(await coupon(oil)).toEqual({ name: 'Synthetic Oil Change', status: 'disabled', value: 7000, revision: 2 });
  });

  it('should change nothing when the same events are applied again', async () => {
    const before = [await pack(packId), await coupon(oil)];
    const events = [...(await env.store.readStream(couponStream(oil))), ...(await env.store.readStream(packStream(packId)))];
    await env.db.sql.begin((tx) => packCatalogue.applyBatch(tx as unknown as Sql, 'rm_pack_catalogue', events));
    expect([await pack(packId), await coupon(oil)]).toEqual(before);
  });

  it('should park an event of a pack it does not hold', async () => {
    const ghost = randomUUID();
    await append(env.store, packStream(ghost), [{ type: 'PackCouponAdded', data: { packId: ghost, couponId: oil, quantity: 1 } }]);
    expect(await catchUp(env.db.sql, env.store, packCatalogue)).toBe(1);
    const [parked] = await env.db.sql`select event_type, error from parked_events where projection = 'pack_catalogue'`;
    expect(parked).toMatchObject({ event_type: 'PackCouponAdded' });
    expect(parked!.error).toContain('does not hold');
  });

  it('should rebuild the same rows, with its indexes', async () => {
    const snapshot = async () => [await env.db.sql`select * from rm_pack_catalogue.packs order by pack_id`, await env.db.sql`select * from rm_pack_catalogue.coupons order by coupon_id`];
    const expected = await snapshot();
    const result = await rebuildProjection({ sql: env.db.sql, store: env.store }, packCatalogue, { batchSize: 3 });
    expect(result.parked).toBe(1);
    expect(await snapshot()).toEqual(expected);
    const indexes = await env.db.sql`select indexname from pg_indexes where schemaname = 'rm_pack_catalogue' order by 1`;
    expect(indexes.map((i) => i.indexname)).toEqual(['coupons_pkey', 'packs_locations', 'packs_name', 'packs_pkey']);
  });
});
