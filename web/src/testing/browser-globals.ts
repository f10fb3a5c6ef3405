// Unit-test stand-ins for the browser globals the auth layer touches (storage, location, cookies).
import { vi } from 'vitest';
import type { AuthTokenPayload, AuthEvent, Role } from '@dealer/contracts';
import { accessListFor } from '@dealer/contracts';

export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

export interface FakeWindow {
  localStorage: MemoryStorage;
  sessionStorage: MemoryStorage;
  location: { pathname: string; search: string; hash: string };
}

/** Installs a window with empty storages at `path`; undo with vi.unstubAllGlobals(). */
export function stubWindow(path = '/employee/sales'): FakeWindow {
  const url = new URL(path, 'https://app.invalid');
  const fake: FakeWindow = {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    location: { pathname: url.pathname, search: url.search, hash: url.hash },
  };
  vi.stubGlobal('window', fake);
  return fake;
}

export function tokenPayload(role: Role = 'employee', evt: AuthEvent = 'LOGIN', token = `token-${role}-${evt}`): AuthTokenPayload {
  return {
    token,
    user: {
      userId: `user-${role}`,
      customerId: role === 'customer' ? 'user-customer' : null,
      first: 'Test',
      last: role,
      email: `${role}@example.com`,
      username: role === 'customer' ? null : role,
      isEmployee: role !== 'customer',
      location: null,
      locationId: 1,
      title: null,
      department: null,
      lastFailedLoginDate: null,
      roles: [role],
    },
    access: { list: accessListFor([role]), args: { isAdmin: role === 'admin', isManager: role === 'manager', isController: role === 'controller' } },
    expiresSeconds: 900,
    renewPeriodSeconds: 600,
    evt,
  };
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
