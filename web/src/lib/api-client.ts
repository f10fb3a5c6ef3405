// The one HTTP client of the SPA: credentials, Bearer, anti-forgery, JSON, retries, 401 refresh, errors, read-your-writes,
// and one Idempotency-Key per command (issue 10 item 11): a retried command is the same command, never a second one.
import { LIMITS, MIN_POSITION_HEADER, READ_MODEL_STALE_HEADER, RETRIED_STATUSES, TIMINGS, XSRF_COOKIE, XSRF_HEADER } from '@dealer/contracts';
import { ApiError, type ApiErrorBody } from './api-error';
import { minPosition, rememberPosition } from './read-position';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /** False for calls that must not be repeated (sign-in: a 429 there means "stop trying"). */
  retry?: boolean;
  /** Extra headers, applied last (e.g. a Bearer token handed over in an address). */
  headers?: Record<string, string>;
  /**
   * The command's Idempotency-Key. Each call of a command is one user action and gets a fresh key,
   * reused by every retry of that call; pass one to make two calls the same action.
   */
  idempotencyKey?: string;
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A random UUID v4; getRandomValues also works where randomUUID does not (plain http on a LAN address). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** What the auth layer lends the client; the client itself knows nothing of sessions. */
export interface AuthHooks {
  /** The current bearer token, or null when signed out. */
  token(): string | null;
  /** Gets a new token after a 401; resolves true when the request is worth retrying. */
  refresh(): Promise<boolean>;
  /** Called when a 401 could not be cured by a refresh (SPEC 4: go to the auth host's refresh route). */
  onRefreshFailed(): void;
  /**
   * After a 403: renews the token once so the tab learns the user's roles as they are now (an admin
   * may have changed them, issue 20), which updates what the pages show and permit; resolves true
   * when the access changed, so the request is worth sending once more.
   */
  refreshAccess?(): Promise<boolean>;
}

const RETRIED = new Set<number>(RETRIED_STATUSES);
const AUTH_API_PREFIX = '/auth-api/';
export const XSRF_ENDPOINT = '/auth-api/xsrf';

let authHooks: AuthHooks | null = null;
let xsrfPending: Promise<void> | null = null;

export function setAuthHooks(hooks: AuthHooks | null): void {
  authHooks = hooks;
}

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

/** The server sets the anti-forgery cookie on any answer; before the first write of a fresh tab, ask for it. */
async function ensureXsrfCookie(): Promise<void> {
  if (typeof document === 'undefined' || readCookie(XSRF_COOKIE)) return;
  xsrfPending ??= fetch(XSRF_ENDPOINT, { credentials: 'include' })
    .then(() => undefined, () => undefined)
    .finally(() => {
      xsrfPending = null;
    });
  await xsrfPending;
}

function buildHeaders(method: Method, url: string, hasBody: boolean, extra?: Record<string, string>, idempotencyKey?: string): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
  const position = minPosition();
  // Every request: GETs show what was saved, and commands that consult a read model (duplicate
  // checks, verification rules) judge against it.
  if (position) headers.set(MIN_POSITION_HEADER, position);
  if (isRelative(url)) {
    // SPEC 7: relative URLs carry the Bearer token; non-GET ones echo the anti-forgery cookie in a header.
    const token = authHooks?.token();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const xsrf = method !== 'GET' ? readCookie(XSRF_COOKIE) : null;
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

/** How long a read waits, at most, for command answers being read (they take milliseconds). */
const ANSWER_READ_WAIT_MS = 1000;

/** Commands whose answer has arrived and is being read: their positions are about to be remembered. */
const answering = new Set<Promise<void>>();

/** A command's answer, its position remembered (read-your-writes) before any read waiting on `answering` goes on. */
async function readAnswer(response: Response): Promise<unknown> {
  let done!: () => void;
  const remembered = new Promise<void>((resolve) => (done = resolve));
  answering.add(remembered);
  try {
    const body = await readJson(response);
    if (response.ok) rememberPosition(body);
    return body;
  } finally {
    answering.delete(remembered);
    done();
  }
}

/** Waits for the command answers being read now, at most ANSWER_READ_WAIT_MS (its timer cleared when they finish first). */
async function answersRead(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([Promise.all(answering), new Promise<void>((resolve) => (timer = setTimeout(resolve, ANSWER_READ_WAIT_MS)))]);
  } finally {
    clearTimeout(timer);
  }
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
  const relative = isRelative(url);
  if (relative && method !== 'GET') await ensureXsrfCookie();
  const init: RequestInit = {
    method,
    credentials: relative ? 'include' : 'same-origin',
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  };
  // A command is retried only under its Idempotency-Key: the server then answers a retry of a
  // command that already ran with its first result instead of running it again.
  const retryable = options.retry !== false && (method === 'GET' || Boolean(options.idempotencyKey));
  const attempts = retryable ? LIMITS.retryAttempts : 1;
  for (let attempt = 1; ; attempt++) {
    // Headers are rebuilt per attempt so a retry carries the latest token and read position (and the same key).
    const response = await fetch(url, { ...init, headers: buildHeaders(method, url, hasBody, options.headers, options.idempotencyKey) });
    // A read whose read models were still behind the asked position after the server's wait (a busy
    // projector): read again (the server waits again) rather than show the page without the change.
    const stale = method === 'GET' && response.ok && response.headers.get(READ_MODEL_STALE_HEADER) === '1';
    if ((!RETRIED.has(response.status) && !stale) || attempt >= attempts) return response;
    if (!stale) await sleep(TIMINGS.retryIntervalMs, options.signal);
  }
}

async function sendOnce(method: Method, url: string, options: RequestOptions): Promise<Response> {
  try {
    return await send(method, url, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0);
  }
}

/** The answer of a call: retries, after a 401 one refresh and resend, after a 403 one access refresh; errors are left to the caller. */
async function respond(method: Method, url: string, options: RequestOptions): Promise<Response> {
  let response = await sendOnce(method, url, options);
  // SPEC 4: a 401 refreshes the token once and retries. The auth API answers 401 for its own reasons.
  if (response.status === 401 && authHooks && isRelative(url) && !url.startsWith(AUTH_API_PREFIX)) {
    if (await authHooks.refresh()) response = await sendOnce(method, url, options);
    else authHooks.onRefreshFailed();
  } else if (response.status === 403 && authHooks?.refreshAccess && isRelative(url) && !url.startsWith(AUTH_API_PREFIX)) {
    // Issue 20: roles may have changed since the token was issued; one refresh, and one resend
    // (a command under the same Idempotency-Key) only when the access it brings is different.
    if (await authHooks.refreshAccess()) response = await sendOnce(method, url, options);
  }
  return response;
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = withParams(path, options.params);
  // One key per call (one user action), on every attempt of it: retries below and the resend after a refresh.
  // Only our own API takes it: a foreign address gets no key, and so no retry of a command.
  if (method !== 'GET' && options.idempotencyKey === undefined && isRelative(url)) options = { ...options, idempotencyKey: newIdempotencyKey() };
  let response: Response;
  let body: unknown;
  for (let read = 1; ; read++) {
    const asked = minPosition();
    response = await respond(method, url, options);
    if (method !== 'GET') {
      body = await readAnswer(response);
      break;
    }
    body = await readJson(response);
    if (!response.ok) break;
    // A read that a command answered during was asked before that write, and whoever awaits it (a
    // list refetched after the command joins a first load already under way) would otherwise show
    // the page without the change, with nothing left to read it again: read again at the new
    // position. A command whose answer has arrived but is still being read counts (its position is
    // not remembered yet, and the refetch it triggers next would join this read). Bounded: a
    // command whose answer stalls half-way does not hold every read with it.
    if (answering.size > 0) await answersRead();
    if (minPosition() === asked || read >= LIMITS.retryAttempts) break;
  }
  if (!response.ok) {
    const problem = (body ?? {}) as ApiErrorBody;
    // Without an errors array, a 4xx title is the error's own message; a 5xx gets the generic text.
    throw new ApiError(response.status, problem, response.status < 500 ? problem.title : undefined);
  }
  return body as T;
}

/** A GET whose answer is a file (a report's CSV export): the same auth, retries and refresh; the body as a Blob. */
async function getBlob(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<Blob> {
  const response = await respond('GET', withParams(path, options.params), options);
  if (!response.ok) {
    const problem = ((await readJson(response)) ?? {}) as ApiErrorBody;
    throw new ApiError(response.status, problem, response.status < 500 ? problem.title : undefined);
  }
  return response.blob();
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  getBlob,
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
