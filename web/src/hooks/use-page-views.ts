// Records a page view for every settled location (after the page set its title).
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageView } from '../lib/analytics';

export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    // The page sets its title in its own effect; read it once the frame has settled.
    const timer = setTimeout(() => trackPageView(pathname, document.title), 0);
    return () => clearTimeout(timer);
  }, [pathname]);
}
