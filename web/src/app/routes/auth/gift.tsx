// /auth/gift/:email/:giftToken: registration of a gift pack's recipient.
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { GiftRegistrationForm } from '../../../features/auth/components/gift-registration-form';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function GiftRoute() {
  useDocumentTitle('Claim Your Gift');
  const { email = '', giftToken = '' } = useParams();
  return (
    <section className="auth-card" aria-labelledby="gift-title">
      <h1 id="gift-title">Claim your gift</h1>
      <p className="auth-lead">Create your account: the gift is added to it at once.</p>
      <GiftRegistrationForm key={giftToken} email={email} giftToken={giftToken} landingPath={paths.customer.coupons} />
      <p className="auth-card-footer">
        Already have an account? <Link to={paths.auth.loginWithGift(giftToken)}>Sign in</Link>
      </p>
    </section>
  );
}
