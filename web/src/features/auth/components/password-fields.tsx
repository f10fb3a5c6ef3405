// New password and its confirmation (SPEC 5 registration mode), validated by the contracts registration schema.
import type { UseFormReturn } from 'react-hook-form';
import { LIMITS } from '@dealer/contracts';
import { TextField } from '../../../components/ui/form/text-field';

export interface PasswordValues {
  password: string;
  passwordConfirm: string;
}

export function PasswordFields({ form }: { form: UseFormReturn<PasswordValues> }) {
  const { register, trigger, getFieldState, formState } = form;
  const { errors } = formState;
  // A changed password re-checks a confirmation already typed, but never flags one not yet reached.
  const recheckConfirm = () => {
    if (getFieldState('passwordConfirm', formState).isTouched) void trigger('passwordConfirm');
  };
  return (
    <>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters. Avoid common passwords.`}
        {...register('password', { onChange: recheckConfirm })}
        error={errors.password?.message}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...register('passwordConfirm')}
        error={errors.passwordConfirm?.message}
      />
    </>
  );
}
