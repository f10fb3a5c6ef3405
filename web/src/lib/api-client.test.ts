// Unit tests of the API client: retries, error messages, credentials and read-your-writes headers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ERROR, UNKNOWN_REQUEST_ERROR } from '@dealer/contracts';
import type { api as Api, setAuthHooks as SetAuthHooks } from './api-client';
import type { ApiError } from './api-error';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let api: typeof Api;
let setAuthHooks: typeof SetAuthHooks;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  // A fresh module per test: the remembered read position and the auth hooks are module state.
  vi.resetModules();
  ({ api, setAuthHooks } = await import('./api-client'));
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const headersOf = (call: number) => (fetchMock.mock.calls[call]?.[1] as RequestInit).headers as Headers;

describe('api client', () => {
  it('should send cookies with relative URLs and parse the JSON answer', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { dataSet: [1, 2] }));
    await expect(api.get('/api/things', { params: { q: 'a b', empty: '' } })).resolves.toEqual({ dataSet: [1, 2] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/things?q=a+b');
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit).credentials).toBe('include');
  });

  it('should retry 503 three attempts in all, 1000 ms apart, then throw', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(503, { title: 'Unavailable', status: 503, errors: ['Try later.'] }));
    const result = api.get('/api/things').catch((e: ApiError) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await result;
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(error).toMatchObject({ status: 503, messages: ['Try later.'] });
  });

  it('should read again at once while the server says its read models are behind, and keep the last answer after three', async () => {
    const stale = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'x-read-model-stale': '1' } });
    fetchMock.mockResolvedValueOnce(stale({ dataSet: 'old' })).mockResolvedValueOnce(json(200, { dataSet: 'new' }));
    await expect(api.get('/api/things')).resolves.toEqual({ dataSet: 'new' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => stale({ dataSet: 'old' }));
    await expect(api.get('/api/things')).resolves.toEqual({ dataSet: 'old' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // A command's answer is never read again for it.
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => stale({ dataSet: 'done' }));
    await expect(api.post('/api/things', {})).resolves.toEqual({ dataSet: 'done' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('should not retry a 400 and keep every message and field', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { title: 'validation', status: 400, errors: ['Mobile is required.', 'Email is invalid.'], fields: { phoneMobile: 'Mobile is required.' } }),
    );
    const error = (await api.post('/api/customers', {}).catch((e: unknown) => e)) as ApiError;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error.messages).toEqual(['Mobile is required.', 'Email is invalid.']);
    expect(error.fields).toEqual({ phoneMobile: 'Mobile is required.' });
  });

  it('should give the connection text when the network fails and the generic text for a bare 500', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/things')).rejects.toMatchObject({ status: 0, messages: [CONNECTION_ERROR] });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await expect(api.get('/api/things')).rejects.toMatchObject({ status: 500, messages: [UNKNOWN_REQUEST_ERROR] });
  });

  it('should read again, at the new position, when a command answered while the read was under way', async () => {
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      if (init.method === 'POST') return json(201, { dataSet: {}, metaData: { position: '5' } });
      if (init.method === 'PUT') return json(200, { dataSet: {}, metaData: { position: '7' } });
      const reads = fetchMock.mock.calls.filter((c) => (c[1] as RequestInit).method === 'GET').length;
      // The first read: an edit is answered while it is under way.
      if (reads === 1) await api.put('/api/b/1', {});
      return json(200, { dataSet: `read ${reads}` });
    });
    await api.post('/api/b', {});
    await expect(api.get('/api/a')).resolves.toEqual({ dataSet: 'read 2' });
    expect(fetchMock.mock.calls.map((c) => (c[1] as RequestInit).method)).toEqual(['POST', 'GET', 'PUT', 'GET']);
    expect(headersOf(1).get('x-min-position')).toBe('5');
    expect(headersOf(3).get('x-min-position')).toBe('7');
    // A read during which nothing was written is read once.
    await expect(api.get('/api/a')).resolves.toEqual({ dataSet: 'read 3' });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('should read again when a command answers while the read is being read, even before the command\'s own answer is read', async () => {
    // Answers whose bodies arrive when the test says (headers first, as over the network).
    const later = (status: number) => {
      let send!: (body: unknown) => void;
      const text = new Promise<string>((resolve) => (send = (body) => resolve(JSON.stringify(body))));
      const response = { ok: status < 300, status, headers: new Headers({ 'content-type': 'application/json' }), text: () => text } as unknown as Response;
      return { response, send };
    };
    const firstRead = later(200);
    const edit = later(200);
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      if (init.method === 'POST') return json(201, { dataSet: {}, metaData: { position: '5' } });
      if (init.method === 'PUT') return edit.response;
      const reads = fetchMock.mock.calls.filter((c) => (c[1] as RequestInit).method === 'GET').length;
      return reads === 1 ? firstRead.response : json(200, { dataSet: `read ${reads}` });
    });
    await api.post('/api/b', {});
    const read = api.get('/api/a');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    // The edit's answer arrives (its body not yet read), then the first read's body.
    const edited = api.put('/api/b/1', {});
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    firstRead.send({ dataSet: 'read 1' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    edit.send({ dataSet: {}, metaData: { position: '7' } });
    await edited;
    await expect(read).resolves.toEqual({ dataSet: 'read 2' });
    expect(fetchMock.mock.calls.map((c) => (c[1] as RequestInit).method)).toEqual(['POST', 'GET', 'PUT', 'GET']);
    expect(headersOf(3).get('x-min-position')).toBe('7');
  });

  it('should not hold a read for longer than a second behind a command whose answer stalls', async () => {
    let stalled!: () => void;
    const body = new Promise<string>((resolve) => (stalled = () => resolve('{}')));
    const stalling = { ok: true, status: 200, headers: new Headers(), text: () => body } as unknown as Response;
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => (init.method === 'PUT' ? stalling : json(200, { dataSet: 'read' })));
    const edited = api.put('/api/b/1', {});
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const started = Date.now();
    await expect(api.get('/api/a')).resolves.toEqual({ dataSet: 'read' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stalled();
    await edited;
  });

  it('should send the highest position a command answered as X-Min-Position on every later request', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { dataSet: [] }))
      .mockResolvedValueOnce(json(201, { dataSet: {}, metaData: { position: '9007199254740993' } }))
      .mockResolvedValueOnce(json(200, { dataSet: {}, metaData: { position: '12' } }))
      .mockResolvedValueOnce(json(200, { dataSet: [] }));
    await api.get('/api/a');
    await api.post('/api/b', {});
    await api.put('/api/b/1', {});
    await api.get('/api/a');
    expect(headersOf(0).get('x-min-position')).toBeNull();
    expect(headersOf(1).get('x-min-position')).toBeNull();
    // The command after a command waits for it too (read-model checks such as duplicates).
    expect(headersOf(2).get('x-min-position')).toBe('9007199254740993');
    expect(headersOf(3).get('x-min-position')).toBe('9007199254740993');
  });
});

describe('api client with a session', () => {
  function hooks(token: { value: string | null }, refreshTo: string | null) {
    const onRefreshFailed = vi.fn();
    const refresh = vi.fn(async () => {
      token.value = refreshTo;
      return refreshTo !== null;
    });
    setAuthHooks({ token: () => token.value, refresh, onRefreshFailed });
    return { refresh, onRefreshFailed };
  }

  it('should send the Bearer token on relative URLs only', async () => {
    hooks({ value: 'abc' }, null);
    fetchMock.mockImplementation(async () => json(200, { dataSet: [] }));
    await api.get('/api/things');
    await api.get('https://elsewhere.example/api');
    expect(headersOf(0).get('authorization')).toBe('Bearer abc');
    expect(headersOf(1).get('authorization')).toBeNull();
  });

  it('should refresh once on a 401 and retry with the new token', async () => {
    const { refresh } = hooks({ value: 'old' }, 'new');
    fetchMock.mockResolvedValueOnce(json(401, { errors: ['Expired.'] })).mockResolvedValueOnce(json(200, { dataSet: 1 }));
    await expect(api.get('/api/things')).resolves.toEqual({ dataSet: 1 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(headersOf(1).get('authorization')).toBe('Bearer new');
  });

  it('should report a refresh that failed and throw the 401', async () => {
    const { onRefreshFailed } = hooks({ value: 'old' }, null);
    fetchMock.mockResolvedValue(json(401, { errors: ['Expired.'] }));
    await expect(api.get('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
  });

  it('should refresh the access once on a 403 and send again only when the access changed (issue 20)', async () => {
    const token = { value: 'old' };
    const refreshAccess = vi.fn(async () => {
      token.value = 'new';
      return true;
    });
    setAuthHooks({ token: () => token.value, refresh: vi.fn(async () => false), onRefreshFailed: vi.fn(), refreshAccess });
    fetchMock.mockResolvedValueOnce(json(403, { errors: ['You do not have permission to do this.'] })).mockResolvedValueOnce(json(201, { dataSet: 1 }));
    await expect(api.post('/api/coupons', { name: 'x' })).resolves.toEqual({ dataSet: 1 });
    expect(refreshAccess).toHaveBeenCalledTimes(1);
    expect(headersOf(1).get('authorization')).toBe('Bearer new');
    // The resend is the same command: the same Idempotency-Key.
    expect(headersOf(1).get('idempotency-key')).toBe(headersOf(0).get('idempotency-key'));

    refreshAccess.mockImplementation(async () => false);
    fetchMock.mockResolvedValueOnce(json(403, { errors: ['You do not have permission to do this.'] }));
    await expect(api.get('/api/ro-data')).rejects.toMatchObject({ status: 403, messages: ['You do not have permission to do this.'] });
    expect(refreshAccess).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('should not refresh for a 403 of the auth API itself', async () => {
    const refreshAccess = vi.fn(async () => true);
    setAuthHooks({ token: () => 'abc', refresh: vi.fn(async () => false), onRefreshFailed: vi.fn(), refreshAccess });
    fetchMock.mockResolvedValueOnce(json(403, { errors: ['Invalid or missing anti-forgery token.'] }));
    await expect(api.post('/auth-api/refresh', {}, { retry: false })).rejects.toMatchObject({ status: 403 });
    expect(refreshAccess).not.toHaveBeenCalled();
  });

  it('should not refresh for a 401 of the auth API itself, and not retry when told not to', async () => {
    const { refresh } = hooks({ value: null }, 'new');
    fetchMock.mockResolvedValueOnce(json(401, { errors: ['Invalid username or password.'] })).mockResolvedValueOnce(json(429, { errors: ['Too many.'] }));
    await expect(api.post('/auth-api/login', {}, { retry: false })).rejects.toMatchObject({ status: 401, messages: ['Invalid username or password.'] });
    await expect(api.post('/auth-api/login', {}, { retry: false })).rejects.toMatchObject({ status: 429 });
    expect(refresh).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('api client anti-forgery', () => {
  it('should fetch the XSRF cookie before the first write and echo it in a header on non-GET only', async () => {
    const jar = { cookie: '' };
    vi.stubGlobal('document', jar);
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/auth-api/xsrf') {
        jar.cookie = 'XSRF-TOKEN=t%2B1';
        return new Response(null, { status: 204 });
      }
      return json(200, { dataSet: {} });
    });
    await api.post('/api/things', {});
    await api.get('/api/things');
    await api.delete('/api/things/1');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/auth-api/xsrf', '/api/things', '/api/things', '/api/things/1']);
    expect(headersOf(1).get('x-xsrf-token')).toBe('t+1');
    expect(headersOf(2).get('x-xsrf-token')).toBeNull();
    expect(headersOf(3).get('x-xsrf-token')).toBe('t+1');
  });
});

describe('api client idempotency keys (issue 10 item 11)', () => {
  const unavailable = () => json(503, { title: 'Unavailable', status: 503, errors: ['Try later.'] });
  const keyOf = (call: number) => headersOf(call).get('idempotency-key');

  it('should send one Idempotency-Key per command and the same key on each of its retries (3 attempts, 1000 ms apart)', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockResolvedValueOnce(json(504, {}))
      .mockResolvedValueOnce(json(408, {}))
      .mockResolvedValueOnce(json(201, { dataSet: { customerId: 'c1' }, metaData: { position: '5' } }))
      .mockResolvedValueOnce(json(201, { dataSet: { customerId: 'c2' } }));
    const first = api.post('/api/customers', { firstName: 'A' });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1001);
    await expect(first).resolves.toEqual({ dataSet: { customerId: 'c1' }, metaData: { position: '5' } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const key = keyOf(0);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyOf(1)).toBe(key);
    expect(keyOf(2)).toBe(key);
    // The next user action is another command: another key.
    await api.post('/api/customers', { firstName: 'A' });
    expect(keyOf(3)).not.toBe(key);
    expect(keyOf(3)).toBeTruthy();
  });

  it('should retry 429, 502 and PUT/DELETE commands under their key, and never send a key on a GET', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(json(429, {})).mockResolvedValueOnce(json(502, {})).mockResolvedValueOnce(json(200, { dataSet: {} }));
    const put = api.put('/api/customers/1', { expectedRevision: 3 });
    await vi.advanceTimersByTimeAsync(2000);
    await put;
    expect(keyOf(0)).toBeTruthy();
    expect(new Set([keyOf(0), keyOf(1), keyOf(2)]).size).toBe(1);
    fetchMock.mockResolvedValueOnce(json(200, { dataSet: [] }));
    await api.get('/api/customers');
    expect(keyOf(3)).toBeNull();
  });

  it('should use the key the caller gives, on every attempt', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(json(200, { dataSet: {} }));
    const done = api.post('/api/things', {}, { idempotencyKey: 'my-action-1' });
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect([keyOf(0), keyOf(1)]).toEqual(['my-action-1', 'my-action-1']);
  });

  it('should never retry a command without a key (an address outside the API gets none)', async () => {
    fetchMock.mockImplementation(async () => unavailable());
    await expect(api.post('https://elsewhere.example/hook', {})).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(keyOf(0)).toBeNull();
  });

  it('should keep the key when a command is sent again after a token refresh', async () => {
    let token = 'old';
    setAuthHooks({ token: () => token, refresh: async () => ((token = 'new'), true), onRefreshFailed: vi.fn() });
    fetchMock.mockResolvedValueOnce(json(401, { errors: ['Expired.'] })).mockResolvedValueOnce(json(201, { dataSet: {} }));
    await api.post('/api/customers', {});
    expect(keyOf(0)).toBeTruthy();
    expect(keyOf(1)).toBe(keyOf(0));
    expect(headersOf(1).get('authorization')).toBe('Bearer new');
  });

  it('should make a key without crypto.randomUUID (plain http on a LAN address)', async () => {
    const { newIdempotencyKey } = await import('./api-client');
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
