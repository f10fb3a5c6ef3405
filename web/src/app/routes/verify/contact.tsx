// /verify/contact/:token: the link of an e-mail change (public; confirms only when the customer presses the button).
import { useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { EMAIL_CONFIRMATION_TEXTS, EmailChangeConfirmation } from '../../../features/contact-changes/components/email-change-confirmation';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function VerifyContactRoute() {
  useDocumentTitle('Confirm Email Change');
  const { token = '' } = useParams();
  return (
    <section className="auth-card" aria-labelledby="verify-contact-title">
      <h1 id="verify-contact-title">{EMAIL_CONFIRMATION_TEXTS.title}</h1>
      {/* The root sends a signed-in user to their default page and anyone else to sign in. */}
      <EmailChangeConfirmation key={token} token={token} continueTo={paths.root} />
    </section>
  );
}
