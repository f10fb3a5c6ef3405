/** What the op-code rule commands look up before deciding: whether the location is in the DMS reference data. */
import type { Sql } from '@dealer/platform';

export async function locationExists(sql: Sql, locationId: number): Promise<boolean> {
  const [location] = await sql`select 1 as found from ref.locations where location_id = ${locationId}`;
  return Boolean(location);
}
