/** Typed domain errors, mapped once to HTTP statuses by http/error-handler.ts. */
export type DomainErrorKind = 'validation' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'precondition' | 'rate_limited';

export const STATUS_OF: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition: 412,
  rate_limited: 429,
};

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    /** User-facing messages (SPEC wording where it has one). */
    readonly errors: string[],
    /** Field -> message, for form validation failures. */
    readonly fields?: Record<string, string>,
  ) {
    super(errors.join(' '));
  }
}

export const CONFLICT_MESSAGE = 'This record was changed by someone else at the same time. Reload it and try again.';
