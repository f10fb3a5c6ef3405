// /auth/login: the auth host's sign-in page; ?destination= is where to go next, ?giftToken= a gift waiting to be claimed
// (someone already signed in is offered the claim, or told the link is the customer's, instead of the form).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SignedInGiftClaim } from '../../../features/auth/components/signed-in-gift-claim';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSession } from '../../../lib/auth/use-session';

/** The visitor's own registration, keeping where they were going (the pack chosen on /purchase). */
const registerHref = (destination: string | null) =>
  destination ? `${paths.auth.selfRegister}?${new URLSearchParams({ destination }).toString()}` : paths.auth.selfRegister;

export function LoginRoute() {
  useDocumentTitle('Sign In');
  const [query] = useSearchParams();
  const giftToken = query.get('giftToken');
  const session = useSession();
  // Only a session the visitor arrived with is offered the claim: a sign-in on this page claims through the form.
  const [arrivedSignedIn, setArrivedSignedIn] = useState(() => session !== null);
  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      <p className="auth-lead">
        Staff sign in with their username, customers with their e-mail address. New customer?{' '}
        <Link to={registerHref(query.get('destination'))}>Create an account</Link>
      </p>
      {giftToken && session && arrivedSignedIn ? (
        // Already signed in: a customer claims the gift in one click, staff are told the link is the customer's.
        <SignedInGiftClaim session={session} giftToken={giftToken} onSignOut={() => setArrivedSignedIn(false)} />
      ) : (
        <>
          {giftToken && (
            <p className="alert alert-info">
              Someone sent you a gift. Sign in with the e-mail address it was sent to and it is added to your account. No account yet?
              Use the &ldquo;create your account&rdquo; link in your gift e-mail.
            </p>
          )}
          <LoginForm destination={query.get('destination')} giftToken={giftToken} />
        </>
      )}
      <p className="auth-card-footer">
        Invited by the dealership? Use the registration link they e-mailed you. Read our <Link to={paths.privacy}>Privacy Policy</Link>.
      </p>
    </section>
  );
}
