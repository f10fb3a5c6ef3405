// Unit tests of the session life cycle against a stubbed fetch: refresh, its single flight and fallback wait, sign-out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubWindow, tokenPayload } from '../../testing/browser-globals';
import type * as SessionModule from './session';
import type * as StoreModule from './session-store';

let session: typeof SessionModule;
let store: typeof StoreModule;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  stubWindow();
  vi.resetModules();
  session = await import('./session');
  store = await import('./session-store');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const bodyOf = (call: number) => JSON.parse(String((fetchMock.mock.calls[call]?.[1] as RequestInit).body));

describe('refreshSession', () => {
  it('should post the app id, store the REFRESH payload and share one request among concurrent callers', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { dataSet: tokenPayload('admin', 'REFRESH') }));
    const [a, b] = await Promise.all([session.refreshSession(), session.refreshSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth-api/refresh');
    expect(bodyOf(0)).toEqual({ appId: 'dealer-web' });
    expect(a).toBe(b);
    expect(store.accessToken()).toBe('token-admin-REFRESH');
  });

  it('should pass args through', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { dataSet: tokenPayload('admin', 'REFRESH') }));
    await session.refreshSession({ locationId: 2 });
    expect(bodyOf(0)).toEqual({ appId: 'dealer-web', args: { locationId: 2 } });
  });

  it('should forget the session when the refresh cookie is refused, without retrying', async () => {
    store.setSession(tokenPayload('employee'));
    fetchMock.mockResolvedValue(jsonResponse(401, { errors: ['Your session has expired. Please sign in again.'] }));
    await expect(session.refreshSession()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.getSession()).toBeNull();
  });

  it('should give up after the 10 s fallback wait', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const result = session.refreshSession();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBeNull();
  });
});

describe('ensureSession', () => {
  it('should use a valid token without asking the server, and refresh an expired one', async () => {
    store.setSession(tokenPayload('employee'), 0);
    await expect(session.ensureSession(1000)).resolves.toMatchObject({ payload: { token: 'token-employee-LOGIN' } });
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(jsonResponse(200, { dataSet: tokenPayload('employee', 'REFRESH') }));
    await expect(session.ensureSession(900_000)).resolves.toMatchObject({ payload: { token: 'token-employee-REFRESH' } });
  });

  it('should not ask the server in a browser that never signed in, nor after a sign-out or a refused refresh (issue 23)', async () => {
    await expect(session.ensureSession()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    // Signed in in another tab of this browser: the marker is shared, so this tab asks.
    window.localStorage.setItem('SESSION_MAY_EXIST', '1');
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { title: 'Unauthorized', status: 401, errors: [] }));
    await expect(session.ensureSession()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The refusal removed the marker: the next page load does not ask again.
    expect(window.localStorage.getItem('SESSION_MAY_EXIST')).toBeNull();
    await expect(session.ensureSession()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    store.setSession(tokenPayload('customer'), 0);
    expect(window.localStorage.getItem('SESSION_MAY_EXIST')).toBe('1');
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await session.signOut();
    expect(window.localStorage.getItem('SESSION_MAY_EXIST')).toBeNull();
  });
});

describe('signOut', () => {
  it('should revoke on the server and forget everything in the tab, even when the server cannot be reached', async () => {
    store.setSession(tokenPayload('admin'));
    window.localStorage.setItem('EMPLOYEE_CUSTOMER_ID', 'c-1');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await session.signOut();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth-api/login');
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit).method).toBe('DELETE');
    expect(store.getSession()).toBeNull();
    expect(window.localStorage.getItem('EMPLOYEE_CUSTOMER_ID')).toBeNull();
  });
});

describe('the access refresh after a 403 (issue 20)', () => {
  it('should renew the token once and tell the client to resend only when the roles changed', async () => {
    const apiClient = await import('../api-client');
    session.installAuthHooks();
    store.setSession(tokenPayload('manager'));
    // The admin took the manager role away: the renewed token is an employee's; the request is refused again.
    fetchMock
      .mockResolvedValueOnce(jsonResponse(403, { errors: ['You do not have permission to do this.'] }))
      .mockResolvedValueOnce(jsonResponse(200, { dataSet: tokenPayload('employee', 'REFRESH') }))
      .mockResolvedValueOnce(jsonResponse(403, { errors: ['You do not have access to this page.'] }));
    await expect(apiClient.api.get('/api/coupon-redemption-reviews')).rejects.toMatchObject({ status: 403 });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/coupon-redemption-reviews', '/auth-api/refresh', '/api/coupon-redemption-reviews']);
    expect(store.getSession()?.payload.user.roles).toEqual(['employee']);

    // The same roles again: one refresh, no resend.
    fetchMock.mockReset();
    fetchMock
      .mockResolvedValueOnce(jsonResponse(403, { errors: ['You do not have permission to do this.'] }))
      .mockResolvedValueOnce(jsonResponse(200, { dataSet: tokenPayload('employee', 'REFRESH') }));
    await expect(apiClient.api.get('/api/ro-data')).rejects.toMatchObject({ status: 403 });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/ro-data', '/auth-api/refresh']);
  });
});
