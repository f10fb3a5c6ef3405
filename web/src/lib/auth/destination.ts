// Arrival destinations (SPEC 2.3): decoded repeatedly, kept inside the app, never back into sign-in/out.
const SENTINEL_ORIGIN = 'https://app.invalid';

/**
 * SPEC 2.3 names /login, /logout and /auth/receiving. The app's own auth-host routes that sign
 * out or bounce for a token are added: arriving on them would undo the sign-in that just happened.
 */
export const DISALLOWED_DESTINATIONS = ['/login', '/logout', '/auth/receiving', '/auth/logout', '/auth/refresh'] as const;

/** Decodes a plain or (repeatedly) percent-encoded value until it stops changing. */
export function decodeRepeatedly(value: string, maxRounds = 10): string {
  let decoded = value;
  for (let i = 0; i < maxRounds; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return decoded;
    }
    if (next === decoded) return decoded;
    decoded = next;
  }
  return decoded;
}

/** The path, query and hash of a same-app destination, or null for anything that leaves the app. */
function toAppPath(value: string): string | null {
  // Only absolute paths: no scheme, no protocol-relative '//host', no '/\host' (browsers read it as '//host').
  if (!value.startsWith('/') || /[\u0000-\u001f\\]/.test(value)) return null;
  try {
    const url = new URL(value, SENTINEL_ORIGIN);
    if (url.origin !== SENTINEL_ORIGIN) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

function isDisallowed(path: string): boolean {
  const pathname = (path.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '').toLowerCase() || '/';
  return (DISALLOWED_DESTINATIONS as readonly string[]).includes(pathname);
}

/**
 * Where to go after arriving: a disallowed destination becomes '/'; a missing one, or one that
 * is not an app path (another site, a script URL), becomes `fallback` (the user's default page).
 */
export function resolveDestination(raw: string | null | undefined, fallback: string): string {
  if (!raw) return fallback;
  const path = toAppPath(decodeRepeatedly(raw.trim()));
  if (path === null) return fallback;
  return isDisallowed(path) ? '/' : path;
}
