import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { checkInput, INT32_MAX, registerInputGuards, unboundedRouteInputs } from './input-guards';

describe('input guards', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    await app.register(async (api) => {
      registerInputGuards(api);
      api.post('/echo', { schema: { body: { type: 'object', properties: { name: { type: ['string', 'null'], maxLength: 100 }, tags: { type: 'array', maxItems: 5, items: { type: 'string', maxLength: 10 } } } } } }, async (r) => r.body);
      api.get('/list', { schema: { querystring: { type: 'object', properties: { locationId: { type: 'integer', minimum: 0, maximum: INT32_MAX } } } } }, async (r) => r.query);
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (payload: string) => app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });

  it('should refuse NUL characters and lone surrogates with a 400 naming the field', async () => {
    for (const raw of ['{"name": "a\\u0000b"}', '{"name": "\\ud800"}', '{"name": "x\\udfff"}', '{"tags": ["ok", "\\u0000"]}', '{"\\u0000": 1}']) {
      const res = await post(raw);
      expect(res.statusCode, raw).toBe(400);
    }
    const res = await post('{"name": "\\ud800"}');
    expect(res.json().errors).toEqual(['name contains a character that is not allowed.']);
    expect((await post('{"tags": ["ok", "\\u0000"]}')).json().errors).toEqual(['tags[1] contains a character that is not allowed.']);
    // A well-formed pair (an emoji) is text like any other.
    expect((await post('{"name": "\\ud83d\\ude00"}')).statusCode).toBe(200);
  });

  it('should refuse numbers no column holds: 1e400 (Infinity), unsafe integers, and query values coerced to Infinity', async () => {
    expect((await post('{"extra": 1e400}')).statusCode).toBe(400);
    expect((await post('{"extra": 9007199254740993}')).json().errors).toEqual(['extra is not a number that can be stored.']);
    expect((await post('{"extra": 1.5}')).statusCode).toBe(200);
    for (const value of ['Infinity', '-Infinity', '1e400', '2147483648', '9007199254740993', 'NaN']) {
      const res = await app.inject({ method: 'GET', url: `/list?locationId=${value}` });
      expect(res.statusCode, value).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/list?locationId=7' })).json()).toEqual({ locationId: 7 });
  });

  it('should refuse deep nesting without overflowing the stack', async () => {
    expect((await post(`{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}`)).statusCode).toBe(400);
    expect(() => checkInput('body', JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toThrow('The request is nested too deeply.');
  });

  it('should refuse at start-up a route whose schema leaves a string, a number or an array unbounded', async () => {
    expect(unboundedRouteInputs({ schema: { body: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer', minimum: 0 }, c: { type: 'array', items: { type: 'string', maxLength: 3 } } } } } })).toEqual([
      'body.a: a string without maxLength',
      'body.b: a number without minimum and maximum',
      'body.c: an array without maxItems',
    ]);
    expect(unboundedRouteInputs({ schema: { params: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, k: { type: 'integer', enum: [0, 1] } } } } })).toEqual([]);
    const other = Fastify();
    await expect(
      other.register(async (api) => {
        registerInputGuards(api);
        api.get('/open', { schema: { querystring: { type: 'object', properties: { q: { type: 'string' } } } } }, async () => ({}));
      }).ready(),
    ).rejects.toThrow(/GET \/open: every input needs a type and a maximum.*querystring\.q: a string without maxLength/);
    await other.close();
  });
});
