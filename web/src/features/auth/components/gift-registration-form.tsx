// Registration from a gift link (issue 13 "Gifts"): the recipient's e-mail is given by the link; they give their name, mobile
// and a password, and the server creates the account, claims the gift for it (single use, 30 days) and signs them in.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { AUTH_MESSAGES, LIMITS, customerProfileSchema, passwordRule } from '@dealer/contracts';
import { useForm, type UseFormReturn } from 'react-hook-form';
import * as v from 'valibot';
import { TextField } from '../../../components/ui/form/text-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useRegisterWithGift } from '../api/register';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { FormAlert } from './form-alert';
import { PasswordFields, type PasswordValues } from './password-fields';

/** The same rules as the server's: the profile's names and mobile, the registration's passwords. */
const giftRegistrationSchema = v.pipe(
  v.object({
    firstName: customerProfileSchema.entries.firstName,
    lastName: customerProfileSchema.entries.lastName,
    phoneMobile: customerProfileSchema.entries.phoneMobile,
    password: passwordRule,
    passwordConfirm: v.pipe(v.string(AUTH_MESSAGES.passwordRequired), v.nonEmpty(AUTH_MESSAGES.passwordRequired)),
  }),
  v.forward(
    v.partialCheck([['password'], ['passwordConfirm']], (i) => i.password === i.passwordConfirm, AUTH_MESSAGES.passwordMismatch),
    ['passwordConfirm'],
  ),
);

type GiftRegistrationValues = v.InferInput<typeof giftRegistrationSchema> & PasswordValues & { firstName: string; lastName: string; phoneMobile: string };

interface GiftRegistrationFormProps {
  email: string;
  giftToken: string;
  landingPath: string;
}

export function GiftRegistrationForm({ email, giftToken, landingPath }: GiftRegistrationFormProps) {
  const form = useForm<GiftRegistrationValues>({
    resolver: valibotResolver(giftRegistrationSchema) as never,
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', phoneMobile: '', password: '', passwordConfirm: '' },
  });
  const { errors } = form.formState;
  const registration = useRegisterWithGift();
  const complete = useCompleteSignIn();
  const serverFields = registration.error?.fields ?? {};

  // The raw values go to the server, which trims and checks them again (the same rules).
  const submit = form.handleSubmit(() =>
    registration.mutate(
      { email, giftToken, ...form.getValues() },
      { onSuccess: (session) => complete(session, { message: AUTH_MESSAGES.registered, goTo: landingPath }) },
    ),
  );

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={registration.isPending}>
      <FormAlert messages={registration.error?.messages} />
      <TextField label="Email" type="email" autoComplete="username" value={email} readOnly />
      <TextField label="First Name" autoComplete="given-name" maxLength={LIMITS.nameMax} {...form.register('firstName')} error={errors.firstName?.message ?? serverFields.firstName} />
      <TextField label="Last Name" autoComplete="family-name" maxLength={LIMITS.nameMax} {...form.register('lastName')} error={errors.lastName?.message ?? serverFields.lastName} />
      <TextField
        label="Mobile"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={20}
        {...form.register('phoneMobile')}
        error={errors.phoneMobile?.message ?? serverFields.phoneMobile}
      />
      <PasswordFields form={form as unknown as UseFormReturn<PasswordValues>} />
      <button type="submit" className="btn btn-primary" disabled={registration.isPending}>
        {registration.isPending && <Spinner size="sm" label="Registering..." />}
        Claim gift and register
      </button>
    </form>
  );
}
