// React view of the session store: re-renders when the user signs in, refreshes or signs out.
import { useSyncExternalStore } from 'react';
import { defaultPageFor, type AuthUser } from '@dealer/contracts';
import { getSession, subscribeSession, type Session } from './session-store';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useCurrentUser(): AuthUser | null {
  return useSession()?.payload.user ?? null;
}

/** The signed-in user's default page (SPEC 2.2), or '/' when signed out. */
export function useDefaultPage(): string {
  return defaultPageFor(useCurrentUser());
}
