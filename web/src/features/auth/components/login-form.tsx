// Sign-in form (SPEC 4, issue 3): username or e-mail and password, contracts loginSchema, errors after touch.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { AUTH_MESSAGES, loginSchema } from '@dealer/contracts';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { TextField } from '../../../components/ui/form/text-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useLogin } from '../api/login';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { FormAlert } from './form-alert';

type LoginInput = v.InferInput<typeof loginSchema>;
type LoginOutput = v.InferOutput<typeof loginSchema>;

export function LoginForm({ destination }: { destination: string | null }) {
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
      onSuccess: (session) => complete(session, { message: AUTH_MESSAGES.loginSuccessful, destination }),
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
