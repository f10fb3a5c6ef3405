// The one HTTP client of the SPA: credentials, JSON, retries, anti-forgery, errors and read-your-writes.
import { LIMITS, MIN_POSITION_HEADER, RETRIED_STATUSES, TIMINGS } from '@dealer/contracts';
import { ApiError, type ApiErrorBody } from './api-error';
import { minPosition, rememberPosition } from './read-position';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

const RETRIED = new Set<number>(RETRIED_STATUSES);
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

const isRelative = (url: string) => url.startsWith('/') && !url.startsWith('//');

function withParams(url: string, params?: QueryParams): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

function buildHeaders(method: Method, url: string, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const position = minPosition();
  if (method === 'GET' && position) headers.set(MIN_POSITION_HEADER, position);
  // SPEC 7: non-GET same-origin requests echo the anti-forgery cookie in a header.
  const xsrf = method !== 'GET' && isRelative(url) ? readCookie(XSRF_COOKIE) : null;
  if (xsrf) headers.set(XSRF_HEADER, xsrf);
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

async function send(method: Method, url: string, options: RequestOptions): Promise<Response> {
  const hasBody = options.body !== undefined;
  const init: RequestInit = {
    method,
    credentials: isRelative(url) ? 'include' : 'same-origin',
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  };
  for (let attempt = 1; ; attempt++) {
    // Headers are rebuilt per attempt so a retry carries the latest read position.
    const response = await fetch(url, { ...init, headers: buildHeaders(method, url, hasBody) });
    if (!RETRIED.has(response.status) || attempt >= LIMITS.retryAttempts) return response;
    await sleep(TIMINGS.retryIntervalMs, options.signal);
  }
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = withParams(path, options.params);
  let response: Response;
  try {
    response = await send(method, url, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0);
  }
  const body = await readJson(response);
  if (!response.ok) {
    const problem = (body ?? {}) as ApiErrorBody;
    // Without an errors array, a 4xx title is the error's own message; a 5xx gets the generic text.
    throw new ApiError(response.status, problem, response.status < 500 ? problem.title : undefined);
  }
  rememberPosition(body);
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
