// Root error boundary: a guard's 403 shows the forbidden page in place, a failed arrival its own page, a crash the generic one.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { ErrorPage } from '../../components/errors/error-page';
import { paths } from '../../config/paths';
import { FORBIDDEN_STATUS } from '../guards/require-access';
import { ARRIVAL_FAILED_STATUS } from '../guards/session-guards';
import { ForbiddenRoute } from './forbidden';
import { NotFoundRoute } from './not-found';

export const ARRIVAL_FAILED_TEXT = 'We could not sign you in. The sign-in may have expired; please sign in again.';

export function RouteErrorRoute() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === FORBIDDEN_STATUS) return <ForbiddenRoute />;
    if (error.status === 404) return <NotFoundRoute />;
    if (error.status === ARRIVAL_FAILED_STATUS)
      return (
        <ErrorPage
          code={401}
          title="Sign-in Failed"
          text={ARRIVAL_FAILED_TEXT}
          actions={
            <Link to={paths.auth.login} className="btn btn-primary">
              Sign in
            </Link>
          }
        />
      );
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage code={500} title="Something went wrong" text="The page could not be shown. Please try again." />;
}
