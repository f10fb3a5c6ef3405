// Customer profile form fields (SPEC 2.5/5): contracts schema, errors after touch, masked phones, the
// role-dependent switches, and e-mail and mobile read-only (with their hints) when an employee edits.
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { maskPhoneInput, type CustomerProfileInput } from '@dealer/contracts';
import { SwitchField } from '../../../components/ui/form/switch-field';
import { TextField } from '../../../components/ui/form/text-field';
import { useDeferredFocus } from '../../../hooks/use-deferred-focus';

export const PROFILE_HINTS = {
  email: 'Please use the change email button below',
  phone: 'Please use the change phone button below',
} as const;

export interface ProfileFieldOptions {
  /** An employee editing: e-mail and mobile change only through Change Email / Change Phone. */
  lockContact: boolean;
  showTaxExempt: boolean;
  showVerifyRedemptions: boolean;
}

interface ProfileFieldsProps extends ProfileFieldOptions {
  register: UseFormRegister<CustomerProfileInput>;
  control: Control<CustomerProfileInput>;
  errors: FieldErrors<CustomerProfileInput>;
}

type PhoneName = 'phoneMobile' | 'phoneOther';

function PhoneField({ name, label, control, readOnly = false, hint }: { name: PhoneName; label: string; control: ProfileFieldsProps['control']; readOnly?: boolean; hint?: string }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type="tel"
          inputMode="tel"
          autoComplete={name === 'phoneMobile' ? 'tel' : 'off'}
          placeholder="(000) 000-0000"
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          readOnly={readOnly}
          hint={hint}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(maskPhoneInput(e.target.value))}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export function CustomerProfileFields({ register, control, errors, lockContact, showTaxExempt, showVerifyRedemptions }: ProfileFieldsProps) {
  const focusRef = useDeferredFocus<HTMLInputElement>();
  const firstName = register('firstName');
  return (
    <div className="profile-grid">
      <TextField
        label="First Name"
        autoComplete="given-name"
        autoFocus
        {...firstName}
        ref={(el) => {
          firstName.ref(el);
          focusRef(el);
        }}
        error={errors.firstName?.message}
      />
      <TextField label="Last Name" autoComplete="family-name" {...register('lastName')} error={errors.lastName?.message} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        readOnly={lockContact}
        hint={lockContact ? PROFILE_HINTS.email : undefined}
        {...register('emailAddress')}
        error={errors.emailAddress?.message}
      />
      <PhoneField name="phoneMobile" label="Mobile Phone" control={control} readOnly={lockContact} hint={lockContact ? PROFILE_HINTS.phone : undefined} />
      <PhoneField name="phoneOther" label="Other Phone" control={control} />
      <TextField className="span-full" label="Address" autoComplete="address-line1" {...register('address')} error={errors.address?.message} />
      <TextField className="span-full" label="Address 2" autoComplete="address-line2" {...register('address2')} error={errors.address2?.message} />
      <div className="profile-city-row span-full">
        <TextField label="City" autoComplete="address-level2" {...register('city')} error={errors.city?.message} />
        <TextField label="State" autoComplete="address-level1" {...register('state')} error={errors.state?.message} />
        <TextField label="Zip" inputMode="numeric" autoComplete="postal-code" {...register('zip')} error={errors.zip?.message} />
      </div>
      {(showTaxExempt || showVerifyRedemptions) && (
        <div className="profile-switches span-full">
          {showTaxExempt && <SwitchField label="Tax Exempt" {...register('isTaxExempt')} />}
          {showVerifyRedemptions && <SwitchField label="Verify Redemptions" {...register('verifyRedemptions')} />}
        </div>
      )}
    </div>
  );
}
