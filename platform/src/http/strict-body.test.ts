/** Bodies are never coerced, query strings and paths still are (issue 20, item 5). */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { apiSchemaController } from './strict-body';

const app = Fastify({ schemaController: apiSchemaController() });
beforeAll(async () => {
  registerErrorHandler(app);
  const count = { type: 'integer', minimum: 0, maximum: 1000 } as const;
  app.post(
    '/things/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: count } },
        querystring: { type: 'object', properties: { limit: count } },
        body: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', maxLength: 50 },
            value: { type: 'object', properties: { amount: { type: ['number', 'null'], minimum: 0, maximum: 1000 } } },
            items: { type: 'array', maxItems: 5, items: { type: 'object', properties: { quantity: count } } },
            flag: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => ({ params: request.params, query: request.query, body: request.body }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const post = (payload: unknown, url = '/things/7?limit=3') => app.inject({ method: 'POST', url, payload: payload as object });

describe('strict bodies', () => {
  it('should take a body of the declared types, and convert digits in the path and query string', async () => {
    const res = await post({ name: 'n', value: { amount: 5 }, items: [{ quantity: 2 }], flag: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ params: { id: 7 }, query: { limit: 3 }, body: { name: 'n', value: { amount: 5 }, items: [{ quantity: 2 }], flag: false } });
  });

  it.each([
    [{ name: 'n', value: { amount: true } }, 'value.amount', 'value.amount must be number or null.'],
    [{ name: 'n', value: { amount: '5' } }, 'value.amount', 'value.amount must be number or null.'],
    [{ name: 5 }, 'name', 'name must be string.'],
    [{ name: 'n', flag: 'true' }, 'flag', 'flag must be boolean.'],
    [{ name: 'n', flag: 1 }, 'flag', 'flag must be boolean.'],
    [{ name: 'n', items: [{ quantity: '2' }] }, 'items[0].quantity', 'items[0].quantity must be integer.'],
    [{ name: 'n', items: { quantity: 2 } }, 'items', 'items must be array.'],
    [{ name: ['n'] }, 'name', 'name must be string.'],
    [{ name: null }, 'name', 'name must be string.'],
    [{}, 'name', 'name is required.'],
  ])('should refuse %j with a 400 naming %s', async (body, field, message) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: [message], fields: { [field]: message } });
  });

  it('should refuse a body that is not an object, naming the body', async () => {
    const res = await app.inject({ method: 'POST', url: '/things/7', headers: { 'content-type': 'application/json' }, payload: '[1]' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ body: 'body must be object.' });
  });

  it('should still refuse what is not a number in the path or query string', async () => {
    expect((await post({ name: 'n' }, '/things/x')).statusCode).toBe(400);
    expect((await post({ name: 'n' }, '/things/7?limit=many')).statusCode).toBe(400);
  });
});
