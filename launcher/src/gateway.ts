/**
 * The gateway of the multi-process topology (docker-compose): serves the built web client and
 * routes /api GET to the query API and every other /api and /auth-api call to the command API.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { createLogger, loadEnv, stopOnSignal, trustProxyOption } from '@dealer/platform';
import { registerSecurityHeaders, stripeCspSources } from './security-headers';
import { registerWebStatic } from './web-static';
import { REPO_ROOT } from './paths';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL, 'gateway');
const commandUrl = process.env.COMMAND_API_URL ?? 'http://command-api:3000';
const queryUrl = process.env.QUERY_API_URL ?? 'http://query-api:3000';
const app = Fastify({ loggerInstance: logger, trustProxy: trustProxyOption(env.TRUSTED_PROXIES) }) as unknown as FastifyInstance;
await registerSecurityHeaders(app, { publicUrl: env.PUBLIC_URL, stripe: stripeCspSources(env) });
await app.register(replyFrom);
// The side is picked by the route that matched here, never by the raw URL (the router decodes
// percent-escapes); the path goes on as sent and the API decides access from the route it
// matches. The APIs learn the client's address as this gateway sees it (they believe it when
// their TRUSTED_PROXIES names the gateway).
const forward = (base: string) => (request: FastifyRequest, reply: FastifyReply) =>
  reply.from(`${base}${request.url}`, {
    rewriteRequestHeaders: (_request, headers) => ({ ...headers, 'x-forwarded-for': request.ip, 'x-forwarded-proto': request.protocol }),
  });
app.get('/api/*', forward(queryUrl));
app.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url: '/api/*', handler: forward(commandUrl) });
app.all('/auth-api/*', forward(commandUrl));
app.get('/healthz', (request, reply) => reply.from(`${queryUrl}/healthz`));
await registerWebStatic(app, env.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist'));
await app.listen({ port: env.PORT, host: env.HOST });
stopOnSignal(logger, () => app.close());
