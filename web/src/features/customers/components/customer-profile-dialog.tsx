// Customer profile editor (SPEC 2.5, 4, 5, 8): a large modal of the stack to create or edit a customer.
// An employee creating a customer validates it first and settles possible matches in Existing Customers;
// employees creating can populate the form from an open RO (admins also from a closed one); employees
// editing change e-mail and mobile only through Change Email / Change Phone.
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  CUSTOMER_MESSAGES,
  customerProfileSchema,
  maskPhoneInput,
  UNKNOWN_ERROR,
  type CustomerProfile,
  type CustomerProfileInput,
  type FormDraftOpening,
} from '@dealer/contracts';
import { Modal } from '../../../components/ui/modal/modal';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { messagesOf, type ApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/auth/use-session';
import { useCreateCustomer } from '../api/create-customer';
import { customerKeys } from '../api/customer-keys';
import { toProfileBody, type CustomerCommandResult, type CustomerProfileBody } from '../api/customer-profile-body';
import { getCustomerInfoFromRo, type CustomerInfoFromRo } from '../api/get-customer-info-from-ro';
import { getCustomerQueryOptions, type CustomerRecord } from '../api/get-customer';
import { useUpdateCustomer } from '../api/update-customer';
import { useValidateCustomer, type CustomerMatch } from '../api/validate-customer';
import { useCustomerDialogSlots } from './customer-dialog-slots';
import { CustomerProfileFields, type ProfileFieldOptions } from './customer-profile-form';
import { ExistingCustomersDialog, type ExistingCustomersResult } from './existing-customers-dialog';
import { DraftRestorePrompt } from '../../form-drafts/components/draft-restore-prompt';
import { useReactHookFormDraft } from '../../form-drafts/hooks/use-react-hook-form-draft';
import './customer-profile-dialog.css';

export interface ProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The customer to edit; null creates a new one. */
  customer: CustomerRecord | null;
  /** The saved customer, or the existing customer picked instead of creating one (already in the cache). */
  onSaved: (customerId: string) => void;
}

export const PROFILE_BUTTONS = {
  populateFromRo: 'Populate from RO',
  populateFromClosedRo: 'Populate from Closed RO',
  changeEmail: 'Change Email',
  changePhone: 'Change Phone',
} as const;

/** SPEC 2.5: 'Create' or 'Edit', then 'Customer' for employees and 'Profile' for customers. */
export function profileDialogTitle(isEdit: boolean, isEmployee: boolean): string {
  return `${isEdit ? 'Edit' : 'Create'} ${isEmployee ? 'Customer' : 'Profile'}`;
}

function toFormValues(customer: CustomerRecord | null): CustomerProfileInput {
  return {
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    emailAddress: customer?.emailAddress ?? '',
    phoneMobile: maskPhoneInput(customer?.phoneMobile ?? ''),
    phoneOther: maskPhoneInput(customer?.phoneOther ?? ''),
    address: customer?.address ?? '',
    address2: customer?.address2 ?? '',
    city: customer?.city ?? '',
    state: customer?.state ?? '',
    zip: customer?.zip ?? '',
    isTaxExempt: customer?.isTaxExempt ?? false,
    verifyRedemptions: customer?.verifyRedemptions ?? false,
  };
}

/** The form values an RO's customer fills in (every field the record has). */
function fromRoInfo(info: CustomerInfoFromRo): Partial<CustomerProfileInput> {
  return {
    firstName: info.firstName ?? '',
    lastName: info.lastName ?? '',
    emailAddress: info.emailAddress ?? '',
    phoneMobile: maskPhoneInput(info.phoneMobile ?? ''),
    phoneOther: maskPhoneInput(info.phoneOther ?? ''),
    address: info.address ?? '',
    city: info.city ?? '',
    state: info.state ?? '',
    zip: info.zip ?? '',
    isTaxExempt: info.isTaxExempt,
  };
}

type Pending = { matches: CustomerMatch[]; body: CustomerProfileBody } | null;

function ProfileForm({ customer, onCancel, onSaved }: { customer: CustomerRecord | null; onCancel: () => void; onSaved: (id: string) => void }) {
  const isEdit = customer !== null;
  const user = useCurrentUser();
  const isEmployee = user?.isEmployee ?? false;
  const roles = user?.roles ?? [];
  const isAdmin = roles.includes('admin');
  const options: ProfileFieldOptions = {
    // Nobody edits e-mail or mobile directly (the server refuses): both go through Change Email / Change Phone.
    lockContact: isEdit,
    showTaxExempt: isEmployee,
    showVerifyRedemptions: isEmployee && (isAdmin || roles.includes('manager')),
  };
  const slots = useCustomerDialogSlots();
  const queryClient = useQueryClient();

  const form = useForm<CustomerProfileInput, unknown, CustomerProfile>({
    resolver: valibotResolver(customerProfileSchema),
    mode: 'onTouched',
    defaultValues: toFormValues(customer),
  });
  const { isValid, errors } = form.formState;
  // Staff's edits survive a crash or a closed tab (SPEC 4 form cache): a draft per customer, or one for a new customer.
  const customerId = customer?.customerId ?? null;
  const opening = useMemo<FormDraftOpening | null>(
    () => (isEmployee ? { formId: 'customer-profile', objectCacheModelId: customerId, parentCacheModelId: null, parentKey: null, isObjectNew: customerId === null } : null),
    [isEmployee, customerId],
  );
  const draft = useReactHookFormDraft(form, opening);

  const [pending, setPending] = useState<Pending>(null);
  const [loadingExisting, setLoadingExisting] = useState(false);
  const [roLookup, setRoLookup] = useState<{ closed: boolean } | null>(null);
  const [populating, setPopulating] = useState(false);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [contactChange, setContactChange] = useState<'email' | 'phone' | null>(null);

  const onError = (error: ApiError) => {
    draft.submitting(false);
    // SPEC 8: every message of a failed save is an error toast; field messages also mark their fields.
    toast.errors(error.messages);
    for (const [field, message] of Object.entries(error.fields)) {
      if (field in form.getValues()) form.setError(field as keyof CustomerProfileInput, { message });
    }
  };
  const onSuccess = (result: CustomerCommandResult) => {
    toast.success(isEdit ? CUSTOMER_MESSAGES.updated : CUSTOMER_MESSAGES.created);
    onSaved(result.customerId);
  };
  const create = useCreateCustomer({ onSuccess, onError });
  const update = useUpdateCustomer({ onSuccess, onError });
  const validate = useValidateCustomer({
    onSuccess: (validation, body) => {
      if (validation.passed) create.mutate(body);
      else setPending({ matches: validation.customers, body });
    },
    onError: (error) => {
      draft.submitting(false);
      toast.errors(error.messages);
    },
  });
  const saving = create.isPending || update.isPending || validate.isPending || loadingExisting;

  const submit = form.handleSubmit((profile) => {
    const body = toProfileBody(profile, { verifyRedemptions: options.showVerifyRedemptions });
    // SPEC 4: saving marks the draft submitting; a successful save closes the form, which deletes it.
    draft.submitting(true);
    if (customer) update.mutate({ customerId: customer.customerId, body, expectedRevision: customer.revision });
    // SPEC 4: an employee saving a new customer validates it first.
    else if (isEmployee) validate.mutate(body);
    else create.mutate(body);
  });

  const settleMatches = async (outcome: ExistingCustomersResult) => {
    const body = pending?.body;
    setPending(null);
    if (outcome.result === 'SubmitEnteredCustomer' && body) create.mutate(body);
    if (outcome.result === 'CancelSubmit') draft.submitting(false);
    if (outcome.result !== 'SubmitExistingCustomer') return;
    setLoadingExisting(true);
    try {
      await queryClient.fetchQuery(getCustomerQueryOptions(outcome.info.customerId));
      onSaved(outcome.info.customerId);
    } catch (error) {
      // SPEC 8: a failure in the matches modal counts as a cancelled submit.
      toast.errors(messagesOf(error));
    } finally {
      setLoadingExisting(false);
    }
  };

  const populate = async (ro: { roNumber: string; locationId: number }, closed: boolean) => {
    setPopulating(true);
    setLookupError(null);
    try {
      const info = await getCustomerInfoFromRo({ ...ro, isClosedRo: closed });
      for (const [field, value] of Object.entries(fromRoInfo(info))) {
        form.setValue(field as keyof CustomerProfileInput, value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
      }
    } catch (error) {
      // SPEC 8: the first error message as an error alert, or 'Unknown error.'.
      setLookupError(messagesOf(error)[0] ?? UNKNOWN_ERROR);
    } finally {
      setPopulating(false);
    }
  };

  const canPopulate = isEmployee && !isEdit && slots.renderEnterRo !== undefined;
  const canChangeContact = options.lockContact && slots.renderContactChange !== undefined && customer !== null;

  // The nested dialogs stay outside the <form>: React events bubble through portals, and their own
  // submits must not submit the profile.
  return (
    <>
      <form noValidate onSubmit={submit} aria-busy={saving || populating} className="profile-form">
        <div className="modal-body">
          <DraftRestorePrompt draft={draft} />
          {lookupError && (
            <div className="alert alert-danger" role="alert">
              {lookupError}
            </div>
          )}
          {populating && (
            <p className="profile-populating">
              <Spinner size="sm" label="Loading RO customer..." /> Loading the customer on the RO...
            </p>
          )}
          <CustomerProfileFields register={form.register} control={form.control} errors={errors} {...options} />
        </div>
        {/* A press on a footer button keeps focus in the field: leaving it would show its error, move the
            footer down under the pointer and lose the click. */}
        <div className="modal-footer profile-footer" onMouseDown={(e) => (e.target as HTMLElement).closest('button') && e.preventDefault()}>
          {(canPopulate || canChangeContact) && (
            <div className="profile-footer-extra">
              {canPopulate && (
                <button type="button" className="btn" disabled={saving || populating} onClick={() => setRoLookup({ closed: false })}>
                  {PROFILE_BUTTONS.populateFromRo}
                </button>
              )}
              {canPopulate && isAdmin && (
                <button type="button" className="btn" disabled={saving || populating} onClick={() => setRoLookup({ closed: true })}>
                  {PROFILE_BUTTONS.populateFromClosedRo}
                </button>
              )}
              {canChangeContact && (
                <button type="button" className="btn" disabled={saving} onClick={() => setContactChange('email')}>
                  {PROFILE_BUTTONS.changeEmail}
                </button>
              )}
              {canChangeContact && (
                <button type="button" className="btn" disabled={saving} onClick={() => setContactChange('phone')}>
                  {PROFILE_BUTTONS.changePhone}
                </button>
              )}
            </div>
          )}
          <button type="button" className="btn" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!isValid || saving}>
            {saving && <Spinner size="sm" label="Saving..." />}
            {isEdit ? 'Save' : 'Create'}
          </button>
        </div>
      </form>
      {pending && (
        <ExistingCustomersDialog
          open
          matches={pending.matches}
          entered={{
            firstName: pending.body.firstName,
            lastName: pending.body.lastName,
            emailAddress: pending.body.emailAddress,
            phoneMobile: pending.body.phoneMobile,
            phoneOther: pending.body.phoneOther,
          }}
          onResult={(outcome) => void settleMatches(outcome)}
        />
      )}
      {canPopulate &&
        slots.renderEnterRo?.({
          open: roLookup !== null,
          type: roLookup?.closed ? 'Closed' : 'Open',
          onClose: (ro) => {
            const closed = roLookup?.closed ?? false;
            setRoLookup(null);
            if (ro) void populate(ro, closed);
          },
        })}
      {canChangeContact &&
        slots.renderContactChange?.({
          open: contactChange !== null,
          kind: contactChange ?? 'email',
          customer,
          audience: isEmployee ? 'employee' : 'customer',
          onClose: (sent) => {
            setContactChange(null);
            if (sent) void queryClient.invalidateQueries({ queryKey: customerKeys.detail(customer.customerId) });
          },
        })}
    </>
  );
}

export function CustomerProfileDialog({ open, onOpenChange, customer, onSaved }: ProfileDialogProps) {
  const saving = useIsMutating({ mutationKey: customerKeys.saves() }) > 0;
  const isEmployee = useCurrentUser()?.isEmployee ?? false;
  return (
    <Modal open={open} onOpenChange={onOpenChange} locked={saving} size="lg" title={profileDialogTitle(customer !== null, isEmployee)}>
      {open && (
        <ProfileForm
          key={customer?.customerId ?? 'new'}
          customer={customer}
          onCancel={() => onOpenChange(false)}
          onSaved={(id) => {
            onSaved(id);
            onOpenChange(false);
          }}
        />
      )}
    </Modal>
  );
}
