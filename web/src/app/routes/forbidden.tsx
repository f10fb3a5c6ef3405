// 403 page (SPEC 2.1) with a link to the user's default page; also shown in place for a guarded page.
import { AUTH_MESSAGES } from '@dealer/contracts';
import { Link } from 'react-router-dom';
import { ErrorPage } from '../../components/errors/error-page';
import { useDefaultPage } from '../../lib/auth/use-session';

export const FORBIDDEN_TEXT = AUTH_MESSAGES.forbidden;

export function ForbiddenRoute() {
  const home = useDefaultPage();
  return (
    <ErrorPage
      code={403}
      title="Forbidden"
      text={FORBIDDEN_TEXT}
      actions={
        <Link to={home} className="btn btn-primary">
          Go to your default page
        </Link>
      }
    />
  );
}
