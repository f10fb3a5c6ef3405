// /auth/register/:securityToken: customer registration from an e-mailed link.
import { useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { RegistrationForm } from '../../../features/auth/components/registration-form';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function RegisterRoute() {
  useDocumentTitle('Register');
  const { securityToken = '' } = useParams();
  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">Create your account</h1>
      <RegistrationForm key={securityToken} securityToken={securityToken} signInPath={paths.auth.login} landingPath={paths.customer.coupons} />
    </section>
  );
}
