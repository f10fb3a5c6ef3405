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

/** Where the session's user acts: an employee where they hold a role; null for everyone else and admins. */
export function actingLocationsOf(session: Pick<Session, 'payload'> | null): number[] | null {
  if (!session || !session.payload.user.isEmployee) return null;
  return actingLocationIds(session.payload.access.locationRoles);
}

/**
 * The locations where the signed-in employee acts (issue 20: staff act and read only where they
 * hold a role); null: every location (admins, customers, who may visit any rooftop, or a token
 * that does not say). Follows a refresh.
 */
export function useActingLocationIds(): readonly number[] | null {
  const acting = actingLocationsOf(useSession());
  const key = acting === null ? null : JSON.stringify(acting);
  // A stable array per content, so memoised callers do not redo their work on every render.
  return useMemo(() => (key === null ? null : (JSON.parse(key) as number[] | null)), [key]);
}

/** The signed-in user's default page (SPEC 2.2), or '/' when signed out. */
export function useDefaultPage(): string {
  return defaultPageFor(useCurrentUser());
}
