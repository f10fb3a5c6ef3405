// Unit tests of arrival destinations: repeated decoding, same-app paths only, disallowed paths go home.
import { describe, expect, it } from 'vitest';
import { decodeRepeatedly, resolveDestination } from './destination';

const DEFAULT = '/employee/sales';

describe('decodeRepeatedly', () => {
  it('should decode until the value stops changing', () => {
    expect(decodeRepeatedly('/employee/users')).toBe('/employee/users');
    expect(decodeRepeatedly('%2Femployee%2Fusers')).toBe('/employee/users');
    expect(decodeRepeatedly('%252Femployee%252Fusers%253Fa%253D1')).toBe('/employee/users?a=1');
  });

  it('should stop at a value that is not valid percent-encoding', () => {
    expect(decodeRepeatedly('/100%')).toBe('/100%');
  });
});

describe('resolveDestination', () => {
  it('should keep a same-app path with its query and hash, plain or encoded', () => {
    expect(resolveDestination('/employee/users?locationId=2#top', DEFAULT)).toBe('/employee/users?locationId=2#top');
    expect(resolveDestination(encodeURIComponent(encodeURIComponent('/customer/coupons')), DEFAULT)).toBe('/customer/coupons');
  });

  it('should fall back to the default when there is no destination', () => {
    expect(resolveDestination(null, DEFAULT)).toBe(DEFAULT);
    expect(resolveDestination('', DEFAULT)).toBe(DEFAULT);
  });

  it('should send /login, /logout and /auth/receiving (in any encoding or case) to the root', () => {
    for (const path of ['/login', '/logout', '/auth/receiving', '/LOGOUT/', '/logout?x=1', '%2Flogout', '%252Fauth%252Freceiving', '/auth/logout', '/auth/refresh?destination=%2F']) {
      expect(resolveDestination(path, DEFAULT), path).toBe('/');
    }
  });

  it('should not treat a longer path that starts like a disallowed one as disallowed', () => {
    expect(resolveDestination('/login-help', DEFAULT)).toBe('/login-help');
  });

  it('should refuse anything that leaves the app and use the default instead', () => {
    for (const path of [
      'https://evil.example/phish',
      '//evil.example/phish',
      '/\\evil.example',
      '%2F%2Fevil.example',
      'javascript:alert(1)',
      'employee/users',
      '/\u0000x',
    ]) {
      expect(resolveDestination(path, DEFAULT), path).toBe(DEFAULT);
    }
  });
});
