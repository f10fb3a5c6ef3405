/**
 * Signed double-submit anti-forgery tokens bound to a session (OWASP "signed double-submit
 * cookie"). Each browser holds an httpOnly binding cookie: a random pre-session id issued on its
 * first request, which a sign-in makes its session's binding. The readable XSRF-TOKEN cookie is
 * `<random>.<HMAC(binding + random)>`; a non-GET request must echo it in X-XSRF-TOKEN, and the
 * HMAC must hold for the binding of the request's own session, so a pair issued to another
 * session (or planted without its binding) is refused.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The httpOnly cookie holding the browser's binding; `__Host-` over https (no subdomain can set it). */
export const BINDING_COOKIE = 'dealer_xsid';
export const bindingCookieName = (secure: boolean) => (secure ? `__Host-${BINDING_COOKIE}` : BINDING_COOKIE);

const BINDING_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** A new random binding (24 bytes, base64url): a browser's pre-session id. */
export const newBinding = () => randomBytes(24).toString('base64url');

/** A binding as sent in a cookie, or null when absent or not one of ours in shape. */
export const bindingOrNull = (value: string | undefined): string | null => (value && BINDING_SHAPE.test(value) ? value : null);

const sign = (binding: string, value: string, secret: string) => createHmac('sha256', `xsrf:${secret}`).update(`${binding}.${value}`).digest('base64url');

export function newXsrfToken(secret: string, binding: string): string {
  const value = randomBytes(18).toString('base64url');
  return `${value}.${sign(binding, value, secret)}`;
}

/** Whether `token` carries our signature for `binding`. */
export function isValidXsrfToken(token: string | undefined, secret: string, binding: string | null): boolean {
  if (!token || !binding || token.length > 100) return false;
  const [value, mac, extra] = token.split('.');
  if (!value || !mac || extra !== undefined) return false;
  const expected = Buffer.from(sign(binding, value, secret));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The header must equal the cookie, and the cookie must carry our signature for the binding. */
export function xsrfMatches(cookie: string | undefined, header: string | undefined, secret: string, binding: string | null): boolean {
  if (!cookie || !header || cookie.length !== header.length) return false;
  if (!timingSafeEqual(Buffer.from(cookie), Buffer.from(header))) return false;
  return isValidXsrfToken(cookie, secret, binding);
}
