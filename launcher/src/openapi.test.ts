/**
 * The OpenAPI document (issue 24 part 4, ADR 0084) against the routes the product registers
 * (fastify's onRoute, launcher/src/product.ts): every API route is in the document and every
 * operation is a route; each has a summary, a description and a known tag; what it takes (path
 * and query parameters, body) and answers (status codes, schemas) is what its schema declares;
 * its security and `x-access` are what the access layer enforces. The document is valid
 * OpenAPI 3.1. CI fails when a route is added without a description or its schema and the
 * document disagree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import {
  API_TAGS,
  CheckpointWaiter,
  INTERNAL_OPENAPI_PATH,
  OPENAPI_PATH,
  accessOf,
  apiSchemaController,
  createSessionCheck,
  isApiUrl,
  registerAuth,
  registerErrorHandler,
  registerOpenApi,
  securityOf,
  type OpenApiPart,
} from '@dealer/platform';
import { registerHealthDetails, registerPublicHealth, report } from '@dealer/platform/health';
import { authSettings, commandApi } from '@dealer/command-api';
import { queryApi } from '@dealer/query-api';
import { rolesOfUser } from '@dealer/read-models/user-roles/queries';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs, xsrfHeaders } from './testing/auth';
import { apiOperations, openApiPath, type OpenApiDocument, type Operation } from './testing/openapi';

let server: TestServer;
let doc: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  const admin = (await loginAs(server, 'admin')).headers;
  const res = await server.product.app.inject({ method: 'GET', url: OPENAPI_PATH, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  doc = res.json() as OpenApiDocument;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** The API routes as registered, 'METHOD /url' -> the route. */
const registered = () => new Map([...server.product.definitions].filter(([key]) => isApiUrl(key.split(' ')[1]!)));

const operationOf = (key: string): Operation | undefined => {
  const [method, url] = key.split(' ') as [string, string];
  return doc.paths[openApiPath(url)]?.[method.toLowerCase()];
};

/** A schema as JSON: what the document can hold of it. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as unknown;

describe('OpenAPI document', () => {
  it('should be a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('should describe every registered API route, and only those', () => {
    const routes = [...registered().keys()].sort();
    const operations = apiOperations(doc).map((o) => o.route).sort();
    expect(operations).toEqual(routes);
    expect(routes.length).toBeGreaterThan(80);
  });

  it('should give every route a summary, a description and one known tag', () => {
    const known = new Set<string>(API_TAGS.map((t) => t.name));
    const missing: string[] = [];
    for (const [key, route] of registered()) {
      const schema = (route.schema ?? {}) as { summary?: string; description?: string; tags?: string[] };
      if (!schema.summary?.trim()) missing.push(`${key}: no summary`);
      if (!schema.description?.trim() || schema.description.trim().length < 20) missing.push(`${key}: no description`);
      if (schema.tags?.length !== 1 || !known.has(schema.tags[0]!)) missing.push(`${key}: tags ${JSON.stringify(schema.tags)}`);
      const op = operationOf(key);
      if (op?.summary !== schema.summary || op?.description !== schema.description) missing.push(`${key}: the document's summary or description differs`);
    }
    expect(missing).toEqual([]);
    // Every tag the document lists groups at least one route.
    const used = new Set(apiOperations(doc).flatMap((o) => o.operation.tags ?? []));
    expect(API_TAGS.map((t) => t.name).filter((t) => !used.has(t))).toEqual([]);
    // Operation ids name one operation each (client generators name their methods after them).
    const ids = apiOperations(doc).map((o) => o.operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("should take exactly the parameters and body each route's schema declares", () => {
    const wrong: string[] = [];
    for (const [key, route] of registered()) {
      const op = operationOf(key)!;
      const schema = (route.schema ?? {}) as { params?: JsonObject; querystring?: JsonObject; body?: unknown; headers?: JsonObject };
      const params = (op.parameters ?? []) as { name: string; in: string; required?: boolean; schema: unknown }[];
      for (const where of ['path', 'query'] as const) {
        const declared = where === 'path' ? schema.params : schema.querystring;
        const inDoc = params.filter((p) => p.in === where);
        const names = Object.keys(declared?.properties ?? {}).sort();
        // A path parameter without a schema is still in the document (from the URL).
        const expected = where === 'path' && !declared ? [...key.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!).sort() : names;
        if (JSON.stringify(inDoc.map((p) => p.name).sort()) !== JSON.stringify(expected)) wrong.push(`${key} ${where}: ${JSON.stringify(inDoc.map((p) => p.name))} vs ${JSON.stringify(expected)}`);
        for (const p of inDoc) {
          const own = declared?.properties?.[p.name];
          if (own !== undefined && JSON.stringify(plain(p.schema)) !== JSON.stringify(plain(own))) wrong.push(`${key} ${where} ${p.name}: schema differs`);
          const required = where === 'path' || (declared?.required ?? []).includes(p.name);
          if (Boolean(p.required) !== required) wrong.push(`${key} ${where} ${p.name}: required ${p.required}`);
        }
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (JSON.stringify(plain(body)) !== JSON.stringify(plain(schema.body))) wrong.push(`${key}: body ${JSON.stringify(body)?.slice(0, 120)} vs ${JSON.stringify(schema.body)?.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("should answer with exactly the status codes and schemas each route's schema declares", () => {
    const wrong: string[] = [];
    for (const [key, route] of registered()) {
      const op = operationOf(key)!;
      const declared = ((route.schema ?? {}) as { response?: Record<string, unknown> }).response;
      const codes = Object.keys(op.responses ?? {}).map((c) => c.toLowerCase()).sort();
      if (!declared) {
        // No response schema (only the routes that answer no JSON): one default answer, no schema.
        if (JSON.stringify(codes) !== '["200"]' || op.responses!['200']!.content) wrong.push(`${key}: ${JSON.stringify(op.responses)}`);
        continue;
      }
      if (JSON.stringify(codes) !== JSON.stringify(Object.keys(declared).sort())) wrong.push(`${key}: codes ${codes} vs ${Object.keys(declared)}`);
      for (const [code, own] of Object.entries(declared)) {
        const answer = op.responses?.[code.toUpperCase()];
        // Refusals are problem+json (the error handler's), answers JSON.
        const inDoc = answer?.content?.[/^[45]/.test(code) ? 'application/problem+json' : 'application/json']?.schema;
        if (!answer?.description || answer.description === 'Default Response') wrong.push(`${key} ${code}: no description`);
        const { description: _d, ...ownSchema } = plain(own) as Record<string, unknown>;
        if (ownSchema.type === 'null') {
          // An answer without a body (204): no content in the document.
          if (answer?.content !== undefined) wrong.push(`${key} ${code}: content for an answer without a body`);
          continue;
        }
        const { description: _e, ...docSchema } = (plain(inDoc) ?? {}) as Record<string, unknown>;
        if (JSON.stringify(docSchema) !== JSON.stringify(ownSchema)) wrong.push(`${key} ${code}: schema differs`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('should declare a success answer schema for every route but those that answer no JSON', () => {
    // The only routes without one: their answer is not JSON (a stream of server-sent events).
    const noJson = ['GET /api/events'];
    const missing: string[] = [];
    for (const [key, route] of registered()) {
      const declared = ((route.schema ?? {}) as { response?: Record<string, unknown> }).response ?? {};
      const success = Object.keys(declared).some((code) => /^2/.test(code));
      if (!success && !noJson.includes(key)) missing.push(key);
      if (success && noJson.includes(key)) missing.push(`${key}: listed as answering no JSON but declares a schema`);
    }
    expect(missing).toEqual([]);
    for (const key of noJson) expect(registered().has(key), key).toBe(true);
  });

  it('should say who may call each route and what a call carries, as the access layer decides', () => {
    const wrong: string[] = [];
    for (const [key, route] of registered()) {
      const method = key.split(' ')[0]!;
      const op = operationOf(key)!;
      if (JSON.stringify(op['x-access']) !== JSON.stringify(accessOf(route as RouteOptions, method))) wrong.push(`${key}: x-access ${JSON.stringify(op['x-access'])}`);
      if (JSON.stringify(op.security) !== JSON.stringify(securityOf(route as RouteOptions, method))) wrong.push(`${key}: security ${JSON.stringify(op.security)}`);
      const access = route.config?.access;
      const bearer = (op.security ?? []).some((s) => 'bearerAuth' in s);
      if (bearer !== (access !== 'public')) wrong.push(`${key}: bearer ${bearer} for access ${access}`);
      const pair = (op.security ?? []).every((s) => 'antiForgeryHeader' in s);
      if (method !== 'GET' && route.config?.antiForgery !== 'signed-webhook' && !pair) wrong.push(`${key}: a command without the anti-forgery pair`);
    }
    expect(wrong).toEqual([]);
    // The roles: a route for managers says so; the document itself is for staff.
    expect(operationOf('POST /api/pack-sales/:id/void')!['x-access']).toEqual({ rule: 'pack-sale-voids', roles: ['manager', 'admin'] });
    expect(operationOf('POST /api/payment-webhooks/:provider')!.security).toEqual([{}]);
    expect(operationOf('POST /api/pack-sales')!.parameters?.map((p) => (p as { name: string }).name)).toContain('idempotency-key');
    expect(operationOf('POST /auth-api/login')!.parameters?.map((p) => (p as { name: string }).name) ?? []).not.toContain('idempotency-key');
  });

  it('should serve the document to everyone in demo mode, unchanged between calls', async () => {
    const anonymous = await server.product.app.inject({ method: 'GET', url: OPENAPI_PATH, headers: await xsrfHeaders(server) });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual(doc);
    expect(anonymous.headers['cache-control']).toContain('no-store');
  });
});

describe('OpenAPI document in the docker-compose topology', () => {
  it('should serve from the query API the same document as the one-process product, merging the command API\'s part', async () => {
    // The two API processes as their server.ts files build them, on the test server's database.
    const { sql, store } = server.product;
    const env = server.env;
    const waiter = new CheckpointWaiter(sql);
    const sessions = createSessionCheck(sql, { rolesOf: (userId) => rolesOfUser(sql, userId) });
    const health = async () => report({});
    const base = async (options: Parameters<typeof registerOpenApi>[1]) => {
      const app = Fastify({ schemaController: apiSchemaController() }) as unknown as FastifyInstance;
      registerErrorHandler(app);
      await registerOpenApi(app, options);
      await registerAuth(app, { secret: env.authSecret, sessions });
      return app;
    };
    const command = await base({ demoMode: true, servePart: true });
    await command.register(commandApi({ store, sql, waiter, ...authSettings(env) }));
    registerPublicHealth(command, health);
    await command.ready();
    let fetched = 0;
    const query = await base({
      demoMode: true,
      otherParts: async () => {
        fetched += 1;
        return [(await command.inject({ method: 'GET', url: INTERNAL_OPENAPI_PATH })).json() as OpenApiPart];
      },
    });
    await query.register(queryApi({ sql, waiter, demoMode: true, store }));
    registerPublicHealth(query, health);
    registerHealthDetails(query, health);
    await query.ready();
    try {
      const served = await query.inject({ method: 'GET', url: OPENAPI_PATH });
      expect(served.statusCode).toBe(200);
      const merged = served.json() as OpenApiDocument;
      expect(apiOperations(merged).map((o) => o.route).sort()).toEqual(apiOperations(doc).map((o) => o.route).sort());
      for (const { route, operation } of apiOperations(merged)) {
        const [method, url] = route.split(' ') as [string, string];
        expect(operation, route).toEqual(doc.paths[openApiPath(url)]![method.toLowerCase()]);
      }
      // The part is fetched once; the internal route is not part of the API.
      await query.inject({ method: 'GET', url: OPENAPI_PATH });
      expect(fetched).toBe(1);
      expect(merged.paths[INTERNAL_OPENAPI_PATH]).toBeUndefined();
    } finally {
      await query.close();
      await command.close();
    }
  });
});

type JsonObject = { properties?: Record<string, unknown>; required?: string[] };
