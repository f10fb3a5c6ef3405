// Session life cycle (SPEC 4, 7): refresh (single flight, 10 s fallback wait), app refresh, sign-out, and the API client's hooks.
import { TIMINGS, type ApiEnvelope, type AuthTokenPayload } from '@dealer/contracts';
import { api, setAuthHooks } from '../api-client';
import { isApiError } from '../api-error';
import { navigateTo } from '../navigation';
import { clearAllStorage } from '../storage';
import { authUrl, currentAppPath } from './auth-urls';
import { accessKeyOf, accessToken, clearSession, getSession, sessionMayExist, setSession, type Session } from './session-store';
import { tokenPhase } from './token-phase';

/** Sent with every refresh so the auth host knows which application asks. */
export const APP_ID = 'dealer-web';

const AUTH_API = {
  refresh: '/auth-api/refresh',
  appRefresh: '/auth-api/app-refresh',
  login: '/auth-api/login',
} as const;

let refreshing: Promise<Session | null> | null = null;

async function requestRefresh(args?: Record<string, unknown>): Promise<Session | null> {
  const fallback = new AbortController();
  const timer = setTimeout(() => fallback.abort(new DOMException('Refresh timed out', 'TimeoutError')), TIMINGS.refreshFallbackWaitMs);
  try {
    // Never retried: the refresh cookie is single use, and repeating a refresh whose answer was
    // lost would present a spent token (the server then revokes the whole family).
    const response = await api.post<ApiEnvelope<AuthTokenPayload>>(
      AUTH_API.refresh,
      args ? { appId: APP_ID, args } : { appId: APP_ID },
      { retry: false, signal: fallback.signal },
    );
    return setSession(response.dataSet);
  } catch (error) {
    // No or a dead refresh cookie: whatever token this tab held is no longer backed by a session.
    if (isApiError(error) && (error.status === 401 || error.status === 403)) clearSession();
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks for a new token with the refresh cookie. Concurrent callers share one request; a request
 * that has not answered within the fallback wait (10 s) counts as failed.
 */
export function refreshSession(args?: Record<string, unknown>): Promise<Session | null> {
  refreshing ??= requestRefresh(args).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The current session if its token is still valid, otherwise whatever a refresh gives (null: signed
 * out). A browser that never signed in, or signed out, is not asked about (no 401 on every page load).
 */
export async function ensureSession(now: number = Date.now()): Promise<Session | null> {
  const session = getSession();
  if (session && tokenPhase(session, now) !== 'expired') return session;
  if (!sessionMayExist()) return null;
  return refreshSession();
}

/** POST /auth-api/app-refresh: a fresh access list for the signed-in user (evt APP_REFRESH). */
export async function appRefreshSession(args?: Record<string, unknown>): Promise<Session> {
  const response = await api.post<ApiEnvelope<AuthTokenPayload>>(AUTH_API.appRefresh, args ? { args } : {});
  return setSession(response.dataSet);
}

/** Starts a session from a sign-in or registration answer (evt LOGIN clears storage first). */
export function startSession(payload: AuthTokenPayload): Session {
  return setSession(payload);
}

/** DELETE /auth-api/login revokes the refresh cookie; the tab forgets the token and all stored state either way. */
export async function signOut(): Promise<void> {
  try {
    await api.delete(AUTH_API.login, { retry: false });
  } catch {
    // Signing out locally still matters when the server cannot be reached.
  }
  clearSession();
  clearAllStorage();
}

function isOnAuthHost(): boolean {
  return typeof window !== 'undefined' && window.location.pathname.startsWith('/auth/');
}

/** Lends the API client the bearer token, the SPEC 4 recovery from a 401 and the access refresh after a 403. */
export function installAuthHooks(): void {
  setAuthHooks({
    token: accessToken,
    refresh: async () => (await refreshSession()) !== null,
    refreshAccess: async () => {
      const before = getSession();
      if (!before) return false;
      const after = await refreshSession();
      return after !== null && accessKeyOf(after) !== accessKeyOf(before);
    },
    onRefreshFailed: () => {
      if (isOnAuthHost()) return;
      navigateTo(authUrl('refresh', { destination: currentAppPath(), authenticationOptional: true }));
    },
  });
}
