/**
 * The floor of the load bench (bench/load/run.ts): a bare fastify route doing one prepared INSERT,
 * in its own process on the same machine and PostgreSQL as the product. No session, no
 * anti-forgery, no event store: what one HTTP request that writes one row costs here.
 * Prints "READY <port>" once listening; SIGTERM stops it.
 */
import Fastify from 'fastify';
import { createPool } from '@dealer/platform';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const sql = createPool(url, { max: 10, applicationName: 'bench-floor' });
await sql`create table if not exists bench_floor (id bigserial primary key, stream text not null, data jsonb not null)`;
const app = Fastify({ logger: false });
app.post<{ Body: { stream: string; data: unknown } }>(
  '/floor',
  { schema: { body: { type: 'object', required: ['stream', 'data'], properties: { stream: { type: 'string', maxLength: 200 }, data: { type: 'object' } } } } },
  async (request, reply) => {
    // postgres.js prepares this statement once per connection, as the product's appends are.
    const [row] = await sql<{ id: string }[]>`insert into bench_floor (stream, data) values (${request.body.stream}, ${sql.json(request.body.data as never)}) returning id`;
    return reply.status(201).send({ id: row!.id });
  },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => sql.end({ timeout: 5 }))
    .finally(() => process.exit(0));
});
