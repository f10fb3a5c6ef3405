// /verify/redemption/:token: the customer's answer to a redemption verification (public; the token is the secret).
import { useParams } from 'react-router-dom';
import { RedemptionAnswer } from '../../../features/redemption-answer/components/redemption-answer';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function VerifyRedemptionRoute() {
  useDocumentTitle('Approve Your Service');
  const { token = '' } = useParams();
  return (
    <section className="auth-card redemption-card" aria-labelledby="verify-redemption-title">
      <h1 id="verify-redemption-title">Approve your service</h1>
      <RedemptionAnswer key={token} token={token} />
    </section>
  );
}
