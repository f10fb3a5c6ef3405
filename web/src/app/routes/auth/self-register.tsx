// /auth/register: a visitor creates an account (from /purchase, ?destination= is the chosen pack).
import { useSearchParams } from 'react-router-dom';
import { SelfRegistrationForm } from '../../../features/self-registration/components/self-registration-form';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function SelfRegisterRoute() {
  useDocumentTitle('Create an Account');
  const [query] = useSearchParams();
  return (
    <section className="auth-card" aria-labelledby="self-register-title">
      <h1 id="self-register-title">Create an account</h1>
      <p className="auth-lead">See your coupons and service history, and buy coupon packs online. We e-mail you a link to choose your password.</p>
      <SelfRegistrationForm destination={query.get('destination')} />
    </section>
  );
}
