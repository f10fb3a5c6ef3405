/** The generic API envelope of SPEC 3 and the error rules of SPEC 8. */
export interface ObjectCacheToken {
  objectCacheId: string | null;
  objectCacheModelId: string | null;
  parentCacheModelId: string | null;
  parentKey: string | null;
  formId: string | null;
  isObjectNew: boolean;
  isSubmitting: boolean;
}

export interface ApiMetaData {
  objectCacheToken?: ObjectCacheToken | null;
  /** Global event-store position a command wrote (read-your-writes), as a decimal string. */
  position?: string;
}

export interface ApiEnvelope<T> {
  dataSet: T;
  metaData?: ApiMetaData;
}

/** Error body: problem+json with the SPEC's `errors` array as the source of messages. */
export interface ApiProblem {
  type?: string;
  title: string;
  status: number;
  errors: string[];
}

export const UNKNOWN_REQUEST_ERROR = 'There was an unknown error with your request.';
export const CONNECTION_ERROR = 'Unable to connect. Please check your connection.';
export const UNKNOWN_ERROR = 'Unknown error.';

/**
 * SPEC 8: a server-supplied errors array is the source of messages; without one, status 0
 * means no connection, an unknown status gets the generic text, otherwise the error's own message.
 */
export function errorMessages(input: { status: number; body?: unknown; message?: string }): string[] {
  const body = input.body as { errors?: unknown } | undefined;
  if (body && Array.isArray(body.errors) && body.errors.length > 0) {
    return body.errors.map((e) => (typeof e === 'string' ? e : String((e as { message?: string }).message ?? e)));
  }
  if (input.status === 0) return [CONNECTION_ERROR];
  if (!input.message) return [UNKNOWN_REQUEST_ERROR];
  return [input.message];
}

/** SPEC 3: empty values (empty string, empty array, empty object) become null when models are loaded. */
export function emptyToNull<T>(value: T): T {
  if (Array.isArray(value)) return (value.length === 0 ? null : value.map(emptyToNull)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return null as T;
    return Object.fromEntries(entries.map(([k, v]) => [k, emptyToNull(v)])) as T;
  }
  if (value === '') return null as T;
  return value;
}
