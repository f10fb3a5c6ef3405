// 403 page (SPEC 2.1) with a link to the user's default page.
import { Link } from 'react-router-dom';
import { ErrorPage } from '../../components/errors/error-page';
import { defaultPagePath } from '../../config/paths';

export const FORBIDDEN_TEXT = 'You do not have access to this page.';

export function ForbiddenRoute() {
  return (
    <ErrorPage
      code={403}
      title="Forbidden"
      text={FORBIDDEN_TEXT}
      actions={
        <Link to={defaultPagePath()} className="btn btn-primary">
          Go to your default page
        </Link>
      }
    />
  );
}
