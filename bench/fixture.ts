/**
 * The projection-rebuild fixture: N customer events (half CustomerCreated, half CustomerEdited,
 * interleaved, edits hitting random earlier customers), stored exactly as ProtectedEventStore
 * stores them — personal fields sealed per customer with PersonalDataVault.sealFields, each
 * customer's key wrapped by the master key in pii_keys — but bulk-loaded with COPY straight
 * into the tables instead of one append per event.
 *
 * Rows carry transaction_id '1' (older than any snapshot's xmin, so readable at once) and dense
 * positions 1..N, below any position a live append would take. es_streams and the position
 * sequence are filled / advanced when the schema has them. Each table is loaded with COPY
 * FREEZE right after a TRUNCATE in the same transaction, so the rebuild does not pay to set
 * hint bits on a million fresh rows (which would make whichever projection runs first slower).
 *
 * The main thread plans which customer each position belongs to; worker threads (one per
 * core) build and seal the rows of chunks of positions; the main thread streams them into
 * COPY in order while it loads the wrapped keys on a second connection.
 */
import { createCipheriv, randomBytes, randomFillSync, randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { customerStreamId } from '@dealer/contracts';
import { createPool, type Sql } from '@dealer/platform/db/postgres';
import { migrate } from '@dealer/platform/db/migrate';
import { ALL_PLATFORM_MIGRATIONS } from '@dealer/platform/migrations';
import { createBenchDatabase, dropAllBenchDatabases } from './lib/databases';
import { customerId, prng, type FixturePlan, type SampleEvent } from './fixture-data';
import type { ChunkRequest } from './fixture-worker';

export interface FixtureProgress {
  done: number;
  total: number;
}

/** What some sampled customers must look like after a rebuild (plain text, folded). */
export interface FixtureSample {
  customerId: string;
  /** Expected data of each event of the stream, opened (plain personal fields). */
  events: { type: string; data: Record<string, unknown> }[];
  /** The folded profile after all its events. */
  profile: Record<string, unknown>;
}

export interface Fixture {
  events: number;
  customers: number;
  edits: number;
  seconds: number;
  samples: FixtureSample[];
}

const CHUNK = 2000;

/** Same format as the vault's private seal(): base64(iv 12 | tag 16 | ciphertext). */
function wrapKey(masterKey: Buffer, key: Buffer, iv: Buffer): string {
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  const ct = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
}

const shared = (bytes: number) => new Uint8Array(new SharedArrayBuffer(bytes));

/** Which customer each position belongs to: creates and edits alternate, an edit picks a random existing customer. */
function planEvents(total: number): { plan: FixturePlan; finalRevision: Int32Array } {
  const customers = Math.ceil(total / 2);
  const edits = total - customers;
  const create = shared(total + 1);
  const customer = new Int32Array(new SharedArrayBuffer(4 * (total + 1)));
  const revision = new Int32Array(new SharedArrayBuffer(4 * (total + 1)));
  const finalRevision = new Int32Array(customers);
  const rand = prng(0x5eed);
  let created = 0;
  let edited = 0;
  for (let position = 1; position <= total; position++) {
    const isCreate = created < customers && (edited >= edits || created === 0 || position % 2 === 1);
    if (isCreate) {
      create[position] = 1;
      customer[position] = created++;
      revision[position] = 0;
    } else {
      const index = Math.floor(rand() * created);
      edited++;
      customer[position] = index;
      revision[position] = ++finalRevision[index]!;
    }
  }
  const ids = shared(36 * customers);
  for (let i = 0; i < customers; i++) ids.set(Buffer.from(randomUUID(), 'latin1'), 36 * i);
  const keys = shared(32 * customers);
  randomFillSync(keys);
  return {
    plan: {
      total,
      customers,
      create,
      customer,
      revision,
      ids,
      keys,
      sampled: [0, Math.floor(customers / 2), customers - 1],
      seed: 0x5eed,
      baseTime: Date.parse('2024-01-01T00:00:00.000Z'),
    },
    finalRevision,
  };
}

/** Worker threads running fixture-worker.ts (through tsx, which workers do not inherit by themselves). */
function startWorkers(plan: FixturePlan, count: number) {
  const target = new URL('./fixture-worker.ts', import.meta.url).href;
  const source = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(target)}); })`;
  const waiting = new Map<number, { resolve: (r: { text: string; samples: SampleEvent[] }) => void; reject: (e: Error) => void }>();
  const workers = Array.from({ length: count }, () => {
    const worker = new Worker(source, { eval: true, workerData: plan });
    worker.on('message', (m: { chunk: number; text?: string; samples?: SampleEvent[]; error?: string }) => {
      const w = waiting.get(m.chunk);
      waiting.delete(m.chunk);
      if (m.error !== undefined) w?.reject(new Error(`fixture worker: ${m.error}`));
      else w?.resolve({ text: m.text!, samples: m.samples! });
    });
    worker.on('error', (error: unknown) => {
      for (const w of waiting.values()) w.reject(error instanceof Error ? error : new Error(String(error)));
      waiting.clear();
    });
    return worker;
  });
  return {
    request(chunk: number, from: number, to: number): Promise<{ text: string; samples: SampleEvent[] }> {
      return new Promise((resolve, reject) => {
        waiting.set(chunk, { resolve, reject });
        const message: ChunkRequest = { chunk, from, to };
        workers[chunk % workers.length]!.postMessage(message);
      });
    },
    async stop() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

export async function buildCustomerFixture(
  sql: Sql,
  masterKey: Buffer,
  total: number,
  onProgress?: (p: FixtureProgress) => void,
): Promise<Fixture> {
  const started = performance.now();
  const { plan, finalRevision } = planEvents(total);
  const customers = plan.customers;
  const workers = startWorkers(plan, Math.max(1, cpus().length));
  const samples: SampleEvent[] = [];

  async function* eventRows(): AsyncGenerator<string> {
    const chunks = Math.ceil(total / CHUNK);
    const ahead = 2 * Math.max(1, cpus().length);
    const inFlight: Promise<{ text: string; samples: SampleEvent[] }>[] = [];
    let next = 0;
    const ask = () => {
      const from = next * CHUNK + 1;
      inFlight.push(workers.request(next, from, Math.min(total, from + CHUNK - 1)));
      next++;
    };
    while (next < Math.min(chunks, ahead)) ask();
    for (let k = 0; k < chunks; k++) {
      const { text, samples: found } = await inFlight.shift()!;
      if (next < chunks) ask();
      samples.push(...found);
      yield text;
      onProgress?.({ done: Math.min(total, (k + 1) * CHUNK), total });
    }
  }

  function* streamRows(): Generator<string> {
    for (let i = 0; i < customers; i += CHUNK) {
      let s = '';
      for (let j = i; j < Math.min(customers, i + CHUNK); j++) s += `${customerStreamId(customerId(plan, j))}\t${finalRevision[j]!}\n`;
      yield s;
    }
  }

  function* keyRows(): Generator<string> {
    const ivs = randomFillSync(Buffer.alloc(12 * CHUNK));
    for (let i = 0; i < customers; i += CHUNK) {
      randomFillSync(ivs);
      let s = '';
      for (let j = i; j < Math.min(customers, i + CHUNK); j++) {
        const key = Buffer.from(plan.keys.buffer, plan.keys.byteOffset + 32 * j, 32);
        const iv = ivs.subarray(12 * (j - i), 12 * (j - i) + 12);
        // bytea in COPY text: \\x + hex of the ASCII of the base64 wrapped key (as vault.keyFor stores it).
        s += `${customerId(plan, j)}\t\\\\x${Buffer.from(wrapKey(masterKey, key, iv)).toString('hex')}\n`;
      }
      yield s;
    }
  }

  const load = async (table: string, columns: string, rows: () => AsyncGenerator<string> | Generator<string>) => {
    await sql.begin(async (tx) => {
      await tx.unsafe(`truncate ${table}`);
      const writable = await tx.unsafe(`copy ${table} (${columns}) from stdin with (freeze)`).writable();
      await pipeline(Readable.from(rows()), writable);
    });
  };

  try {
    const [shape] = await sql<{ streams: boolean; sequence: boolean }[]>`
      select to_regclass('es_streams') is not null as streams, to_regclass('es_global_position') is not null as sequence`;
    await Promise.all([
      load('es_events', 'global_position, stream_id, revision, event_id, event_type, data, metadata, transaction_id', eventRows),
      load('pii_keys', 'subject_id, wrapped_key', keyRows),
    ]);
    if (shape?.streams) await load('es_streams', 'stream_id, revision', streamRows);
    if (shape?.sequence) await sql`select setval('es_global_position', ${total})`;
    await sql.unsafe(`analyze es_events, pii_keys${shape?.streams ? ', es_streams' : ''}`);
  } finally {
    await workers.stop();
  }

  const bySubject = new Map<number, FixtureSample>();
  for (const e of samples.sort((a, b) => a.position - b.position)) {
    const sample = bySubject.get(e.index) ?? { customerId: customerId(plan, e.index), events: [], profile: {} };
    sample.events.push({ type: e.type, data: e.data });
    Object.assign(sample.profile, e.data);
    bySubject.set(e.index, sample);
  }
  return {
    events: total,
    customers,
    edits: total - customers,
    seconds: (performance.now() - started) / 1000,
    samples: [...bySubject.values()],
  };
}

/**
 * For the diagnostic scripts: a scratch bench database with the platform's schema and a fixture of
 * `events` customer events (its progress on stderr), checkpointed; `run` gets its pool (4
 * connections), URL and master key; every bench database is dropped after, also on failure.
 */
export async function withFixtureDatabase(
  server: string,
  purpose: string,
  events: number,
  run: (db: { sql: Sql; url: string; masterKey: Buffer }) => Promise<void>,
): Promise<void> {
  try {
    const url = await createBenchDatabase(server, purpose);
    const sql = createPool(url, { max: 4 });
    try {
      await migrate(sql, ALL_PLATFORM_MIGRATIONS);
      const masterKey = randomBytes(32);
      const fixture = await buildCustomerFixture(sql, masterKey, events);
      process.stderr.write(`fixture: ${events} events in ${fixture.seconds.toFixed(1)} s\n`);
      await sql`checkpoint`;
      await run({ sql, url, masterKey });
    } finally {
      await sql.end({ timeout: 5 });
    }
  } finally {
    await dropAllBenchDatabases();
  }
}
