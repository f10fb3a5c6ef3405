// A form's failed save (SPEC 8): every message of the answer is an error toast (the fallback when it has
// none), and each message the server gave for a field also marks that field.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../../../lib/api-error';
import { toast } from '../toaster/toast-store';

export function saveErrorHandler<T extends FieldValues>(setError: UseFormSetError<T>, fieldOf: (field: string) => Path<T> | null, fallback: string) {
  return (error: ApiError) => {
    toast.errors(error.messages.length ? error.messages : [fallback]);
    for (const [field, message] of Object.entries(error.fields)) {
      const target = fieldOf(field);
      if (target) setError(target, { message });
    }
  };
}
