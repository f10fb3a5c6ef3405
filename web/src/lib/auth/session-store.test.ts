// Unit tests of the session store: memory plus sessionStorage, LOGIN clears storage, listeners notified.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubWindow, tokenPayload, type FakeWindow } from '../../testing/browser-globals';
import type * as Store from './session-store';

let store: typeof Store;
let win: FakeWindow;

beforeEach(async () => {
  win = stubWindow();
  vi.resetModules();
  store = await import('./session-store');
});

afterEach(() => vi.unstubAllGlobals());

describe('session store', () => {
  it('should keep the token in memory and in sessionStorage under auth_token', () => {
    store.setSession(tokenPayload('admin'), 42);
    expect(store.accessToken()).toBe('token-admin-LOGIN');
    expect(JSON.parse(win.sessionStorage.getItem('auth_token') ?? '')).toMatchObject({ receivedAt: 42, payload: { token: 'token-admin-LOGIN' } });
  });

  it('should restore the session from sessionStorage in a fresh module (page reload)', async () => {
    store.setSession(tokenPayload('employee'), 7);
    vi.resetModules();
    const reloaded: typeof Store = await import('./session-store');
    expect(reloaded.getSession()).toMatchObject({ receivedAt: 7, payload: { user: { userId: 'user-employee' } } });
  });

  it('should clear local and session storage on LOGIN but not on REFRESH', () => {
    win.localStorage.setItem('EMPLOYEE_CUSTOMER_ID', 'c-1');
    win.sessionStorage.setItem('other', 'x');
    store.setSession(tokenPayload('employee', 'REFRESH'));
    expect(win.localStorage.getItem('EMPLOYEE_CUSTOMER_ID')).toBe('c-1');
    store.setSession(tokenPayload('employee', 'LOGIN'));
    expect(win.localStorage.getItem('EMPLOYEE_CUSTOMER_ID')).toBeNull();
    expect(win.sessionStorage.getItem('other')).toBeNull();
    expect(win.sessionStorage.getItem('auth_token')).not.toBeNull();
  });

  it('should ignore a stored value that is not a session', async () => {
    win.sessionStorage.setItem('auth_token', '{"payload":{}}');
    vi.resetModules();
    const reloaded: typeof Store = await import('./session-store');
    expect(reloaded.getSession()).toBeNull();
  });

  it('should notify listeners on set and clear, and forget the stored token', () => {
    const listener = vi.fn();
    store.subscribeSession(listener);
    store.setSession(tokenPayload());
    store.clearSession();
    store.clearSession();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getSession()).toBeNull();
    expect(win.sessionStorage.getItem('auth_token')).toBeNull();
  });
});

describe('access changes (issue 20)', () => {
  it('should tell listeners when a renewed token of the same user brings other roles, not on sign-in, sign-out or the same access', () => {
    const changed = vi.fn();
    store.subscribeAccessChange(changed);
    const manager = tokenPayload('manager');
    store.setSession(manager);
    expect(changed).not.toHaveBeenCalled();
    store.setSession({ ...manager, evt: 'REFRESH', token: 'renewed' });
    expect(changed).not.toHaveBeenCalled();
    // The admin took the manager role away: same user, an employee's access.
    const employee = tokenPayload('employee', 'REFRESH');
    store.setSession({ ...employee, user: { ...employee.user, userId: manager.user.userId } });
    expect(changed).toHaveBeenCalledTimes(1);
    // Another role at another location only: still a change.
    const current = store.getSession()!.payload;
    store.setSession({ ...current, access: { ...current.access, locationRoles: [{ locationId: 2, role: 'employee' }] } });
    expect(changed).toHaveBeenCalledTimes(2);
    store.clearSession();
    expect(changed).toHaveBeenCalledTimes(2);
  });
});
