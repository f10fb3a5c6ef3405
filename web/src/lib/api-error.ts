// The error every API call throws: status, SPEC 8 messages and per-field messages.
import { errorMessages } from '@dealer/contracts';

/** Error body of the APIs: problem+json plus the SPEC's `errors` array and optional field map. */
export interface ApiErrorBody {
  title?: string;
  status?: number;
  errors?: string[];
  fields?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  /** User-facing messages, one per server error (SPEC 8 rules via contracts `errorMessages`). */
  readonly messages: string[];
  readonly fields: Record<string, string>;

  constructor(status: number, body?: ApiErrorBody, fallbackMessage?: string) {
    const messages = errorMessages({ status, body, message: fallbackMessage });
    super(messages[0]);
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.fields = body?.fields ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Messages of any thrown value, for error toasts. */
export function messagesOf(error: unknown): string[] {
  if (isApiError(error)) return error.messages;
  return errorMessages({ status: -1, message: error instanceof Error ? error.message : undefined });
}
