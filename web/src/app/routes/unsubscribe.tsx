// /unsubscribe/:token: the unsubscribe link of a reminder before coupons expire (public, no sign-in). It never
// unsubscribes on load (mail scanners open links): it asks, and only the button posts the token. Then it says it
// is done and offers to turn reminders back on in My profile.
import { MARKETING_CONSENT_TEXTS, UNKNOWN_ERROR } from '@dealer/contracts';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner/spinner';
import { paths } from '../../config/paths';
import { channelOfToken, useUnsubscribe } from '../../features/marketing-consent/api/unsubscribe';
import { useDocumentTitle } from '../../hooks/use-document-title';
import '../../features/marketing-consent/components/marketing-consent.css';

/** Only a failure to reach the server is worth another press; the server's refusals are final. */
const canRetry = (status: number) => status === 0 || status >= 500;

export function UnsubscribeRoute() {
  useDocumentTitle('Unsubscribe from reminders');
  const { token = '' } = useParams();
  const channel = channelOfToken(token);
  const stop = useUnsubscribe();
  const t = MARKETING_CONSENT_TEXTS;
  const failure = stop.error;
  const final = failure !== null && !canRetry(failure.status);

  let body;
  if (!channel) {
    body = (
      <p className="alert alert-danger unsubscribe-message" role="alert">
        {t.unsubscribeInvalid}
      </p>
    );
  } else if (stop.isSuccess) {
    body = (
      <>
        <p className="alert alert-success unsubscribe-message" role="status">
          {t.unsubscribeDone(stop.data.channel)}
        </p>
        <p>{t.unsubscribeUndo}</p>
        <Link to={paths.customer.profile} className="btn btn-primary unsubscribe-button">
          {t.unsubscribeProfileLink}
        </Link>
      </>
    );
  } else {
    body = (
      <>
        {!final && (
          <>
            <p className="unsubscribe-question">{t.unsubscribeQuestion(channel)}</p>
            <p className="muted">{t.unsubscribeExplain}</p>
          </>
        )}
        {failure && (
          <p className="alert alert-danger unsubscribe-message" role="alert">
            {failure.messages[0] ?? UNKNOWN_ERROR}
          </p>
        )}
        {!final && (
          <button type="button" className="btn btn-primary unsubscribe-button" disabled={stop.isPending} aria-busy={stop.isPending} onClick={() => stop.mutate(token)}>
            {stop.isPending && <Spinner size="sm" label="Saving..." />}
            {t.unsubscribeButton(channel)}
          </button>
        )}
      </>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t.unsubscribeTitle}</h1>
      <div className="unsubscribe-body">{body}</div>
    </section>
  );
}
