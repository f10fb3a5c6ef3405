/**
 * A seeded database to copy (issue 21: the test run must not get slower). Every test file that
 * starts the product used to migrate a fresh database and load the demo data through the event
 * store and the projections: ~15-25 s each on this machine, ~80 files. Within one vitest run the
 * first file to need it prepares `dealer_tpl_<run>` exactly that way, once (under an advisory
 * lock, so the two workers do not both build it); every file then gets its own copy with
 * CREATE DATABASE ... TEMPLATE (about a second). The global set-up (global-setup.ts) names the run
 * and drops the template at the end, failed or not.
 *
 * A copy is the same data a fresh seed makes (the demo seed is deterministic), with the same
 * install secrets (local_secrets, so sealed personal data opens) and the read side caught up.
 * Tests that choose their own secrets or mode, or no seed, start from an empty database as before.
 */
import postgres from 'postgres';
import { dropDatabase, loadSettings } from '@dealer/platform';
import { startProduct } from '../product';
import { seedDemoData } from '../demo/seed';

/** Lock key of the template's preparation and copies (any constant distinct from the product's locks). */
const TEMPLATE_LOCK = 7_021_123_23;

export const templateDatabaseName = (runId: string) => `dealer_tpl_${runId}`;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The settings a template is made with: what startTestServer uses when a test names none. */
export interface TemplateOptions {
  server: string;
  redisUrl: string;
  repairOrders: number;
  /** Waits until the projections have applied everything the seed stored. */
  waitForProjections: (product: Awaited<ReturnType<typeof startProduct>>) => Promise<void>;
}

/** Makes `target` a copy of the run's template, preparing the template first if no file has yet. */
export async function copyTemplateDatabase(runId: string, target: string, options: TemplateOptions): Promise<void> {
  const template = templateDatabaseName(runId);
  // One connection: the session lock below and the CREATE DATABASE statements (never in a transaction) share it.
  const admin = postgres(`${options.server}/postgres`, { max: 1, onnotice: () => {} });
  try {
    // Held until the copy is made: one preparation, and no copy while the template is still open.
    await admin`select pg_advisory_lock(${TEMPLATE_LOCK})`;
    try {
      const [ready] = await admin`select 1 as found from pg_database d join pg_shdescription s on s.objoid = d.oid where d.datname = ${template} and s.description = 'ready'`;
      if (!ready) await prepareTemplate(admin, runId, options);
      await admin.unsafe(`create database ${quoted(target)} template ${quoted(template)}`);
    } finally {
      await admin`select pg_advisory_unlock(${TEMPLATE_LOCK})`;
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
