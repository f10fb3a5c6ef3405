// React view of the session store: re-renders when the user signs in, refreshes or signs out.
import { useMemo, useSyncExternalStore } from 'react';
import { actingLocationIds, defaultPageFor, type AuthUser } from '@dealer/contracts';
import { getSession, subscribeSession, type Session } from './session-store';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useCurrentUser(): AuthUser | null {
  return useSession()?.payload.user ?? null;
}

/**
 * The locations where the signed-in employee acts (issue 20: staff act and read only where they
 * hold a role); null: every location (admins, or a token that does not say). Follows a refresh.
 */
export function useActingLocationIds(): readonly number[] | null {
  const held = useSession()?.payload.access.locationRoles;
  const key = held === undefined ? null : JSON.stringify(actingLocationIds(held));
  // A stable array per content, so memoised callers do not redo their work on every render.
  return useMemo(() => (key === null ? null : (JSON.parse(key) as number[] | null)), [key]);
}

/** The signed-in user's default page (SPEC 2.2), or '/' when signed out. */
export function useDefaultPage(): string {
  return defaultPageFor(useCurrentUser());
}
