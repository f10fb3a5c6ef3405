/** Signed double-submit anti-forgery token: `<random>.<hmac(random)>` in a cookie and a header. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const sign = (value: string, secret: string) => createHmac('sha256', `xsrf:${secret}`).update(value).digest('base64url');

export function newXsrfToken(secret: string): string {
  const value = randomBytes(18).toString('base64url');
  return `${value}.${sign(value, secret)}`;
}

export function isValidXsrfToken(token: string | undefined, secret: string): boolean {
  if (!token) return false;
  const [value, mac] = token.split('.');
  if (!value || !mac) return false;
  const expected = Buffer.from(sign(value, secret));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The header must equal the cookie, and the cookie must carry our signature. */
export function xsrfMatches(cookie: string | undefined, header: string | undefined, secret: string): boolean {
  if (!cookie || !header || cookie.length !== header.length) return false;
  if (!timingSafeEqual(Buffer.from(cookie), Buffer.from(header))) return false;
  return isValidXsrfToken(cookie, secret);
}
