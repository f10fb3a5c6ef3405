/**
 * The one error handler of every HTTP service: domain errors become problem+json with the
 * SPEC's `errors` array; 5xx details are hidden (logged without personal data).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, STATUS_OF, CONFLICT_MESSAGE } from '@dealer/domain/errors';
import { DuplicateEventIdError, WrongExpectedRevisionError } from '../event-store/port';
import { PersonalDataErasedError } from '../personal-data/vault';

export const ERASED_MESSAGE = "This customer's personal data has been erased; it cannot be changed.";
import { UNKNOWN_REQUEST_ERROR } from '@dealer/contracts';

function problem(status: number, title: string, errors: string[], fields?: Record<string, string>) {
  return { type: 'about:blank', title, status, errors, ...(fields ? { fields } : {}) };
}

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * A request schema's refusal (fastify's validation error) as the product names fields elsewhere
 * (input guards, contract rules): `value.amount`, `items[0].quantity`, the part's name for the
 * whole part; a missing property is named itself. One issue: ajv stops at the first.
 */
export function schemaRefusal(error: { validation?: unknown; validationContext?: string }): { field: string; message: string } | null {
  const issue = (Array.isArray(error.validation) ? error.validation[0] : undefined) as SchemaIssue | undefined;
  if (!issue || typeof issue.instancePath !== 'string') return null;
  const segments = issue.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = issue.keyword === 'required' && typeof issue.params?.missingProperty === 'string' ? issue.params.missingProperty : null;
  if (missing) segments.push(missing);
  const field = segments.length === 0
    ? (error.validationContext ?? 'body')
    : segments.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
  const declared = issue.keyword === 'type' ? issue.params?.type : undefined;
  const types = typeof declared === 'string' ? declared.split(',') : Array.isArray(declared) ? declared.map(String) : null;
  const reason = missing ? 'is required' : types ? `must be ${types.join(' or ')}` : (issue.message ?? 'is not valid');
  return { field, message: `${field} ${reason}.` };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    let status = 500;
    let body = problem(500, 'Internal Server Error', [UNKNOWN_REQUEST_ERROR]);
    if (error instanceof DomainError) {
      status = STATUS_OF[error.kind];
      body = problem(status, error.kind, error.errors, error.fields);
    } else if (error instanceof PersonalDataErasedError) {
      status = 409;
      body = problem(409, 'conflict', [ERASED_MESSAGE]);
    } else if (error instanceof WrongExpectedRevisionError || error instanceof DuplicateEventIdError) {
      status = 409;
      body = problem(409, 'conflict', [CONFLICT_MESSAGE]);
    } else if ('validation' in error && error.validation) {
      status = 400;
      const refusal = schemaRefusal(error);
      body = refusal ? problem(400, 'validation', [refusal.message], { [refusal.field]: refusal.message }) : problem(400, 'validation', [error.message]);
    } else if ('statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500) {
      status = error.statusCode;
      body = problem(status, error.name, [error.message]);
    }
    if (status >= 500) request.log.error({ err: { type: error.name, stack: error.stack } }, 'request failed');
    reply.status(status).type('application/problem+json').send(body);
  });
}

/** 404 for unknown API routes (standalone services; the launcher also serves the web client). */
export function registerApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).type('application/problem+json').send(problem(404, 'not_found', [`No route ${request.method} ${request.url.split('?')[0]}`]));
  });
}
