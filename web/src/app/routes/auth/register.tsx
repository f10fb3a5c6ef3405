// /auth/register/:securityToken: customer registration from an e-mailed link.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { RegistrationForm } from '../../../features/auth/components/registration-form';
import { forgetDestination, rememberedDestination } from '../../../features/self-registration/pending-destination';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { resolveDestination } from '../../../lib/auth/destination';

export function RegisterRoute() {
  useDocumentTitle('Register');
  const { securityToken = '' } = useParams();
  // A visitor who registered from /purchase in this browser goes back to the chosen pack; read once, then forgotten.
  const [landingPath] = useState(() => resolveDestination(rememberedDestination(), paths.customer.coupons));
  useEffect(() => forgetDestination, []);
  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">Create your account</h1>
      <RegistrationForm key={securityToken} securityToken={securityToken} signInPath={paths.auth.login} landingPath={landingPath} />
    </section>
  );
}
