// /customer/profile (My profile): the signed-in customer's details with the verification titles of SPEC 3,
// Edit Profile (the profile editor in customer mode), Change Email / Change Phone (re-authenticated), and the
// code entry that confirms a pending phone change, and Reminders (consent to reminders before coupons expire,
// issue 24). Features meet here: customers, contact-changes and marketing-consent.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { emailVerificationTitle, fullName, orDash, phoneOrDash, phoneVerificationTitle, type Customer } from '@dealer/contracts';
import { PageHeader } from '../../../components/layouts/page-header';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { ContactChangeDialog } from '../../../features/contact-changes/components/contact-change-dialog';
import { ContactCodeForm } from '../../../features/contact-changes/components/contact-code-form';
import { customerKeys } from '../../../features/customers/api/customer-keys';
import { useCustomer } from '../../../features/customers/api/get-customer';
import { CustomerDialogSlotsProvider, type CustomerDialogSlots } from '../../../features/customers/components/customer-dialog-slots';
import { CustomerProfileDialog, PROFILE_BUTTONS } from '../../../features/customers/components/customer-profile-dialog';
import { RemindersSection } from '../../../features/marketing-consent/components/reminders-section';
import { refreshSession } from '../../../lib/auth/session';
import { useCurrentUser } from '../../../lib/auth/use-session';
import './profile.css';


/** Verified, pending or not verified, as a badge next to the value. */
function VerificationBadge({ title }: { title: string }) {
  const tone = title === 'Verified' ? 'is-verified' : title.startsWith('Pending') ? 'is-pending' : 'is-unverified';
  return <span className={`verification-badge ${tone}`}>{title}</span>;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="profile-item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function cityLine(c: Customer): string {
  const place = [c.city, c.state].filter(Boolean).join(', ');
  return [place, c.zip].filter(Boolean).join(' ') || '-';
}

function ProfileDetails({ customer, onConfirmed }: { customer: Customer; onConfirmed: () => void }) {
  const [dialog, setDialog] = useState<'edit' | 'email' | 'phone' | null>(null);
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: customerKeys.detail(customer.customerId) });
  const name = fullName(customer) || 'My profile';

  return (
    <>
      <section className="panel profile-panel" aria-labelledby="profile-name">
        <div className="profile-header">
          <h2 id="profile-name">{name}</h2>
          <div className="profile-actions">
            <button type="button" className="btn btn-primary" onClick={() => setDialog('edit')}>
              Edit Profile
            </button>
            <button type="button" className="btn" onClick={() => setDialog('email')}>
              {PROFILE_BUTTONS.changeEmail}
            </button>
            <button type="button" className="btn" onClick={() => setDialog('phone')}>
              {PROFILE_BUTTONS.changePhone}
            </button>
          </div>
        </div>
        <dl className="profile-grid-view">
          <Item label="Email">
            <span className="profile-value">{orDash(customer.emailAddress)}</span>
            <VerificationBadge title={emailVerificationTitle(customer)} />
            {customer.pendingEmail && (
              <span className="profile-note">
                New: {customer.pendingEmail}. Open the link we emailed to the new address to confirm it.
              </span>
            )}
          </Item>
          <Item label="Mobile Phone">
            <span className="profile-value">{phoneOrDash(customer.phoneMobile)}</span>
            <VerificationBadge title={phoneVerificationTitle(customer)} />
            {customer.pendingPhone && <span className="profile-note">New: {phoneOrDash(customer.pendingPhone)}</span>}
          </Item>
          <Item label="Other Phone">{phoneOrDash(customer.phoneOther)}</Item>
          <Item label="Address">
            <span>{orDash(customer.address)}</span>
            {customer.address2 && <span>{customer.address2}</span>}
            <span>{cityLine(customer)}</span>
          </Item>
        </dl>
      </section>
      <RemindersSection customer={customer} onSaved={() => void reload()} />
      {customer.pendingPhone && (
        <section className="panel profile-code-panel" aria-labelledby="profile-code-title">
          <h2 id="profile-code-title">Confirm your new phone number</h2>
          <ContactCodeForm
            key={customer.pendingPhone}
            customerId={customer.customerId}
            audience="customer"
            pendingPhoneLabel={`New number: ${phoneOrDash(customer.pendingPhone)}`}
            onConfirmed={onConfirmed}
          />
        </section>
      )}
      <CustomerProfileDialog
        open={dialog === 'edit'}
        onOpenChange={(open) => setDialog(open ? 'edit' : null)}
        customer={customer}
        // SPEC 4: after a customer saves, the session is refreshed so the token carries the new name.
        onSaved={() => void refreshSession()}
      />
      {(dialog === 'email' || dialog === 'phone') && (
        <ContactChangeDialog
          open
          kind={dialog}
          customer={customer}
          audience="customer"
          onClose={(sent) => {
            setDialog(null);
            if (sent) void reload();
          }}
        />
      )}
    </>
  );
}

export function CustomerProfileRoute() {
  const customerId = useCurrentUser()?.customerId ?? null;
  const customer = useCustomer(customerId);
  const queryClient = useQueryClient();
  // The profile editor opens Change Email / Change Phone too (its e-mail and mobile are read-only).
  const slots = useMemo<CustomerDialogSlots>(() => ({ renderContactChange: (props) => <ContactChangeDialog {...props} /> }), []);

  let body: ReactNode;
  if (!customerId) body = <p className="alert alert-danger">Your account has no customer profile.</p>;
  else if (customer.isPending)
    body = (
      <section className="panel empty-state" aria-label="My profile">
        <Spinner label="Loading your profile..." />
      </section>
    );
  else if (customer.isError)
    body = (
      <ErrorMessages error={customer.error} className="alert alert-danger" />
    );
  else
    body = (
      <ProfileDetails
        customer={customer.data}
        // The confirmation's position is remembered, so this refetch already shows the new number.
        onConfirmed={() => void queryClient.invalidateQueries({ queryKey: customerKeys.detail(customer.data.customerId) })}
      />
    );

  return (
    <>
      <PageHeader title="My Profile" description="Your name, contact details, address and reminders at the dealership." />
      <CustomerDialogSlotsProvider value={slots}>{body}</CustomerDialogSlotsProvider>
    </>
  );
}
