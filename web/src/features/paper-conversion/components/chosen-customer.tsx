// Who the book is being converted for: name, e-mail and mobile phone, and a note (with the help link) when the
// customer has no e-mail address and so cannot register online.
import { Link } from 'react-router-dom';
import { PAPER_HELP_PATHS, phoneOrDash } from '@dealer/contracts';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { PAPER_TEXTS } from './paper-conversion-texts';
import type { WizardCustomerState } from './paper-wizard-slots';

export function NoEmailNote() {
  return (
    <div className="alert alert-info paper-no-email" role="note">
      <p>{PAPER_TEXTS.noEmailNote}</p>
      <p>
        <Link to={PAPER_HELP_PATHS.customerNoEmail}>{PAPER_TEXTS.noEmailHelp}</Link>
      </p>
    </div>
  );
}

export function ChosenCustomer({ chosen }: { chosen: WizardCustomerState }) {
  if (chosen.loading) return <Spinner label={PAPER_TEXTS.customerLoading} />;
  if (chosen.errors.length > 0)
    return (
      <div className="alert alert-danger" role="alert">
        {chosen.errors.map((m) => (
          <p key={m}>{m}</p>
        ))}
      </div>
    );
  const customer = chosen.customer;
  if (!customer) return <p className="muted">{PAPER_TEXTS.noCustomer}</p>;
  return (
    <div className="paper-customer">
      <dl className="paper-book-fields">
        <div>
          <dt>{PAPER_TEXTS.customerName}</dt>
          <dd>{customer.name}</dd>
        </div>
        <div>
          <dt>{PAPER_TEXTS.email}</dt>
          <dd>{customer.emailAddress ?? '-'}</dd>
        </div>
        <div>
          <dt>{PAPER_TEXTS.mobile}</dt>
          <dd>{phoneOrDash(customer.phoneMobile)}</dd>
        </div>
      </dl>
      {!customer.emailAddress && <NoEmailNote />}
    </div>
  );
}
