/** Creates a projection's live schema and tables on first start (idempotent, concurrency-safe). */
import type { Sql } from '@dealer/platform';
import { ident, type Projection } from '@dealer/read-models/projection';

export async function ensureProjectionSchema(sql: Sql, projection: Projection): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${'schema:' + projection.name}))`;
    await tx.unsafe(`create schema if not exists ${ident(projection.schema)}`);
    await projection.createTables(tx as unknown as Sql, projection.schema);
    await projection.createIndexes?.(tx as unknown as Sql, projection.schema);
    await tx`insert into checkpoints (name, position) values (${projection.name}, 0) on conflict (name) do nothing`;
  });
}
