// Page guard (SPEC 2.1): signed out -> sign in and come back; lacking the route's access -> forbidden, address unchanged.
import { data, replace, type LoaderFunctionArgs } from 'react-router-dom';
import { authUrl } from '../../lib/auth/auth-urls';
import { checkPageAccess, type PageAccess } from '../../lib/auth/page-access';
import { ensureSession } from '../../lib/auth/session';

export const FORBIDDEN_STATUS = 403;

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A loader that lets the page render only for a user whose token grants `page`. */
export function requireAccess(page: PageAccess) {
  return async ({ request }: LoaderFunctionArgs) => {
    const session = await ensureSession();
    const decision = checkPageAccess(session?.payload, page);
    if (decision === 'sign-in') throw replace(authUrl('login', { destination: pathOf(request) }));
    // Thrown as a 403 so the root error boundary shows the forbidden page where the user asked.
    if (decision === 'forbidden') throw data(null, { status: FORBIDDEN_STATUS });
    return null;
  };
}
