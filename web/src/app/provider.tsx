// App-wide providers: React Query, the live updates stream (issue 24 part 3), the stored screen width, the toast area and the notification dialogs.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { NotificationHost } from '../components/ui/modal/notification-host';
import { Toaster } from '../components/ui/toaster/toaster';
import { getSession, subscribeAccessChange, subscribeSession } from '../lib/auth/session-store';
import { createQueryClient } from '../lib/query-client';
import { ScreenProvider } from '../lib/screen/screen-context';
import { useLiveUpdates } from './live-updates';

/** Server data cached for one user must never be shown to the next one (sign-out, another sign-in). */
function useClearCacheOnUserChange(queryClient: QueryClient) {
  useEffect(() => {
    let userId = getSession()?.payload.user.userId ?? null;
    return subscribeSession(() => {
      const next = getSession()?.payload.user.userId ?? null;
      if (next !== userId) queryClient.clear();
      userId = next;
    });
  }, [queryClient]);
}

/** Issue 20: roles changed by an admin change what the server answers (locations, lists): read it again. */
function useRefetchOnAccessChange(queryClient: QueryClient) {
  useEffect(() => subscribeAccessChange(() => void queryClient.invalidateQueries()), [queryClient]);
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useClearCacheOnUserChange(queryClient);
  useRefetchOnAccessChange(queryClient);
  useLiveUpdates(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ScreenProvider>
        {children}
        <NotificationHost />
        <Toaster />
      </ScreenProvider>
    </QueryClientProvider>
  );
}
