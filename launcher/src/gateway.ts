/**
 * The gateway of the multi-process topology (docker-compose): serves the built web client and
 * routes /api GET to the query API and every other /api and /auth-api call to the command API.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { createLogger, loadEnv, stopOnSignal } from '@dealer/platform';
import { registerSecurityHeaders } from './security-headers';
import { registerWebStatic } from './web-static';
import { REPO_ROOT } from './paths';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL, 'gateway');
const commandUrl = process.env.COMMAND_API_URL ?? 'http://command-api:3000';
const queryUrl = process.env.QUERY_API_URL ?? 'http://query-api:3000';
const app = Fastify({ loggerInstance: logger, trustProxy: true }) as unknown as FastifyInstance;
await registerSecurityHeaders(app, { publicUrl: env.PUBLIC_URL });
await app.register(replyFrom);
for (const prefix of ['/api/*', '/auth-api/*']) {
  app.all(prefix, (request, reply) => {
    const base = request.method === 'GET' && request.url.startsWith('/api/') ? queryUrl : commandUrl;
    return reply.from(`${base}${request.url}`);
  });
}
app.get('/healthz', (request, reply) => reply.from(`${queryUrl}/healthz`));
await registerWebStatic(app, env.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist'));
await app.listen({ port: env.PORT, host: env.HOST });
stopOnSignal(logger, () => app.close());
