// Error boundary page for a route that crashed while rendering or loading.
import { useRouteError } from 'react-router-dom';
import { ErrorPage } from '../../components/errors/error-page';

export function RouteErrorRoute() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage code={500} title="Something went wrong" text="The page could not be shown. Please try again." />;
}
