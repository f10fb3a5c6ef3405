// What the paper-book commands share: a mutation hook that re-reads the book once the command is done (the
// api-client's read position makes the re-read see it), so its coupons show the change.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error';
import { paperBookKeys } from './paper-book-keys';

export type PaperBookMutationOptions<TInput, TAnswer> = Omit<UseMutationOptions<TAnswer, ApiError, TInput>, 'mutationFn'>;

export function usePaperBookCommand<TInput extends { bookNumber: string }, TAnswer>(
  run: (input: TInput) => Promise<TAnswer>,
  options: PaperBookMutationOptions<TInput, TAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: run,
    onSuccess: async (answer, input, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: paperBookKeys.book(input.bookNumber) });
      await options.onSuccess?.(answer, input, ...rest);
    },
  });
}
