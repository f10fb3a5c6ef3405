// Customer registration from an e-mailed link: greets the customer, sets the password, signs them in.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { AUTH_MESSAGES, fullName, registrationPasswordsSchema } from '@dealer/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { messagesOf } from '../../../lib/api-error';
import { useRegistration } from '../api/get-registration';
import { useRegister } from '../api/register';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { FormAlert } from './form-alert';
import { PasswordFields, type PasswordValues } from './password-fields';

interface RegistrationFormProps {
  securityToken: string;
  signInPath: string;
  /** Where a newly registered customer lands (SPEC: their coupons). */
  landingPath: string;
}

export function RegistrationForm({ securityToken, signInPath, landingPath }: RegistrationFormProps) {
  const invite = useRegistration(securityToken);
  const form = useForm<PasswordValues>({
    resolver: valibotResolver(registrationPasswordsSchema),
    mode: 'onTouched',
    defaultValues: { password: '', passwordConfirm: '' },
  });
  const registration = useRegister();
  const complete = useCompleteSignIn();

  if (invite.isPending)
    return (
      <div className="empty-state">
        <Spinner label="Checking your registration link..." />
      </div>
    );
  if (invite.isError)
    return (
      <>
        <FormAlert messages={messagesOf(invite.error)} />
        <p>
          Ask the dealership to send you a new registration link, or <Link to={signInPath}>sign in</Link> if you already have an
          account.
        </p>
      </>
    );

  const name = fullName(invite.data);
  const submit = form.handleSubmit((passwords) =>
    registration.mutate(
      { securityToken, ...passwords },
      { onSuccess: (session) => complete(session, { message: AUTH_MESSAGES.registered, goTo: landingPath }) },
    ),
  );

  return (
    <>
      <p className="auth-lead">
        {name ? `Welcome, ${name}!` : 'Welcome!'} Choose a password to finish setting up your account
        {invite.data.emailAddress ? ` for ${invite.data.emailAddress}` : ''}.
      </p>
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={registration.isPending}>
        <FormAlert messages={registration.error?.messages} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" autoComplete="username" value={invite.data.emailAddress ?? ''} readOnly />
        <PasswordFields form={form} />
        <button type="submit" className="btn btn-primary" disabled={registration.isPending}>
          {registration.isPending && <Spinner size="sm" label="Registering..." />}
          Register
        </button>
      </form>
    </>
  );
}
