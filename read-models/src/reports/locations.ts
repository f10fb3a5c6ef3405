/** The locations a caller reads reports at, with their names (DMS reference data), by name (GET /api/report-locations). */
import type { Sql } from '@dealer/platform';

export async function namedLocations(sql: Sql, ids: readonly number[]): Promise<{ locationId: number; name: string }[]> {
  return sql<{ locationId: number; name: string }[]>`
    select location_id as "locationId", location_name as name from ref.locations
    where location_id = any(${[...ids]}::int[]) order by location_name, location_id`;
}
