// The location + RO number pair of the Enter RO # dialog and the RO page, on a react-hook-form form.
import { useEffect, type ComponentType, type Ref } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/form/text-field';
import { useDeferredFocus } from '../../../hooks/use-deferred-focus';
import type { RoInputForm, RoInputValues } from './ro-input-schema';

/** What a location selector must accept; the route passes the locations feature's selector in. */
export interface LocationFieldProps {
  value: number | null;
  onChange: (locationId: number | null) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLSelectElement>;
  error?: string;
  pending?: boolean;
  /** Fixed by the caller (a sale's location is chosen in the sale): shown, not editable. */
  disabled?: boolean;
  autoFocus?: boolean;
}

export type LocationField = ComponentType<LocationFieldProps>;

interface RoInputFieldsProps {
  form: UseFormReturn<RoInputForm, unknown, RoInputValues>;
  LocationSelect: LocationField;
  /** Where a fresh form starts (null while the locations load). */
  defaultLocationId: number | null;
  pending?: boolean;
  /** The caller fixed the location (e.g. the sale's): shown read-only, without the pending tooltip. */
  locationLocked?: boolean;
  autoFocusRoNumber?: boolean;
  /**
   * When the empty RO number's message shows: once the field was left ('touched', the dialog's way), or only
   * once it was edited or a search tried ('edited': the RO page, whose focused field is left by any click on
   * the page below it, e.g. the managers' review list).
   */
  roNumberErrorAfter?: 'touched' | 'edited';
}

export function RoInputFields({ form, LocationSelect, defaultLocationId, pending = false, locationLocked = false, autoFocusRoNumber = false, roNumberErrorAfter = 'touched' }: RoInputFieldsProps) {
  const { setValue, getValues, getFieldState } = form;
  const { isSubmitted, touchedFields, dirtyFields, errors } = form.formState;
  const roNumberShown = (roNumberErrorAfter === 'touched' ? touchedFields.roNumber : dirtyFields.roNumber) || isSubmitted;
  const focusRef = useDeferredFocus<HTMLInputElement>(autoFocusRoNumber);
  const roNumber = form.register('roNumber');
  // The preset arrives once the locations are known; never overwrite a choice the user made.
  useEffect(() => {
    if (defaultLocationId === null || getValues('locationId') !== null || getFieldState('locationId').isDirty) return;
    setValue('locationId', defaultLocationId, { shouldValidate: true });
  }, [defaultLocationId, getValues, getFieldState, setValue]);

  return (
    <>
      <Controller
        name="locationId"
        control={form.control}
        render={({ field, fieldState }) => (
          <LocationSelect
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            pending={pending}
            disabled={locationLocked}
            // SPEC 5: shown when the control has errors and was changed (or a submit was tried).
            error={fieldState.isDirty || isSubmitted ? fieldState.error?.message : undefined}
          />
        )}
      />
      <TextField
        label="RO Number"
        autoComplete="off"
        inputMode="text"
        autoFocus={autoFocusRoNumber}
        {...roNumber}
        ref={(el) => {
          roNumber.ref(el);
          focusRef(el);
        }}
        error={roNumberShown ? errors.roNumber?.message : undefined}
      />
    </>
  );
}
