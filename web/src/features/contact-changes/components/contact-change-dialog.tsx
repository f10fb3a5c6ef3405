// Change Email and Change Phone (SPEC 2.5): one field with SPEC 5 rules, the employee or customer banners and
// pending notices, POST /api/email-phone-verification, then 'Verification Sent' (SPEC 8). Closes with true on
// success and null on cancel; a failure shows the error as an error notification and keeps the dialog open.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useIsMutating } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as v from 'valibot';
import {
  CONTACT_CHANGE_MESSAGES,
  CONTACT_CHANGE_TEXTS,
  fullName,
  maskPhoneInput,
  newEmailRule,
  newPhoneRule,
  VERIFICATION_SENT,
  type ContactKind,
} from '@dealer/contracts';
import { TextField } from '../../../components/ui/form/text-field';
import { Modal } from '../../../components/ui/modal/modal';
import { notify } from '../../../components/ui/modal/notification-store';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { contactChangeKeys, useRequestContactChange } from '../api/request-contact-change';
import { useDeferredFocus } from '../../../hooks/use-deferred-focus';
import { verificationSentMessage, type ContactChangeAudience } from './verification-sent-texts';
import './contact-change-dialog.css';

export type { ContactChangeAudience } from './verification-sent-texts';

/** The customer fields the dialogs read. */
export interface ContactChangeCustomer {
  customerId: string;
  firstName: string | null;
  lastName: string | null;
  pendingEmail: string | null;
  pendingPhone: string | null;
}

export interface ContactChangeDialogProps {
  open: boolean;
  kind: ContactKind;
  customer: ContactChangeCustomer;
  /** Employees act for the customer (confirmation needed); customers change their own and re-enter their password. */
  audience: ContactChangeAudience;
  onClose: (result: true | null) => void;
}

function formSchema(kind: ContactKind, audience: ContactChangeAudience) {
  return v.object({
    info: kind === 'email' ? newEmailRule : newPhoneRule,
    password: audience === 'customer' ? v.pipe(v.string(), v.nonEmpty(CONTACT_CHANGE_MESSAGES.passwordRequired)) : v.string(),
  });
}

export function contactChangeTitle(kind: ContactKind, customer: Pick<ContactChangeCustomer, 'firstName' | 'lastName'>): string {
  const name = fullName(customer);
  // SPEC 2.5: Change Email is titled with the name; Change Phone with 'Change Phone:' and the name.
  return kind === 'email' ? name || 'Change Email' : `${CONTACT_CHANGE_TEXTS.phone.titlePrefix} ${name}`.trim();
}

function Notices({ kind, customer, audience }: Pick<ContactChangeDialogProps, 'kind' | 'customer' | 'audience'>) {
  const texts = CONTACT_CHANGE_TEXTS[kind];
  const pending = kind === 'email' ? customer.pendingEmail : customer.pendingPhone;
  return (
    <>
      {pending && (
        <p className="alert alert-info contact-change-notice" role="status">
          {audience === 'employee' ? texts.employeePending : texts.customerPending}
        </p>
      )}
      {audience === 'employee' ? (
        <div className="banner contact-change-notice">
          <p>{texts.employeeBanner}</p>
          <p>
            <strong>{texts.employeeCheckCustomer}</strong>
          </p>
        </div>
      ) : (
        <p className="banner contact-change-notice">{texts.customerBanner}</p>
      )}
    </>
  );
}

function ContactChangeForm({ kind, customer, audience, onClose }: Omit<ContactChangeDialogProps, 'open'>) {
  const texts = CONTACT_CHANGE_TEXTS[kind];
  const schema = useMemo(() => formSchema(kind, audience), [kind, audience]);
  const form = useForm<v.InferInput<typeof schema>, unknown, v.InferOutput<typeof schema>>({
    resolver: valibotResolver(schema),
    mode: 'onChange',
    defaultValues: { info: '', password: '' },
  });
  const { isValid, touchedFields, errors } = form.formState;
  // 'Dirty' as SPEC 5 means it: the field was changed at all (react-hook-form forgets once it is emptied again).
  const [edited, setEdited] = useState(false);
  const focusRef = useDeferredFocus<HTMLInputElement>();
  const emailField = form.register('info', { onChange: () => setEdited(true) });
  const request = useRequestContactChange({
    onSuccess: () => {
      void notify({ title: VERIFICATION_SENT.title, message: verificationSentMessage(kind, audience), variant: 'success' });
      onClose(true);
    },
    onError: (error) => void notify({ message: error.messages, variant: 'danger' }),
  });
  const submit = form.handleSubmit(({ info, password }) =>
    request.mutate({ type: kind, info, customerId: customer.customerId, ...(audience === 'customer' ? { password } : {}) }),
  );
  // SPEC 5: the messages appear once the field is dirty (an e-mail also once it was left).
  const infoError = edited || (kind === 'email' && touchedFields.info) ? errors.info?.message : undefined;

  return (
    <form noValidate onSubmit={submit} aria-busy={request.isPending} className="contact-change-form">
      <div className="modal-body contact-change-fields">
        <Notices kind={kind} customer={customer} audience={audience} />
        {kind === 'email' ? (
          <TextField
            label="New Email"
            type="email"
            autoComplete="off"
            placeholder={texts.placeholder}
            autoFocus
            {...emailField}
            ref={(el) => {
              emailField.ref(el);
              focusRef(el);
            }}
            error={infoError}
          />
        ) : (
          <Controller
            name="info"
            control={form.control}
            render={({ field }) => (
              <TextField
                label="Mobile Phone"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder={texts.placeholder}
                autoFocus
                name={field.name}
                ref={(el) => {
                  field.ref(el);
                  focusRef(el);
                }}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(e) => {
                  setEdited(true);
                  field.onChange(maskPhoneInput(e.target.value));
                }}
                error={infoError}
              />
            )}
          />
        )}
        {audience === 'customer' && (
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
            error={touchedFields.password ? errors.password?.message : undefined}
          />
        )}
      </div>
      {/* A press on a button keeps focus in the field, so its error cannot move the button from under the pointer. */}
      <div className="modal-footer" onMouseDown={(e) => (e.target as HTMLElement).closest('button') && e.preventDefault()}>
        <button type="button" className="btn" onClick={() => onClose(null)} disabled={request.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={!isValid || request.isPending}>
          {request.isPending && <Spinner size="sm" label="Sending..." />}
          {texts.submit}
        </button>
      </div>
    </form>
  );
}

export function ContactChangeDialog({ open, ...rest }: ContactChangeDialogProps) {
  const locked = useIsMutating({ mutationKey: contactChangeKeys.request }) > 0;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : rest.onClose(null))}
      locked={locked}
      title={contactChangeTitle(rest.kind, rest.customer)}
      size="md"
      minimizable={false}
    >
      {open && <ContactChangeForm {...rest} />}
    </Modal>
  );
}

export const ChangeEmailDialog = (props: Omit<ContactChangeDialogProps, 'kind'>) => <ContactChangeDialog {...props} kind="email" />;
export const ChangePhoneDialog = (props: Omit<ContactChangeDialogProps, 'kind'>) => <ContactChangeDialog {...props} kind="phone" />;
