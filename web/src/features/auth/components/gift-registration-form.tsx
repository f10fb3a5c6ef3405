// Registration from a gift link: the recipient's e-mail is given by the link; the server judges the gift token.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { AUTH_MESSAGES, registrationPasswordsSchema } from '@dealer/contracts';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/form/text-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useRegisterWithGift } from '../api/register';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { FormAlert } from './form-alert';
import { PasswordFields, type PasswordValues } from './password-fields';

interface GiftRegistrationFormProps {
  email: string;
  giftToken: string;
  landingPath: string;
}

export function GiftRegistrationForm({ email, giftToken, landingPath }: GiftRegistrationFormProps) {
  const form = useForm<PasswordValues>({
    resolver: valibotResolver(registrationPasswordsSchema),
    mode: 'onTouched',
    defaultValues: { password: '', passwordConfirm: '' },
  });
  const registration = useRegisterWithGift();
  const complete = useCompleteSignIn();

  const submit = form.handleSubmit((passwords) =>
    registration.mutate(
      { email, giftToken, ...passwords },
      { onSuccess: (session) => complete(session, { message: AUTH_MESSAGES.registered, goTo: landingPath }) },
    ),
  );

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={registration.isPending}>
      <FormAlert messages={registration.error?.messages} />
      <TextField label="Email" type="email" autoComplete="username" value={email} readOnly />
      <PasswordFields form={form} />
      <button type="submit" className="btn btn-primary" disabled={registration.isPending}>
        {registration.isPending && <Spinner size="sm" label="Registering..." />}
        Claim gift and register
      </button>
    </form>
  );
}
