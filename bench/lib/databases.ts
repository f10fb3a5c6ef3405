/**
 * Every bench run creates its own databases (named bench_<run>_<purpose>) and drops them at
 * the end, also when a section fails or the run is interrupted.
 */
import { randomBytes } from 'node:crypto';
import { createPool, dropDatabase, ensureDatabase, type Sql } from '@dealer/platform/db/postgres';

export const RUN_ID = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

const created = new Set<string>();

export function databaseUrl(server: string, purpose: string): string {
  return `${server}/bench_${RUN_ID}_${purpose}`;
}

export async function createBenchDatabase(server: string, purpose: string): Promise<string> {
  const url = databaseUrl(server, purpose);
  await ensureDatabase(url);
  created.add(url);
  return url;
}

export async function dropBenchDatabase(url: string): Promise<void> {
  await dropDatabase(url);
  created.delete(url);
}

export async function dropAllBenchDatabases(): Promise<void> {
  for (const url of [...created]) {
    await dropBenchDatabase(url).catch((error: unknown) => {
      process.stderr.write(`could not drop ${url}: ${String(error)}\n`);
    });
  }
}

/** A one-connection admin pool on the server's `postgres` database (CHECKPOINT, settings). */
export function adminPool(server: string): Sql {
  return createPool(`${server}/postgres`, { max: 1 });
}

/** Flushes dirty buffers so a case does not pay for the previous case's checkpoint. */
export async function settle(admin: Sql): Promise<void> {
  await admin`checkpoint`;
}
