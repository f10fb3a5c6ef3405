/**
 * Input guards of every API route, in one place (issue 10, items 9 and 10):
 * - at start-up, every route's request schema (body, querystring, params) must give every string
 *   a maximum length and every number a range, so nothing a request carries is beyond what the
 *   database can hold; a route that does not is refused (the product does not start);
 * - on every request, before the schema runs and again after it (coercion), every string of the body, query string and path
 *   (values and keys) is checked for NUL characters and lone surrogates (PostgreSQL text cannot
 *   hold them; the projection of such an event failed forever), every number for being finite
 *   and a safe integer where it is whole, the nesting depth and the number of values for a bound.
 * A refusal is a 400 problem naming the field, never a 5xx.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { DomainError } from '@dealer/domain/errors';

/** PostgreSQL `integer`. */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/** JSON-schema fragments with the bounds every route uses. */
export const INPUT_SCHEMAS = {
  uuid: { type: 'string', format: 'uuid', maxLength: 36 },
  /** A database id or location id: PostgreSQL integer, positive. */
  positiveInt32: { type: 'integer', minimum: 1, maximum: INT32_MAX },
  int32: { type: 'integer', minimum: INT32_MIN, maximum: INT32_MAX },
  /** An event-store position or revision (bigint in the database, a safe integer in JavaScript). */
  position: { type: 'string', pattern: '^[0-9]{1,15}$', maxLength: 15 },
  text: (maxLength: number) => ({ type: 'string', maxLength }) as const,
  nullableText: (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const,
} as const;

/** Strings nothing declares a smaller maximum for (e.g. a body a contract schema validates) stop here. */
export const GENERIC_STRING_MAX = 10_000;
/** Deepest nesting of objects and arrays a request may send (no route takes more than 3). */
export const MAX_DEPTH = 16;
/** Most values (strings, numbers, keys...) in one request part. */
export const MAX_VALUES = 5_000;

export const INPUT_MESSAGES = {
  character: (field: string) => `${field} contains a character that is not allowed.`,
  number: (field: string) => `${field} is not a number that can be stored.`,
  tooLong: (field: string) => `${field} is too long.`,
  tooDeep: 'The request is nested too deeply.',
  tooLarge: 'The request has too many values.',
} as const;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Lone surrogates (half of a UTF-16 pair) or NUL: no database text can hold them. */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** A whole number beyond 2^53 is not the number the client sent (JSON loses its digits). */
export function isStorableNumber(n: number): boolean {
  if (!Number.isFinite(n)) return false;
  return !Number.isInteger(n) || Number.isSafeInteger(n);
}

function fieldName(part: string, path: (string | number)[]): string {
  if (path.length === 0) return part;
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** Walks one request part without recursion (a deep body must not overflow the stack). */
export function checkInput(part: string, value: unknown): void {
  const stack: { value: unknown; path: (string | number)[]; depth: number }[] = [{ value, path: [], depth: 0 }];
  let count = 0;
  const refuse = (message: string, path: (string | number)[]): never => {
    const field = fieldName(part, path);
    throw new DomainError('validation', [message], { [field]: message });
  };
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (++count > MAX_VALUES) throw new DomainError('validation', [INPUT_MESSAGES.tooLarge]);
    if (typeof v === 'string') {
      const field = fieldName(part, path);
      if (!isStorableText(v)) refuse(INPUT_MESSAGES.character(field), path);
      if (v.length > GENERIC_STRING_MAX) refuse(INPUT_MESSAGES.tooLong(field), path);
    } else if (typeof v === 'number') {
      if (!isStorableNumber(v)) refuse(INPUT_MESSAGES.number(fieldName(part, path)), path);
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_DEPTH) throw new DomainError('validation', [INPUT_MESSAGES.tooDeep]);
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...path, i], depth: depth + 1 });
      } else {
        for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
          const keyPath = [...path, key];
          if (!isStorableText(key)) refuse(INPUT_MESSAGES.character(fieldName(part, path)), path);
          if (key.length > 200) refuse(INPUT_MESSAGES.tooLong(fieldName(part, path)), path);
          stack.push({ value: item, path: keyPath, depth: depth + 1 });
        }
      }
    }
  }
}

/** Checks every string, number and nesting of the parts of a request. */
export function checkRequestInput(request: FastifyRequest): void {
  checkInput('params', request.params);
  checkInput('query', request.query);
  checkInput('body', request.body);
}

type SchemaNode = Record<string, unknown>;

const BOUNDED_FORMATS = new Set(['uuid', 'date-time', 'date', 'time']);

/**
 * The places in a request schema where a value has no maximum the database can hold: strings
 * without maxLength (or enum/const/a bounded format), numbers without minimum and maximum,
 * arrays without maxItems. Empty when the schema bounds everything it declares.
 */
export function unboundedFields(schema: unknown, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as SchemaNode;
  const problems: string[] = [];
  const types = [node.type].flat().filter((t): t is string => typeof t === 'string');
  const fixed = 'enum' in node || 'const' in node;
  if (!fixed) {
    if (types.includes('string') && typeof node.maxLength !== 'number' && !(typeof node.format === 'string' && BOUNDED_FORMATS.has(node.format))) {
      problems.push(`${path || '(root)'}: a string without maxLength`);
    }
    if ((types.includes('integer') || types.includes('number')) && (typeof node.minimum !== 'number' || typeof node.maximum !== 'number')) {
      problems.push(`${path || '(root)'}: a number without minimum and maximum`);
    }
    if (types.includes('array') && typeof node.maxItems !== 'number') problems.push(`${path || '(root)'}: an array without maxItems`);
  }
  if (node.properties && typeof node.properties === 'object') {
    for (const [key, sub] of Object.entries(node.properties as Record<string, unknown>)) problems.push(...unboundedFields(sub, path ? `${path}.${key}` : key));
  }
  if (node.items) problems.push(...unboundedFields(node.items, `${path}[]`));
  if (node.additionalProperties && typeof node.additionalProperties === 'object') problems.push(...unboundedFields(node.additionalProperties, `${path}.*`));
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(node[k])) for (const sub of node[k] as unknown[]) problems.push(...unboundedFields(sub, path));
  }
  return problems;
}

/** The request schema parts of a route with no maximum somewhere; each as 'part.field: reason'. */
export function unboundedRouteInputs(route: Pick<RouteOptions, 'schema'>): string[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return (['body', 'querystring', 'params'] as const).flatMap((part) => unboundedFields(schema[part]).map((p) => `${part}.${p}`));
}

/**
 * Registers the guards on an API plugin (command API, query API): the start-up check of every
 * route registered after this call, and the per-request check before the schema validation.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const problems = unboundedRouteInputs(route);
    if (problems.length > 0) {
      const methods = [route.method].flat().join(',');
      throw new Error(`${methods} ${route.url}: every input needs a type and a maximum the database can hold; ${problems.join('; ')}`);
    }
  });
  app.addHook('preValidation', async (request) => {
    checkRequestInput(request);
  });
  // Again after the schema: its coercion turns a query string's 'Infinity' or '1e400' into a
  // number that passes `minimum`/`maximum` (ajv skips them for non-finite numbers).
  app.addHook('preHandler', async (request) => {
    checkRequestInput(request);
  });
}
