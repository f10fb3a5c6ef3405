// Erase personal data (admins): a modal of the stack that says what erasure does, asks for the reason and
// erases on "Erase personal data". Closes with true once erased, null when cancelled.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useIsMutating } from '@tanstack/react-query';
import { ERASURE_LIMITS, ERASURE_MESSAGES, erasureRequestSchema, fullName } from '@dealer/contracts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { Modal } from '../../../components/ui/modal/modal';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { erasureKeys, useEraseCustomer } from '../api/erase-customer';
import { ERASURE_TEXTS } from './erasure-texts';
import './erasure.css';

export interface EraseCustomerDialogProps {
  open: boolean;
  customer: { customerId: string; firstName: string | null; lastName: string | null };
  onClose: (result: true | null) => void;
}

type FormInput = v.InferInput<typeof erasureRequestSchema>;
type FormOutput = v.InferOutput<typeof erasureRequestSchema>;

function EraseForm({ customer, onClose }: Omit<EraseCustomerDialogProps, 'open'>) {
  const id = useId();
  const reasonId = `${id}-reason`;
  const errorId = `${id}-reason-error`;
  const hintId = `${id}-reason-hint`;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: valibotResolver(erasureRequestSchema),
    // The field has focus on open: checked on submit, so leaving it for Cancel shows no error (nor moves Cancel).
    mode: 'onSubmit',
    defaultValues: { reason: '' },
  });
  const erase = useEraseCustomer({
    onSuccess: () => {
      toast.success(ERASURE_MESSAGES.erased);
      onClose(true);
    },
    onError: (error) => {
      toast.errors(error.messages);
      if (error.fields.reason) form.setError('reason', { message: error.fields.reason });
    },
  });
  const error = form.formState.errors.reason?.message;
  const submit = form.handleSubmit(({ reason }) => erase.mutate({ customerId: customer.customerId, reason }));
  const name = fullName(customer);

  return (
    <form noValidate onSubmit={submit} aria-busy={erase.isPending} className="erasure-form">
      <div className="modal-body erasure-body">
        <div className="alert alert-danger erasure-warning">
          <p>
            <strong>{ERASURE_TEXTS.cannotBeUndone}</strong>
          </p>
          <p>{name ? ERASURE_TEXTS.intro(name) : ERASURE_TEXTS.introNoName}</p>
        </div>
        <ul className="erasure-effects">
          {ERASURE_TEXTS.effects.map((effect) => (
            <li key={effect}>{effect}</li>
          ))}
        </ul>
        <div className="field">
          <label className="field-label" htmlFor={reasonId}>
            {ERASURE_TEXTS.reasonLabel}
          </label>
          <textarea
            id={reasonId}
            className="input erasure-reason"
            rows={3}
            maxLength={ERASURE_LIMITS.reasonMax}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(' ')}
            {...form.register('reason')}
          />
          <p id={hintId} className="field-hint">
            {ERASURE_TEXTS.reasonHint}
          </p>
          {error && (
            <p id={errorId} className="field-error">
              {error}
            </p>
          )}
        </div>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" onClick={() => onClose(null)} disabled={erase.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn-danger" disabled={erase.isPending}>
          {erase.isPending && <Spinner size="sm" label="Erasing..." />}
          {ERASURE_TEXTS.confirm}
        </button>
      </div>
    </form>
  );
}

export function EraseCustomerDialog({ open, customer, onClose }: EraseCustomerDialogProps) {
  const locked = useIsMutating({ mutationKey: erasureKeys.erase }) > 0;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose(null))}
      locked={locked}
      title={ERASURE_TEXTS.title}
      size="md"
      minimizable={false}
      role="alertdialog"
    >
      {open && <EraseForm customer={customer} onClose={onClose} />}
    </Modal>
  );
}
