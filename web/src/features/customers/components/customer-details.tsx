// The selected customer's profile: every field of the Customer entity, with Edit and Clear actions.
import {
  emailVerificationTitle,
  formatDate,
  fullName,
  phoneOrDash,
  phoneVerificationTitle,
  type Customer,
} from '@dealer/contracts';
import { useEffect, useRef, type ReactNode } from 'react';

interface DetailsProps {
  customer: Customer;
  /** Move focus (and so the viewport) to this panel, after the user picked or saved this customer. */
  reveal: boolean;
  onEdit: () => void;
  onClear: () => void;
}

const orDash = (value: string | null | undefined) => value || '-';
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Row({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'detail-row detail-row-wide' : 'detail-row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function CustomerDetails({ customer, reveal, onEdit, onClear }: DetailsProps) {
  const name = fullName(customer) || '(no name)';
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
          <button type="button" className="btn" onClick={onClear}>
            Clear
          </button>
          <button type="button" className="btn btn-primary" onClick={onEdit}>
            Edit
          </button>
        </div>
      </div>
      <dl className="detail-grid">
        <Row label="First Name">{orDash(customer.firstName)}</Row>
        <Row label="Last Name">{orDash(customer.lastName)}</Row>
        <Row label="Email" wide>
          {orDash(customer.emailAddress)}
          <span className="detail-note">{emailVerificationTitle(customer)}</span>
          {customer.pendingEmail && <span className="detail-note">New: {customer.pendingEmail}</span>}
        </Row>
        <Row label="Mobile Phone">
          {phoneOrDash(customer.phoneMobile)}
          <span className="detail-note">{phoneVerificationTitle(customer)}</span>
          {customer.pendingPhone && <span className="detail-note">New: {phoneOrDash(customer.pendingPhone)}</span>}
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
        <Row label="Registration Link" wide>
          {customer.registrationUrl ? <a href={customer.registrationUrl}>Open registration page</a> : '-'}
        </Row>
        <Row label="Customer ID" wide>
          <span className="detail-id">{customer.customerId}</span>
        </Row>
      </dl>
    </section>
  );
}
