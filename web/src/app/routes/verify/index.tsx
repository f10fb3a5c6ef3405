// /verify: the customer's place for what waits on them (issue 23). Signed in as a customer: their open
// redemption verifications, each answered here with Approve / Decline per service (the same answer as the
// link's page, without the link), and their pending e-mail and phone changes (a phone change confirmed with
// its texted code; an e-mail change by the link sent to the new address; either declined here). Signed out: what the page is for
// and a sign-in that comes back here. Staff are pointed to where they follow verifications.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { locationLabel, phoneOrDash, type ContactKind, type RedemptionVerification } from '@dealer/contracts';
import { confirm } from '../../../components/ui/modal/notification-store';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useDeclineContactChange } from '../../../features/contact-changes/api/decline-contact-change';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { TimeAgo } from '../../../components/ui/time-ago/time-ago';
import { paths } from '../../../config/paths';
import { ContactCodeForm } from '../../../features/contact-changes/components/contact-code-form';
import { useCustomer } from '../../../features/customers/api/get-customer';
import { OwnRedemptionAnswer } from '../../../features/redemption-answer/components/redemption-answer';
import { usePendingApprovals } from '../../../features/redemption-verifications/api/list-redemption-verifications';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { authUrl } from '../../../lib/auth/auth-urls';
import { useCurrentUser, useDefaultPage } from '../../../lib/auth/use-session';
import '../../../features/redemption-answer/components/redemption-answer.css';
import './verify.css';

export const VERIFY_TEXTS = {
  title: 'Verification',
  anonymousLead:
    'Here you approve or decline what your dealership asks of you: services on your repair order that your coupons pay for, and a change to your email or mobile phone.',
  anonymousSignIn: 'Sign in to see what waits for you.',
  anonymousLink: 'Got a link by email or text? Open it: it works without signing in.',
  signIn: 'Sign in',
  customerLead: (first: string | null) => (first ? `${first}, here is what waits for your answer.` : 'Here is what waits for your answer.'),
  servicesTitle: 'Services to approve',
  noServices: 'No services wait for your approval.',
  contactTitle: 'Contact changes',
  noContactChanges: 'No change to your email or mobile phone waits for you.',
  emailPending: (email: string) => `Your new email ${email} waits for your confirmation. Open the link we emailed to it to confirm the change.`,
  emailDecline: (current: string | null) => `Not your change? Decline it and your email stays ${current ?? 'as it is'}.`,
  phoneDecline: 'Not your change? Decline it and your mobile phone stays as it is.',
  declineButton: (kind: ContactKind) => (kind === 'email' ? 'Decline email change' : 'Decline phone change'),
  declineConfirm: (kind: ContactKind) =>
    kind === 'email'
      ? 'Decline this email change? The link we sent will no longer work, and your email stays as it is.'
      : 'Decline this mobile phone change? The code we sent will no longer work, and your mobile phone stays as it is.',
  declined: (kind: ContactKind) => (kind === 'email' ? 'The email change was declined.' : 'The mobile phone change was declined.'),
  staffLead: 'This page is where customers approve services and contact changes. Staff follow verifications on the Sales page.',
  back: 'Back to My coupons',
} as const;

function VerificationItem({ verification, onAnswered }: { verification: RedemptionVerification; onAnswered: () => void }) {
  const titleId = `verify-ro-${verification.redemptionVerificationId}`;
  return (
    <li className="verify-item">
      <article aria-labelledby={titleId}>
        <header className="verify-item-head">
          <h3 id={titleId}>
            RO# {verification.roNumber} <span className="verify-item-place">at {locationLabel(verification)}</span>
          </h3>
          <TimeAgo value={verification.sentDate ?? verification.startedDate} prefix="Sent" className="verify-item-time" />
        </header>
        <OwnRedemptionAnswer verification={verification} onAnswered={onAnswered} />
      </article>
    </li>
  );
}

function ServicesToApprove({ customerId }: { customerId: string }) {
  const list = usePendingApprovals(customerId);
  // An answered verification leaves the open list at the next refetch (a live update comes at once);
  // it stays shown here, with its thank-you, until the customer leaves the page.
  const [answered, setAnswered] = useState<RedemptionVerification[]>([]);
  const open = list.data ?? [];
  const shown = [...open, ...answered.filter((a) => !open.some((v) => v.redemptionVerificationId === a.redemptionVerificationId))];
  let body;
  if (list.isPending) body = <Spinner label="Loading services to approve..." />;
  else if (list.isError) body = <ErrorMessages error={list.error} />;
  else if (shown.length === 0) body = <p className="muted">{VERIFY_TEXTS.noServices}</p>;
  else
    body = (
      <ul className="verify-list">
        {shown.map((v) => (
          <VerificationItem key={v.redemptionVerificationId} verification={v} onAnswered={() => {
              setAnswered((kept) => [...kept, v]);
              void list.refetch();
            }}
          />
        ))}
      </ul>
    );
  return (
    <section className="verify-section" aria-labelledby="verify-services-title">
      <h2 id="verify-services-title">{VERIFY_TEXTS.servicesTitle}</h2>
      {body}
    </section>
  );
}

function DeclineChange({ customerId, kind, onDeclined }: { customerId: string; kind: ContactKind; onDeclined: () => void }) {
  const decline = useDeclineContactChange({
    onSuccess: () => {
      toast.success(VERIFY_TEXTS.declined(kind));
      onDeclined();
    },
  });
  return (
    <button
      type="button"
      className="btn"
      disabled={decline.isPending}
      onClick={async () => {
        if (await confirm({ message: VERIFY_TEXTS.declineConfirm(kind) })) decline.mutate({ customerId, type: kind });
      }}
    >
      {VERIFY_TEXTS.declineButton(kind)}
    </button>
  );
}

function ContactChanges({ customerId }: { customerId: string }) {
  const customer = useCustomer(customerId);
  let body;
  if (customer.isPending) body = <Spinner label="Loading contact changes..." />;
  else if (customer.isError) body = <ErrorMessages error={customer.error} />;
  else {
    const c = customer.data;
    body =
      !c.pendingEmail && !c.pendingPhone ? (
        <p className="muted">{VERIFY_TEXTS.noContactChanges}</p>
      ) : (
        <ul className="verify-list">
          {c.pendingEmail && (
            <li className="verify-item">
              <h3>Email change</h3>
              <p>{VERIFY_TEXTS.emailPending(c.pendingEmail)}</p>
              <p className="muted">{VERIFY_TEXTS.emailDecline(c.emailAddress)}</p>
              <DeclineChange customerId={c.customerId} kind="email" onDeclined={() => void customer.refetch()} />
            </li>
          )}
          {c.pendingPhone && (
            <li className="verify-item">
              <h3>Mobile phone change</h3>
              <ContactCodeForm
                key={c.pendingPhone}
                customerId={c.customerId}
                audience="customer"
                pendingPhoneLabel={`New number: ${phoneOrDash(c.pendingPhone)}`}
                onConfirmed={() => void customer.refetch()}
              />
              <p className="muted">{VERIFY_TEXTS.phoneDecline}</p>
              <DeclineChange customerId={c.customerId} kind="phone" onDeclined={() => void customer.refetch()} />
            </li>
          )}
        </ul>
      );
  }
  return (
    <section className="verify-section" aria-labelledby="verify-contact-title">
      <h2 id="verify-contact-title">{VERIFY_TEXTS.contactTitle}</h2>
      {body}
    </section>
  );
}

export function VerifyIndexRoute() {
  useDocumentTitle(VERIFY_TEXTS.title);
  const user = useCurrentUser();
  const home = useDefaultPage();
  let content;
  if (!user) {
    content = (
      <>
        <p className="auth-lead">{VERIFY_TEXTS.anonymousLead}</p>
        <p>{VERIFY_TEXTS.anonymousSignIn}</p>
        <Link className="btn btn-primary verify-sign-in" to={authUrl('login', { destination: paths.verify })}>
          {VERIFY_TEXTS.signIn}
        </Link>
        <p className="auth-card-footer">{VERIFY_TEXTS.anonymousLink}</p>
      </>
    );
  } else if (user.isEmployee) {
    content = (
      <>
        <p className="auth-lead">{VERIFY_TEXTS.staffLead}</p>
        <Link className="btn btn-primary" to={home}>
          Go to Sales
        </Link>
      </>
    );
  } else {
    const customerId = user.customerId ?? user.userId;
    content = (
      <>
        <p className="auth-lead">{VERIFY_TEXTS.customerLead(user.first)}</p>
        <ServicesToApprove customerId={customerId} />
        <ContactChanges customerId={customerId} />
        <p className="auth-card-footer">
          <Link to={paths.customer.coupons}>{VERIFY_TEXTS.back}</Link>
        </p>
      </>
    );
  }
  return (
    <section className="auth-card verify-card" aria-labelledby="verify-title">
      <h1 id="verify-title">{VERIFY_TEXTS.title}</h1>
      {content}
    </section>
  );
}
