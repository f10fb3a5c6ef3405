// Sign-in form (SPEC 4, issue 3): username or e-mail and password, contracts loginSchema, errors after touch.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { AUTH_MESSAGES, loginSchema } from '@dealer/contracts';
import { toast } from '../../../components/ui/toaster/toast-store';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { claimGift } from '../api/claim-gift';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { TextField } from '../../../components/ui/form/text-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useLogin } from '../api/login';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { FormAlert } from './form-alert';

type LoginInput = v.InferInput<typeof loginSchema>;
type LoginOutput = v.InferOutput<typeof loginSchema>;

/** giftToken: a gift link's token (`/login/{giftToken}`): once a customer is signed in, the gift is claimed for them. */
export function LoginForm({ destination, giftToken = null }: { destination: string | null; giftToken?: string | null }) {
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: valibotResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const signIn = useLogin();
  const complete = useCompleteSignIn();

  const submit = form.handleSubmit((credentials) =>
    signIn.mutate(credentials, {
      onSuccess: (session) => {
        if (!giftToken || session.payload.user.isEmployee) return complete(session, { message: AUTH_MESSAGES.loginSuccessful, destination });
        // The gift is claimed before going on, so My coupons shows its coupons (the answer's read position).
        claimGift(giftToken).then(
          (claimed) => complete(session, { message: claimed.message, goTo: paths.customer.coupons }),
          (error: unknown) => {
            complete(session, { message: AUTH_MESSAGES.loginSuccessful, goTo: paths.customer.coupons });
            toast.errors(error instanceof ApiError && error.messages.length ? error.messages : ['The gift could not be claimed. Please try the link again.']);
          },
        );
      },
      // A refused password is not kept around for a second look.
      onError: () => form.resetField('password'),
    }),
  );

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={signIn.isPending}>
      <FormAlert messages={signIn.error?.messages} />
      <TextField
        label="Username or e-mail"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        {...form.register('username')}
        error={errors.username?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.register('password')}
        error={errors.password?.message}
      />
      <button type="submit" className="btn btn-primary" disabled={signIn.isPending}>
        {signIn.isPending && <Spinner size="sm" label="Signing in..." />}
        Sign in
      </button>
    </form>
  );
}
