/** The PostgreSQL pool (postgres.js) and database creation for a fresh machine or a test. */
import postgres from 'postgres';

export type Sql = postgres.Sql;

export function createPool(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    onnotice: () => undefined,
    // bigint columns arrive as strings; callers convert where they need numbers.
    types: {},
  });
}

/** Creates the database named in `url` when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => undefined });
  try {
    const [row] = await sql`select 1 as found from pg_database where datname = ${name}`;
    if (!row) await sql.unsafe(`create database "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // created concurrently
  } finally {
    await sql.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => undefined });
  try {
    await sql.unsafe(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
  } finally {
    await sql.end();
  }
}
