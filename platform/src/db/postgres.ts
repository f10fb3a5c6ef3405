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

/**
 * NOTIFY in a transaction of its own with asynchronous commit, for a wake-up sent after the
 * work it announces has committed. PostgreSQL serialises the commits of every notifying
 * transaction on one database-wide lock, held through the commit's WAL flush; a notification
 * sent inside a writing transaction makes every other notifying commit wait for that flush
 * (the load bench saw "Lock:object" waits: issue 22). Here the lock is held only while the
 * notification is queued: the transaction waits for no flush. A notification lost in a crash
 * is covered by the listeners' polling, as a lost notification always was.
 */
export async function notifyAsync(sql: Sql, channel: string, payload: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  if (payload.includes('\0')) throw new Error('a notification payload cannot hold NUL');
  // One simple-protocol query, so one round trip: its statements run as one implicit transaction,
  // in which SET LOCAL holds (parameters would need the extended protocol, one statement a time).
  await sql.unsafe(`set local synchronous_commit = off; select pg_notify('${channel}', '${payload.replace(/'/g, "''")}')`);
}
