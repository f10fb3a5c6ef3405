/**
 * A seeded database to copy (issue 21: the test run must not get slower). Every test file that
 * starts the product used to migrate a fresh database and load the demo data through the event
 * store and the projections: ~15-25 s each on this machine, ~80 files. Now the global set-up of a
 * vitest run starts preparing `dealer_tpl_<run>` exactly that way, once, in the background (the
 * first files, pure units, run meanwhile), holding a lock for the run; every file that starts the
 * product then waits for that lock and gets its own copy with CREATE DATABASE ... TEMPLATE (about a
 * second). The global teardown drops the template, failed run or not.
 *
 * A copy is the same data a fresh seed makes (the demo seed is deterministic), with the same
 * install secrets (local_secrets, so sealed personal data opens) and the read side caught up.
 * Tests that choose their own secrets or mode, or no seed, start from an empty database as before.
 */
import postgres from 'postgres';
import { dropDatabase, loadSettings } from '@dealer/platform';
import { startProduct } from '../product';
import { seedDemoData } from '../demo/seed';

export const templateDatabaseName = (runId: string) => `dealer_tpl_${runId}`;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** The run's lock: held while its template is prepared and while a copy is made. */
const lockOf = (runId: string) => `dealer_tpl_${runId}`;

export interface TemplateOptions {
  server: string;
  redisUrl: string;
  repairOrders: number;
  /** Waits until the projections have applied everything the seed stored. */
  waitForProjections: (product: Awaited<ReturnType<typeof startProduct>>) => Promise<void>;
}

/** One connection: the session lock and the CREATE DATABASE statements (never in a transaction) share it. */
const adminConnection = (server: string) => postgres(`${server}/postgres`, { max: 1, onnotice: () => {} });

const isReady = async (admin: postgres.Sql, template: string) =>
  (await admin`select 1 as found from pg_database d join pg_shdescription s on s.objoid = d.oid where d.datname = ${template} and s.description = 'ready'`).length > 0;

/**
 * Takes the run's lock and prepares the template behind it. Resolves once the lock is held;
 * `done` settles when the template is ready (or its preparation failed) and the lock is released.
 */
export async function startTemplatePreparation(runId: string, options: TemplateOptions): Promise<{ done: Promise<void> }> {
  const admin = adminConnection(options.server);
  await admin`select pg_advisory_lock(hashtext(${lockOf(runId)}))`;
  const done = (async () => {
    try {
      if (!(await isReady(admin, templateDatabaseName(runId)))) await prepareTemplate(admin, runId, options);
    } finally {
      await admin`select pg_advisory_unlock(hashtext(${lockOf(runId)}))`.catch(() => undefined);
      await admin.end({ timeout: 5 });
    }
  })();
  return { done };
}

/** Makes `target` a copy of the run's template (preparing it first if the global set-up did not). */
export async function copyTemplateDatabase(runId: string, target: string, options: TemplateOptions): Promise<void> {
  const template = templateDatabaseName(runId);
  const admin = adminConnection(options.server);
  try {
    // Waits while the template is being prepared; no copy is made of a half-made or open template.
    await admin`select pg_advisory_lock(hashtext(${lockOf(runId)}))`;
    try {
      if (!(await isReady(admin, template))) await prepareTemplate(admin, runId, options);
      await admin.unsafe(`create database ${quoted(target)} template ${quoted(template)}`);
    } finally {
      await admin`select pg_advisory_unlock(hashtext(${lockOf(runId)}))`;
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
}

async function prepareTemplate(admin: postgres.Sql, runId: string, options: TemplateOptions): Promise<void> {
  const template = templateDatabaseName(runId);
  const url = `${options.server}/${template}`;
  await admin.unsafe(`drop database if exists ${quoted(template)} with (force)`);
  await admin.unsafe(`create database ${quoted(template)}`);
  const env = await loadSettings({
    APP_MODE: 'demo',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: `test:${runId}:template`,
  });
  const product = await startProduct(env, { webDist: null });
  try {
    await seedDemoData(product.sql, env, { repairOrders: options.repairOrders });
    await options.waitForProjections(product);
  } finally {
    await product.stop();
  }
  await admin.unsafe(`comment on database ${quoted(template)} is 'ready'`);
}

/** Drops the run's template (global teardown). */
export async function dropTemplateDatabase(server: string, runId: string): Promise<void> {
  await dropDatabase(`${server}/${templateDatabaseName(runId)}`);
}
