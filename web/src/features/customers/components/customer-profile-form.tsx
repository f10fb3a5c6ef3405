// Customer profile form fields (SPEC 2.5/5): contracts schema, errors after touch, masked phones.
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { maskPhoneInput, type CustomerProfileInput } from '@dealer/contracts';
import { SwitchField } from '../../../components/ui/form/switch-field';
import { TextField } from '../../../components/ui/form/text-field';

interface ProfileFieldsProps {
  register: UseFormRegister<CustomerProfileInput>;
  control: Control<CustomerProfileInput>;
  errors: FieldErrors<CustomerProfileInput>;
}

type PhoneName = 'phoneMobile' | 'phoneOther';

function PhoneField({ name, label, control }: { name: PhoneName; label: string; control: ProfileFieldsProps['control'] }) {
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
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(maskPhoneInput(e.target.value))}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export function CustomerProfileFields({ register, control, errors }: ProfileFieldsProps) {
  return (
    <div className="profile-grid">
      <TextField label="First Name" autoComplete="given-name" autoFocus {...register('firstName')} error={errors.firstName?.message} />
      <TextField label="Last Name" autoComplete="family-name" {...register('lastName')} error={errors.lastName?.message} />
      <TextField label="Email" type="email" autoComplete="email" {...register('emailAddress')} error={errors.emailAddress?.message} />
      <PhoneField name="phoneMobile" label="Mobile Phone" control={control} />
      <PhoneField name="phoneOther" label="Other Phone" control={control} />
      <TextField className="span-full" label="Address" autoComplete="address-line1" {...register('address')} error={errors.address?.message} />
      <TextField className="span-full" label="Address 2" autoComplete="address-line2" {...register('address2')} error={errors.address2?.message} />
      <div className="profile-city-row span-full">
        <TextField label="City" autoComplete="address-level2" {...register('city')} error={errors.city?.message} />
        <TextField label="State" autoComplete="address-level1" {...register('state')} error={errors.state?.message} />
        <TextField label="Zip" inputMode="numeric" autoComplete="postal-code" {...register('zip')} error={errors.zip?.message} />
      </div>
      <SwitchField label="Tax Exempt" {...register('isTaxExempt')} />
    </div>
  );
}
