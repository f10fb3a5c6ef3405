/**
 * Request bodies are validated without type coercion (issue 20, item 5). fastify's default ajv
 * converts types in every part (`coerceTypes: 'array'`): `"amount": true` became 1, a number
 * became text where text was declared. A JSON body has real types, so a wrong one is refused
 * (400 naming the field); the query string and the path are text by nature, so there a declared
 * number still takes digits. Two ajv instances from fastify's own compiler pool (its defaults,
 * formats and shared schemas), chosen per part of the request.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type ValidatorFactory = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;
interface RouteSchemaDefinition {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}
type Compile = (route: RouteSchemaDefinition) => unknown;

/** The validator factory: bodies strict, query string, params and headers with fastify's coercion. */
export function strictBodyValidatorFactory(): ValidatorFactory {
  const pool = AjvCompiler() as unknown as (externalSchemas: unknown, options: { customOptions?: Record<string, unknown>; plugins?: unknown[] }) => Compile;
  const factory = (externalSchemas: unknown, options: { customOptions?: Record<string, unknown>; plugins?: unknown[] } = {}) => {
    const coercing = pool(externalSchemas, { ...options, customOptions: { ...options.customOptions } });
    const strict = pool(externalSchemas, { ...options, customOptions: { ...options.customOptions, coerceTypes: false } });
    return (route: RouteSchemaDefinition) => (route.httpPart === 'body' ? strict(route) : coercing(route));
  };
  return factory as unknown as ValidatorFactory;
}

/** fastify's `schemaController` option of every API server (the product, the command and query APIs). */
export function apiSchemaController(): NonNullable<FastifyServerOptions['schemaController']> {
  return { compilersFactory: { buildValidator: strictBodyValidatorFactory() } };
}
