// useFormDraft for a react-hook-form form: its watched values are the draft's; Restore sets each kept field (dirty,
// touched and validated, as typing it would).
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { FORM_DRAFT_FORMS, type DraftFieldKind, type FormDraftOpening } from '@dealer/contracts';
import { useFormDraft, type FormDraft } from './use-form-draft';

/** A kept value as the form's field takes it: an absent text is '', an absent list [], an absent switch off. */
function fieldValue(kind: DraftFieldKind | undefined, value: unknown): unknown {
  if (value !== null) return value;
  return kind?.kind === 'list' ? [] : kind?.kind === 'flag' ? false : '';
}

export function useReactHookFormDraft<T extends FieldValues>(form: UseFormReturn<T>, opening: FormDraftOpening | null): FormDraft {
  const values = useWatch({ control: form.control }) as Record<string, unknown>;
  return useFormDraft({
    opening,
    values,
    dirty: form.formState.isDirty,
    onRestore: (restored) => {
      const fields: Record<string, DraftFieldKind> | undefined = opening ? FORM_DRAFT_FORMS[opening.formId].fields : undefined;
      for (const [name, value] of Object.entries(restored)) {
        form.setValue(name as Path<T>, fieldValue(fields?.[name], value) as PathValue<T, Path<T>>, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
      }
    },
  });
}
