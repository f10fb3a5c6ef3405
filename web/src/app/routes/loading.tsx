// /loading (SPEC 2.3): a message, a spinner and the logo; back to the root after 10 s if nothing navigated away.
import { TIMINGS } from '@dealer/contracts';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/layouts/loading-screen';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../hooks/use-document-title';

export const DEFAULT_LOADING_MESSAGE = 'Loading...';

export function LoadingRoute() {
  const [query] = useSearchParams();
  const message = query.get('message') || DEFAULT_LOADING_MESSAGE;
  const navigate = useNavigate();
  useDocumentTitle('Loading');
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.root, { replace: true }), TIMINGS.loaderFallbackMs);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <LoadingScreen message={message} />;
}
