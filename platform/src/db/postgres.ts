/** The PostgreSQL pool (postgres.js) and database creation for a fresh machine or a test. */
import postgres from 'postgres';

export type Sql = postgres.Sql;

export function createPool(url: string, options: { max?: number; applicationName?: string } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    ...(options.applicationName ? { connection: { application_name: options.applicationName } } : {}),
    onnotice: () => undefined,
    // bigint columns arrive as strings; callers convert where they need numbers.
    types: {},
  });
}

/** Runs `fn` on a one-connection pool to the server's `postgres` database, with the target database's name. */
async function withServer<T>(url: string, fn: (admin: Sql, name: string) => Promise<T>): Promise<T> {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => undefined });
  try {
    return await fn(sql, name);
  } finally {
    await sql.end();
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates the database named in `url` when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  await withServer(url, async (sql, name) => {
    const [row] = await sql`select 1 as found from pg_database where datname = ${name}`;
    if (row) return;
    try {
      await sql.unsafe(`create database ${quoted(name)}`);
    } catch (error) {
      // Created concurrently: 42P04 once it exists, 23505 while the other creation is still under way.
      if (!['42P04', '23505'].includes((error as { code?: string }).code ?? '')) throw error;
    }
  });
}

export async function dropDatabase(url: string): Promise<void> {
  await withServer(url, (sql, name) => sql.unsafe(`drop database if exists ${quoted(name)} with (force)`).then(() => undefined));
}
