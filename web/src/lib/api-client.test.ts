// Unit tests of the API client: retries, error messages, credentials and read-your-writes headers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ERROR, UNKNOWN_REQUEST_ERROR } from '@dealer/contracts';
import type { api as Api } from './api-client';
import type { ApiError } from './api-error';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let api: typeof Api;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  // A fresh module per test: the remembered read position is module state.
  vi.resetModules();
  ({ api } = await import('./api-client'));
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

  it('should send the highest position a command answered as X-Min-Position on later GETs', async () => {
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
    expect(headersOf(2).get('x-min-position')).toBeNull();
    expect(headersOf(3).get('x-min-position')).toBe('9007199254740993');
  });
});
