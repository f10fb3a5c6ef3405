// Guards of SPEC 2.1 that move between sessions: the empty path, logout, the refresh bounce and arrival.
import { defaultPageFor, type ApiEnvelope, type AuthTokenPayload } from '@dealer/contracts';
import { data, replace, type LoaderFunctionArgs } from 'react-router-dom';
import { api } from '../../lib/api-client';
import { authUrl, parseArgs } from '../../lib/auth/auth-urls';
import { resolveDestination } from '../../lib/auth/destination';
import { ensureSession, refreshSession, signOut } from '../../lib/auth/session';
import { getSession, setSession, type Session } from '../../lib/auth/session-store';
import { clearAllStorage } from '../../lib/storage';

export const ARRIVAL_FAILED_STATUS = 401;

/** The empty path: a signed-in user goes to their default page; otherwise a token is requested, failing over to sign-in. */
export async function rootGuard() {
  const session = await ensureSession();
  throw replace(session ? defaultPageFor(session.payload.user) : authUrl('login'));
}

/** Pages open to anyone still pick up the session a refresh cookie offers (a new tab of a signed-in user). */
export async function optionalSessionGuard() {
  await ensureSession();
  return null;
}

/** /logout and /auth/logout: sign out on the server and in the tab, then the sign-in page. */
export async function logoutGuard() {
  await signOut();
  throw replace(authUrl('login'));
}

const flag = (value: string | null) => value === '1' || value === 'true';

/**
 * /auth/refresh: the auth host's bounce. A new token sends the user on to the destination; without
 * one they sign in, unless authentication is optional, in which case they arrive signed out.
 */
export async function refreshBounceGuard({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const destination = query.get('destination');
  const session = await refreshSession(parseArgs(query.get('args')));
  if (session) throw replace(resolveDestination(destination, defaultPageFor(session.payload.user)));
  if (flag(query.get('authenticationOptional'))) throw replace(resolveDestination(destination, '/'));
  throw replace(authUrl('login', { destination }));
}

/** Exchanges an access token handed over in the address for the full payload (POST /auth-api/app-refresh with it as Bearer). */
async function receiveToken(token: string): Promise<Session | null> {
  try {
    const response = await api.post<ApiEnvelope<AuthTokenPayload>>('/auth-api/app-refresh', {}, {
      retry: false,
      headers: { Authorization: `Bearer ${token}` },
    });
    const previous = getSession()?.payload.user.userId;
    // Someone else arriving in this tab: nothing of the previous user may survive (as on LOGIN).
    if (previous && previous !== response.dataSet.user.userId) clearAllStorage();
    return setSession(response.dataSet);
  } catch {
    return null;
  }
}

/**
 * /auth/receiving, the arrival guard (SPEC 2.3): a token, an optional-authentication flag and a
 * destination (plain or encoded). Failure to authenticate shows the error page, unless optional.
 */
export async function arrivalGuard({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const token = query.get('token');
  const optional = flag(query.get('authenticationOptional'));
  const session = token ? await receiveToken(token) : await ensureSession();
  if (!session && (token || !optional)) throw data(null, { status: ARRIVAL_FAILED_STATUS });
  throw replace(resolveDestination(query.get('destination'), defaultPageFor(session?.payload.user ?? null)));
}
