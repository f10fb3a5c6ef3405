// Addresses of the auth-host pages (SPEC 7): /auth/login, /auth/refresh, /auth/logout with destination, args, authenticationOptional.
export const AUTH_ROUTES = {
  login: '/auth/login',
  refresh: '/auth/refresh',
  logout: '/auth/logout',
  receiving: '/auth/receiving',
} as const;

export interface AuthRedirectOptions {
  destination?: string | null;
  /** Sent to the refresh call as-is (JSON in the address). */
  args?: Record<string, unknown> | null;
  /** Arrive signed out instead of being asked to sign in when no token can be had. */
  authenticationOptional?: boolean;
}

export function authUrl(route: keyof typeof AUTH_ROUTES, options: AuthRedirectOptions = {}): string {
  const query = new URLSearchParams();
  if (options.destination) query.set('destination', options.destination);
  if (options.args) query.set('args', JSON.stringify(options.args));
  if (options.authenticationOptional) query.set('authenticationOptional', '1');
  const search = query.toString();
  return search ? `${AUTH_ROUTES[route]}?${search}` : AUTH_ROUTES[route];
}

/** The current in-app address (path, query, hash), to come back to after the auth host. */
export function currentAppPath(): string {
  if (typeof window === 'undefined') return '/';
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Reads the args query value (JSON object); anything else is ignored. */
export function parseArgs(raw: string | null): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
