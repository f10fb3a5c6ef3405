// Phone-change code entry: the 6-digit code texted to the new number, typed by the customer (My profile) or
// by staff while the customer reads it out (sales page). Server refusals ('The code is incorrect.', 'Too many
// incorrect codes...', expired, replaced) show under the field; the caller refreshes its customer view.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { CONTACT_CHANGE_LIMITS, CONTACT_CHANGE_MESSAGES, UNKNOWN_ERROR } from '@dealer/contracts';
import { TextField } from '../../../components/ui/form/text-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useConfirmContactCode } from '../api/confirm-contact-code';
import { useDeferredFocus } from '../../../hooks/use-deferred-focus';
import type { ContactChangeAudience } from './contact-change-dialog';
import './contact-code-form.css';

export const CONTACT_CODE_TEXTS = {
  customerPrompt: 'Enter the code we texted to your new number',
  employeePrompt: "Enter the code we texted to the customer's new number. The customer reads it out to you.",
  label: 'Code',
  submit: 'Confirm phone change',
  employeeConfirmed: "The customer's mobile phone has been changed.",
} as const;

// Required only: whether a code is right is the server's to say (it counts wrong attempts).
const schema = v.object({
  code: v.pipe(
    v.string(),
    v.transform((s) => s.replace(/\s+/g, '')),
    v.nonEmpty(CONTACT_CHANGE_MESSAGES.codeRequired),
  ),
});

export interface ContactCodeFormProps {
  customerId: string;
  audience: ContactChangeAudience;
  /** The new number the code went to, shown next to the prompt. */
  pendingPhoneLabel?: string;
  /** 'dialog' lays the form out as a modal body and footer. */
  layout?: 'inline' | 'dialog';
  autoFocus?: boolean;
  onConfirmed: () => void;
  onCancel?: () => void;
}

export function ContactCodeForm({ customerId, audience, pendingPhoneLabel, layout = 'inline', autoFocus = false, onConfirmed, onCancel }: ContactCodeFormProps) {
  const form = useForm<v.InferInput<typeof schema>, unknown, v.InferOutput<typeof schema>>({
    resolver: valibotResolver(schema),
    defaultValues: { code: '' },
  });
  const confirm = useConfirmContactCode({
    onSuccess: () => {
      toast.success(audience === 'customer' ? CONTACT_CHANGE_MESSAGES.phoneConfirmed : CONTACT_CODE_TEXTS.employeeConfirmed);
      form.reset();
      onConfirmed();
    },
    // SPEC 8 'Submit code failure': the first error string, or 'Unknown error.'.
    onError: (error) => form.setError('code', { message: error.messages[0] ?? UNKNOWN_ERROR }, { shouldFocus: true }),
  });
  const submit = form.handleSubmit(({ code }) => confirm.mutate({ customerId, code }));
  const prompt = audience === 'customer' ? CONTACT_CODE_TEXTS.customerPrompt : CONTACT_CODE_TEXTS.employeePrompt;
  const dialog = layout === 'dialog';
  // A dialog focuses its first control itself; take focus once it settled (see useDeferredFocus).
  const focusRef = useDeferredFocus<HTMLInputElement>(autoFocus);
  const codeField = form.register('code');

  const fields = (
    <div className="contact-code-fields">
      <p className="contact-code-prompt">
        {prompt}
        {pendingPhoneLabel && <span className="contact-code-number">{pendingPhoneLabel}</span>}
      </p>
      <TextField
        className="contact-code-input"
        label={CONTACT_CODE_TEXTS.label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        hint={`${CONTACT_CHANGE_LIMITS.codeDigits} digits, valid for 10 minutes.`}
        {...codeField}
        ref={(el) => {
          codeField.ref(el);
          focusRef(el);
        }}
        error={form.formState.errors.code?.message}
      />
    </div>
  );
  const buttons = (
    <>
      {onCancel && (
        <button type="button" className="btn" onClick={onCancel} disabled={confirm.isPending}>
          Cancel
        </button>
      )}
      <button type="submit" className="btn btn-primary" disabled={confirm.isPending}>
        {confirm.isPending && <Spinner size="sm" label="Confirming..." />}
        {CONTACT_CODE_TEXTS.submit}
      </button>
    </>
  );

  return (
    <form noValidate onSubmit={submit} aria-busy={confirm.isPending} className={dialog ? 'contact-code-form is-dialog' : 'contact-code-form'}>
      {dialog ? (
        <>
          <div className="modal-body">{fields}</div>
          <div className="modal-footer">{buttons}</div>
        </>
      ) : (
        <>
          {fields}
          <div className="button-row contact-code-actions">{buttons}</div>
        </>
      )}
    </form>
  );
}
