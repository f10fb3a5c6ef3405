// The signed-in session: the auth token payload in memory and in sessionStorage (SPEC 3, 4).
import type { AuthTokenPayload } from '@dealer/contracts';
import { clearAllStorage, readStorage, STORAGE_KEYS, writeStorage } from '../storage';

export interface Session {
  payload: AuthTokenPayload;
  /**
   * When this client received the token (ms since epoch, client clock). Expiry and the renew
   * period are counted from here, so a skewed server clock cannot make a token look expired.
   */
  receivedAt: number;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let current: Session | null | undefined;

function isSession(value: unknown): value is Session {
  const s = value as Partial<Session> | null;
  return (
    typeof s?.receivedAt === 'number' &&
    typeof s.payload?.token === 'string' &&
    typeof s.payload.expiresSeconds === 'number' &&
    typeof s.payload.user?.userId === 'string'
  );
}

function load(): Session | null {
  const raw = readStorage(STORAGE_KEYS.authToken, 'session');
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

/** The current session, restored from sessionStorage on first use; null when signed out. */
export function getSession(): Session | null {
  if (current === undefined) current = load();
  return current;
}

/** Stores a token payload. A LOGIN first clears local and session storage (SPEC 4). */
export function setSession(payload: AuthTokenPayload, now: number = Date.now()): Session {
  if (payload.evt === 'LOGIN') clearAllStorage();
  current = { payload, receivedAt: now };
  writeStorage(STORAGE_KEYS.authToken, JSON.stringify(current), 'session');
  writeStorage(STORAGE_KEYS.sessionMayExist, '1', 'local');
  emit();
  return current;
}

export function clearSession(): void {
  writeStorage(STORAGE_KEYS.sessionMayExist, null, 'local');
  if (current === null) return;
  current = null;
  writeStorage(STORAGE_KEYS.authToken, null, 'session');
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What a session permits, as one comparable value: its access list and the roles held per location
 * (issue 20). A renewed token with another key means an admin changed the user's roles.
 */
export const accessKeyOf = (session: Session) =>
  JSON.stringify([session.payload.access.list, session.payload.access.locationRoles ?? [], session.payload.user.roles]);

/** Calls `listener` when the signed-in user's access changes while they stay signed in (not on sign-in or sign-out). */
export function subscribeAccessChange(listener: Listener): () => void {
  let last = getSession();
  return subscribeSession(() => {
    const next = getSession();
    const changed = last !== null && next !== null && last.payload.user.userId === next.payload.user.userId && accessKeyOf(last) !== accessKeyOf(next);
    last = next;
    if (changed) listener();
  });
}

/**
 * Whether a refresh could give a session: this tab holds one, or this browser signed in and has not
 * signed out nor been refused since (the marker is shared by the browser's tabs). Without either, a
 * refresh would only answer 401, so an anonymous visitor's page load does not ask (issue 23).
 */
export function sessionMayExist(): boolean {
  return getSession() !== null || readStorage(STORAGE_KEYS.sessionMayExist, 'local') === '1';
}

/** The bearer token of the current session, if any. */
export function accessToken(): string | null {
  return getSession()?.payload.token ?? null;
}
