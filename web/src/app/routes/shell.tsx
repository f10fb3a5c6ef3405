// Root of every route (SPEC 2.3): hosts the authentication listener and page-view analytics, and
// a thin progress bar while the router loads the next page (its code loads on first visit).
import { Outlet, useNavigation } from 'react-router-dom';
import { usePageViews } from '../../hooks/use-page-views';
import { useAuthListener } from '../../lib/auth/use-auth-listener';

export function AppShell() {
  useAuthListener();
  usePageViews();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <div className="page-progress" role="progressbar" aria-label="Loading page" />}
      <Outlet />
    </>
  );
}
