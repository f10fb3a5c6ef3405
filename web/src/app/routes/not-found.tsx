// 404 page (SPEC 2.1): any unknown path and /not-found.
import { ErrorPage } from '../../components/errors/error-page';

export function NotFoundRoute() {
  return <ErrorPage />;
}
