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
      body = problem(400, 'validation', [error.message]);
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
