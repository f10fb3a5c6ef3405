// Unit tests of the window-focus rule (SPEC 4): renew inside the renew period, re-authenticate once expired.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubWindow, tokenPayload } from '../../testing/browser-globals';
import type * as ListenerModule from './use-auth-listener';
import type * as StoreModule from './session-store';
import type * as NavigationModule from '../navigation';

let listener: typeof ListenerModule;
let store: typeof StoreModule;
let navigate: ReturnType<typeof vi.fn<(to: string, options?: NavigationModule.NavigateOptions) => void>>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  stubWindow('/employee/users?locationId=2');
  vi.resetModules();
  listener = await import('./use-auth-listener');
  store = await import('./session-store');
  const navigation: typeof NavigationModule = await import('../navigation');
  navigate = vi.fn<(to: string, options?: NavigationModule.NavigateOptions) => void>();
  navigation.setNavigator(navigate);
  fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { dataSet: tokenPayload('admin', 'REFRESH') }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('on window focus', () => {
  it('should do nothing while the token is fresh or nobody is signed in', () => {
    listener.onWindowFocus(0);
    store.setSession(tokenPayload('admin'), 0);
    listener.onWindowFocus(599_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('should request a refresh inside the renew period', async () => {
    store.setSession(tokenPayload('admin'), 0);
    listener.onWindowFocus(600_000);
    await vi.waitFor(() => expect(store.accessToken()).toBe('token-admin-REFRESH'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth-api/refresh');
  });

  it('should send an expired session to the refresh route with authentication optional, coming back here', () => {
    store.setSession(tokenPayload('admin'), 0);
    listener.onWindowFocus(900_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(
      `/auth/refresh?destination=${encodeURIComponent('/employee/users?locationId=2')}&authenticationOptional=1`,
      undefined,
    );
  });
});
