// The selected customer's profile: every field of the Customer entity with the e-mail and phone verification
// titles, Edit and Clear, and the registration message (SPEC 4, 7, 8); Erase personal data for admins, and the
// erased state of a customer whose personal data is gone.
import {
  CUSTOMER_MESSAGES,
  CONSENT_ROW_TEXTS,
  emailVerificationTitle,
  formatDate,
  fullName,
  orDash,
  phoneOrDash,
  permissionsFor,
  phoneVerificationTitle,
  type Customer,
} from '@dealer/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PAGE_ACCESS } from '../../../config/page-access';
import { paths } from '../../../config/paths';
import { hasAccess } from '../../../lib/auth/page-access';
import { useSession } from '../../../lib/auth/use-session';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useResendRegistration, type ResendRegistrationInput } from '../api/resend-registration';
import { customerKeys } from '../api/customer-keys';
import { useCustomerDialogSlots } from './customer-dialog-slots';

interface DetailsProps {
  customer: Customer;
  /** Move focus (and so the viewport) to this panel, after the user picked or saved this customer. */
  reveal: boolean;
  onEdit: () => void;
  onClear: () => void;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Row({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'detail-row detail-row-wide' : 'detail-row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function RegistrationActions({ customer, name }: { customer: Customer; name: string }) {
  const resend = useResendRegistration({
    onSuccess: () => toast.success(CUSTOMER_MESSAGES.sentTo(name)),
    // 'Customer is already registered.', 'User MUST have email to register.', ... come from the server.
    onError: (error) => toast.errors(error.messages),
  });
  const send = (channel: ResendRegistrationInput['channel']) => resend.mutate({ customerId: customer.customerId, channel });
  const busy = (channel: ResendRegistrationInput['channel']) => resend.isPending && resend.variables?.channel === channel;
  return (
    <div className="registration-actions">
      <h3>Registration</h3>
      <div className="button-row">
        <button type="button" className="btn btn-sm" disabled={resend.isPending} onClick={() => send('email')}>
          {busy('email') && <Spinner size="sm" label="Sending..." />}
          Send registration e-mail
        </button>
        <button type="button" className="btn btn-sm" disabled={resend.isPending} onClick={() => send('text')}>
          {busy('text') && <Spinner size="sm" label="Sending..." />}
          Send registration text
        </button>
      </div>
    </div>
  );
}

/** A pending phone change: Enter Code opens the code dialog (where the route provides it). */
function PendingPhoneCode({ customer }: { customer: Customer }) {
  const { renderContactCode } = useCustomerDialogSlots();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  if (!renderContactCode || !customer.pendingPhone) return null;
  return (
    <>
      <button type="button" className="btn btn-sm detail-action" onClick={() => setOpen(true)}>
        Enter Code
      </button>
      {renderContactCode({
        open,
        customer,
        pendingPhoneLabel: `New number: ${phoneOrDash(customer.pendingPhone)}`,
        onClose: (confirmed) => {
          setOpen(false);
          // The confirmation's position is remembered, so the refetch shows the new number.
          if (confirmed) void queryClient.invalidateQueries({ queryKey: customerKeys.detail(customer.customerId) });
        },
      })}
    </>
  );
}

/** Erase personal data: shown to users whose access allows POST customer-erasure, where the route provides the dialog. */
function EraseAction({ customer }: { customer: Customer }) {
  const { renderErasure } = useCustomerDialogSlots();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const canErase = permissionsFor(useSession()?.payload.access.list, 'customer-erasure').canAdd;
  if (!renderErasure || !canErase || customer.personalDataErased) return null;
  return (
    <>
      <button type="button" className="btn btn-danger-outline" onClick={() => setOpen(true)}>
        Erase personal data
      </button>
      {renderErasure({
        open,
        customer,
        onClose: (erased) => {
          setOpen(false);
          // The erasure's position is remembered, so these refetches show the read models after it.
          if (erased) void queryClient.invalidateQueries({ queryKey: customerKeys.all });
        },
      })}
    </>
  );
}

/** Coupon reminders (issue 24): the consent per channel, and Change where the route provides the dialog. */
function MarketingConsentRow({ customer }: { customer: Customer }) {
  const { renderMarketingConsent } = useCustomerDialogSlots();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  return (
    <Row label={CONSENT_ROW_TEXTS.title} wide>
      <span>{CONSENT_ROW_TEXTS.summary(customer.marketingConsent)}</span>
      {renderMarketingConsent && (
        <>
          <button type="button" className="btn btn-sm detail-action" aria-label={CONSENT_ROW_TEXTS.changeLabel} onClick={() => setOpen(true)}>
            {CONSENT_ROW_TEXTS.change}
          </button>
          {renderMarketingConsent({
            open,
            customer,
            onClose: () => setOpen(false),
            onSaved: () => void queryClient.invalidateQueries({ queryKey: customerKeys.detail(customer.customerId) }),
          })}
        </>
      )}
    </Row>
  );
}

export const ERASED_TEXTS = {
  heading: 'Personal data erased',
  notice:
    "An admin erased this customer's personal data. Names, e-mail, phones and address cannot be read anymore; the record, its settings and its financial facts remain.",
} as const;

/** A customer whose personal data was erased: what remains, without blank personal fields or actions on them. */
function ErasedCustomerDetails({ customer }: { customer: Customer }) {
  return (
    <>
      <div className="alert alert-info erased-notice" role="status">
        <p>{ERASED_TEXTS.notice}</p>
      </div>
      <dl className="detail-grid">
        <Row label="Personal Data">Erased</Row>
        <Row label="Tax Exempt">{yesNo(customer.isTaxExempt)}</Row>
        <Row label="Registered">{yesNo(customer.isRegistered)}</Row>
        <Row label="Verify Redemptions">{yesNo(customer.verifyRedemptions)}</Row>
        <Row label="Created">{orDash(formatDate(customer.createdDate))}</Row>
        <Row label="Modified">{orDash(formatDate(customer.modifiedDate))}</Row>
      </dl>
    </>
  );
}

export function CustomerDetails({ customer, reveal, onEdit, onClear }: DetailsProps) {
  const erased = customer.personalDataErased === true;
  const name = erased ? ERASED_TEXTS.heading : fullName(customer) || '(no name)';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (reveal) heading.current?.focus();
  }, [reveal, customer.customerId]);
  return (
    <section className="panel customer-details" aria-labelledby="customer-details-title">
      <div className="section-header">
        <div>
          <p className="eyebrow">Selected customer</p>
          <h2 id="customer-details-title" ref={heading} tabIndex={-1}>
            {name}
          </h2>
        </div>
        <div className="button-row">
          {hasAccess(useSession()?.payload, PAGE_ACCESS.customerHistory) && (
            <Link className="btn" to={paths.employee.customerHistory(customer.customerId)}>
              History
            </Link>
          )}
          <EraseAction customer={customer} />
          <button type="button" className="btn" onClick={onClear}>
            Clear
          </button>
          {/* Saving personal data of an erased customer is refused (409): nothing to edit. */}
          {!erased && (
            <button type="button" className="btn btn-primary" onClick={onEdit}>
              Edit
            </button>
          )}
        </div>
      </div>
      {erased ? (
        <ErasedCustomerDetails customer={customer} />
      ) : (
        <>
          <dl className="detail-grid">
            <Row label="First Name">{orDash(customer.firstName)}</Row>
            <Row label="Last Name">{orDash(customer.lastName)}</Row>
            <Row label="Email" wide>
              <span>{orDash(customer.emailAddress)}</span>
              <span className="detail-note">{emailVerificationTitle(customer)}</span>
              {customer.pendingEmail && <span className="detail-note">New: {customer.pendingEmail}</span>}
            </Row>
            <Row label="Mobile Phone">
              <span>{phoneOrDash(customer.phoneMobile)}</span>
              <span className="detail-note">{phoneVerificationTitle(customer)}</span>
              {customer.pendingPhone && <span className="detail-note">New: {phoneOrDash(customer.pendingPhone)}</span>}
              <PendingPhoneCode customer={customer} />
            </Row>
            <Row label="Other Phone">{phoneOrDash(customer.phoneOther)}</Row>
            <Row label="Address" wide>
              {orDash(customer.address)}
            </Row>
            <Row label="Address 2" wide>
              {orDash(customer.address2)}
            </Row>
            <Row label="City">{orDash(customer.city)}</Row>
            <Row label="State">{orDash(customer.state)}</Row>
            <Row label="Zip">{orDash(customer.zip)}</Row>
            <Row label="Tax Exempt">{yesNo(customer.isTaxExempt)}</Row>
            <Row label="Registered">{yesNo(customer.isRegistered)}</Row>
            <Row label="Employee">{yesNo(customer.isEmployee)}</Row>
            <Row label="No Valid Email">{yesNo(customer.noValidEmailFlag)}</Row>
            <Row label="Verify Redemptions">{yesNo(customer.verifyRedemptions)}</Row>
            <Row label="Created">{orDash(formatDate(customer.createdDate))}</Row>
            <Row label="Modified">{orDash(formatDate(customer.modifiedDate))}</Row>
            <MarketingConsentRow customer={customer} />
            <Row label="Registration Link" wide>
              {customer.registrationUrl ? <a href={customer.registrationUrl}>Open registration page</a> : '-'}
            </Row>
          </dl>
          <RegistrationActions key={customer.customerId} customer={customer} name={name} />
        </>
      )}
    </section>
  );
}
