/**
 * The RO look-up of redemptions and paper-book sales (issue 22): an RO is found by its number
 * whatever its case or surrounding spaces, through the index on that expression, not by reading
 * every RO of the DMS table (the load bench's slowest step before the index).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { DMS_MIGRATIONS } from '@dealer/platform/dms/schema';
import { loadRedemptionRo } from './lookups';
import { loadBookSaleRo } from '../paper-books/lookups';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(DMS_MIGRATIONS);
  await db.sql`insert into ref.repair_orders (location_id, ro_number, open_date) values
    (1, ' ro7001 ', '2026-11-02T08:00:00'), (2, 'RO7001', '2026-11-03T08:00:00'), (1, 'RO7002', '2026-11-04T08:00:00')`;
  // A location's worth of other ROs, so the planner chooses as it would on a real table.
  await db.sql`insert into ref.repair_orders (location_id, ro_number, open_date)
    select 1, 'R' || n, timestamp '2026-01-01' + n * interval '1 hour' from generate_series(1, 5000) n`;
  await db.sql`analyze ref.repair_orders`;
});
afterAll(async () => {
  await db?.drop();
});

describe('RO look-up by number', () => {
  it('should find the RO of the location whatever its case or spaces, by the index on the normalised number', async () => {
    expect(await loadRedemptionRo(db.sql, 1, 'RO7001')).toMatchObject({ roNumber: 'RO7001', locationId: 1, jobs: [] });
    expect(await loadBookSaleRo(db.sql, 2, 'RO7001')).toEqual({ roNumber: 'RO7001', openedOn: '2026-11-03' });
    expect(await loadRedemptionRo(db.sql, 2, 'RO7002')).toBeNull();
    const plan = await db.sql`explain select ro_number from ref.repair_orders where location_id = 1 and upper(trim(ro_number)) = 'RO7001' order by ro_number limit 1`;
    expect(plan.map((p) => p['QUERY PLAN']).join('\n')).toContain('repair_orders_number_normalized');
  });
});
