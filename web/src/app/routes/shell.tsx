// Root of every route (SPEC 2.3): hosts the authentication listener and page-view analytics.
import { Outlet } from 'react-router-dom';
import { usePageViews } from '../../hooks/use-page-views';
import { useAuthListener } from '../../lib/auth/use-auth-listener';

export function AppShell() {
  useAuthListener();
  usePageViews();
  return <Outlet />;
}
