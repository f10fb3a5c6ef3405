// Customer profile editor (a large modal of the stack): create or edit, save through the command API, toast the outcome.
import { useIsMutating } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  CUSTOMER_MESSAGES,
  customerProfileSchema,
  maskPhoneInput,
  type CustomerProfile,
  type CustomerProfileInput,
} from '@dealer/contracts';
import { Modal } from '../../../components/ui/modal/modal';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import type { ApiError } from '../../../lib/api-error';
import { useCreateCustomer } from '../api/create-customer';
import { customerKeys } from '../api/customer-keys';
import type { CustomerRecord } from '../api/get-customer';
import { toProfileBody, type CustomerCommandResult } from '../api/customer-profile-body';
import { useUpdateCustomer } from '../api/update-customer';
import { CustomerProfileFields } from './customer-profile-form';
import './customer-profile-dialog.css';

interface ProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The customer to edit; null creates a new one. */
  customer: CustomerRecord | null;
  onSaved: (customerId: string) => void;
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
  };
}

function ProfileForm({ customer, onCancel, onSaved }: { customer: CustomerRecord | null; onCancel: () => void; onSaved: (id: string) => void }) {
  const isEdit = customer !== null;
  const form = useForm<CustomerProfileInput, unknown, CustomerProfile>({
    resolver: valibotResolver(customerProfileSchema),
    mode: 'onTouched',
    defaultValues: toFormValues(customer),
  });
  const { isValid, errors } = form.formState;

  const onError = (error: ApiError) => {
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
  const saving = create.isPending || update.isPending;

  const submit = form.handleSubmit((profile) => {
    const body = toProfileBody(profile);
    if (customer) update.mutate({ customerId: customer.customerId, body, expectedRevision: customer.revision });
    else create.mutate(body);
  });

  return (
    <form noValidate onSubmit={submit} aria-busy={saving} className="profile-form">
      <div className="modal-body">
        <CustomerProfileFields register={form.register} control={form.control} errors={errors} />
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={!isValid || saving}>
          {saving && <Spinner size="sm" label="Saving..." />}
          {isEdit ? 'Save' : 'Create'}
        </button>
      </div>
    </form>
  );
}

export function CustomerProfileDialog({ open, onOpenChange, customer, onSaved }: ProfileDialogProps) {
  const saving = useIsMutating({ mutationKey: customerKeys.saves() }) > 0;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      locked={saving}
      size="lg"
      title={customer ? 'Edit Customer' : 'Create Customer'}
    >
      <ProfileForm
        key={customer?.customerId ?? 'new'}
        customer={customer}
        onCancel={() => onOpenChange(false)}
        onSaved={(id) => {
          onSaved(id);
          onOpenChange(false);
        }}
      />
    </Modal>
  );
}
