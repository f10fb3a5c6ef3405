/**
 * The coupon catalogue read model against real PostgreSQL: the fold of every coupon event,
 * re-applying changes nothing, an event of an unknown coupon is parked (not lost, not
 * swallowed), and a rebuild gives the same rows.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cents } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { rebuildProjection } from '@dealer/projector/rebuild';
import { append, catchUp, couponStream, couponTerms } from '../pack-sales/test-events';
import { couponCatalogue } from './projection';

const env = useEventStoreDatabase();

const row = async (couponId: string) => {
  const [r] = await env.db.sql`select terms, name, status, location_ids, stand_alone_value::int as value, search_text, revision, created_date, modified_date
    from rm_coupon_catalogue.coupons where coupon_id = ${couponId}`;
  return r;
};

describe('coupon_catalogue', () => {
  const id = randomUUID();

  it('should fold a definition, an edit of some terms, a disable and an enable into one row', async () => {
    await append(env.store, couponStream(id), [{ type: 'CouponDefined', data: { couponId: id, ...couponTerms('Oil and Filter') } }]);
    expect(await catchUp(env.db.sql, env.store, couponCatalogue)).toBe(0);
    const defined = await row(id);
    expect(defined).toMatchObject({ name: 'Oil and Filter', status: 'active', location_ids: [1], value: 4000, revision: 0 });
    expect(defined!.search_text).toContain('LOF');

    await append(env.store, couponStream(id), [
      { type: 'CouponEdited', data: { couponId: id, name: 'Synthetic Oil Change', value: { kind: 'percent', basisPoints: 2500, referencePrice: cents(8999) }, locationIds: [1, 2] } },
      { type: 'CouponDisabled', data: { couponId: id, reason: 'Season over' } },
    ]);
    await catchUp(env.db.sql, env.store, couponCatalogue);
    const disabled = await row(id);
    // 25 % of $89.99 = $22.4975, half-up to $22.50.
    expect(disabled).toMatchObject({ name: 'Synthetic Oil Change', status: 'disabled', location_ids: [1, 2], value: 2250, revision: 2 });
    expect(disabled!.terms).toMatchObject({ description: 'Oil and Filter at a fixed price', opCodes: ['LOF'], validity: { kind: 'monthsAfterSale', months: 12 } });
    expect(disabled!.created_date.getTime()).toBe(defined!.created_date.getTime());
    expect(disabled!.modified_date.getTime()).toBeGreaterThanOrEqual(defined!.modified_date.getTime());

    await append(env.store, couponStream(id), [{ type: 'CouponEnabled', data: { couponId: id } }]);
    await catchUp(env.db.sql, env.store, couponCatalogue);
    expect(await row(id)).toMatchObject({ status: 'active', revision: 3 });
  });

  it('should change nothing when the same events are applied again', async () => {
    const before = await row(id);
    const events = (await env.store.readStream(couponStream(id))).map((e) => ({ ...e }));
    await env.db.sql.begin((tx) => couponCatalogue.applyBatch(tx as unknown as Sql, 'rm_coupon_catalogue', events));
    expect(await row(id)).toEqual(before);
  });

  it('should park an event of a coupon it does not hold, and the later events of that stream behind it', async () => {
    const ghost = randomUUID();
    await append(env.store, couponStream(ghost), [
      { type: 'CouponEdited', data: { couponId: ghost, name: 'Nobody defined me' } },
      { type: 'CouponDisabled', data: { couponId: ghost, reason: null } },
    ]);
    expect(await catchUp(env.db.sql, env.store, couponCatalogue)).toBe(2);
    const parked = await env.db.sql`select event_type, error from parked_events where projection = 'coupon_catalogue' order by global_position`;
    expect(parked.map((p) => p.event_type)).toEqual(['CouponEdited', 'CouponDisabled']);
    expect(parked[0]!.error).toContain('does not hold');
    expect(await row(ghost)).toBeUndefined();
  });

  it('should rebuild the same rows, with its indexes', async () => {
    const other = randomUUID();
    await append(env.store, couponStream(other), [{ type: 'CouponDefined', data: { couponId: other, ...couponTerms('Tire Rotation', { opCodes: ['ROT', 'TR1'] }) } }]);
    await catchUp(env.db.sql, env.store, couponCatalogue);
    const snapshot = () => env.db.sql`select * from rm_coupon_catalogue.coupons order by coupon_id`;
    const expected = await snapshot();
    await env.db.sql`delete from rm_coupon_catalogue.coupons`;
    const result = await rebuildProjection({ sql: env.db.sql, store: env.store }, couponCatalogue, { batchSize: 2 });
    expect(result.parked).toBe(2);
    expect(await snapshot()).toEqual(expected);
    const indexes = await env.db.sql`select indexname from pg_indexes where schemaname = 'rm_coupon_catalogue' order by 1`;
    expect(indexes.map((i) => i.indexname)).toEqual(['coupons_locations', 'coupons_name', 'coupons_pkey']);
  });
});
