// A visitor's own registration (issue 13): name, e-mail, mobile, 18 or older. The account is finished
// from the link e-mailed to that address (the password is chosen there), which brings the customer back
// to `destination` (the pack chosen on /purchase) signed in.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { SELF_REGISTRATION_MESSAGES, selfRegistrationSchema, type SelfRegistration, type SelfRegistrationInput } from '@dealer/contracts/customers/self-registration';
import { TextField } from '../../../components/ui/form/text-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { paths } from '../../../config/paths';
import { authUrl } from '../../../lib/auth/auth-urls';
import { FormAlert } from '../../auth/components/form-alert';
import { useSelfRegister } from '../api/self-register';
import { rememberDestination } from '../pending-destination';
import '../../../components/ui/form/checkbox-group.css';

export function SelfRegistrationForm({ destination }: { destination: string | null }) {
  const form = useForm<SelfRegistrationInput, unknown, SelfRegistration>({
    resolver: valibotResolver(selfRegistrationSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', emailAddress: '', phoneMobile: '', isAdult: false },
  });
  const { errors } = form.formState;
  const registration = useSelfRegister();
  const adultId = useId();
  const signIn = authUrl('login', { destination });
  const serverFields = registration.error?.fields ?? {};

  if (registration.isSuccess)
    return (
      <div className="alert alert-success" role="status">
        <p>{SELF_REGISTRATION_MESSAGES.sent}</p>
        <p>
          We sent a link to <strong>{registration.data.emailAddress}</strong>. Open it to choose your password
          {destination ? '; it brings you back to the pack you chose' : ''}. The link is valid for 7 days.
        </p>
      </div>
    );

  const submit = form.handleSubmit((input) => {
    rememberDestination(destination);
    registration.mutate(input);
  });
  const alreadyRegistered = registration.error?.messages.includes(SELF_REGISTRATION_MESSAGES.alreadyRegistered);

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={registration.isPending}>
      <FormAlert messages={registration.error?.messages} />
      {alreadyRegistered && (
        <p>
          <Link to={signIn}>Sign in</Link> with this e-mail address instead.
        </p>
      )}
      <TextField label="First name" autoComplete="given-name" maxLength={100} {...form.register('firstName')} error={errors.firstName?.message} />
      <TextField label="Last name" autoComplete="family-name" maxLength={100} {...form.register('lastName')} error={errors.lastName?.message} />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        hint="Your registration link goes here."
        {...form.register('emailAddress')}
        error={errors.emailAddress?.message ?? serverFields.emailAddress}
      />
      <TextField
        label="Mobile phone"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        maxLength={20}
        {...form.register('phoneMobile')}
        error={errors.phoneMobile?.message ?? serverFields.phoneMobile}
      />
      <div className="field">
        <label className="choice" htmlFor={adultId}>
          <input
            id={adultId}
            type="checkbox"
            aria-invalid={errors.isAdult ? true : undefined}
            aria-describedby={errors.isAdult ? `${adultId}-error` : undefined}
            {...form.register('isAdult')}
          />
          <span>
            I am 18 or older and accept the <Link to={paths.termsOfService}>Terms of Service</Link> and the{' '}
            <Link to={paths.privacy}>Privacy Policy</Link>.
          </span>
        </label>
        {errors.isAdult?.message && (
          <p className="field-error" id={`${adultId}-error`}>
            {errors.isAdult.message}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={registration.isPending}>
        {registration.isPending && <Spinner size="sm" label="Registering..." />}
        Create account
      </button>
      <p className="auth-card-footer">
        Already have an account? <Link to={signIn}>Sign in</Link>.
      </p>
    </form>
  );
}
