// GET /api/paper-books/{bookNumber}: one paper book with its coupons; 404 when the system does not know it
// (the not-found-in-system situation, which the wizard answers with the find-by-sale-RO form).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, PaperBookView } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { paperBookKeys } from './paper-book-keys';

export async function getPaperBook(bookNumber: string, signal?: AbortSignal): Promise<PaperBookView> {
  const response = await api.get<ApiEnvelope<PaperBookView>>(`/api/paper-books/${encodeURIComponent(bookNumber)}`, { signal });
  return response.dataSet;
}

export const getPaperBookQueryOptions = (bookNumber: string) =>
  queryOptions({
    queryKey: paperBookKeys.book(bookNumber),
    queryFn: ({ signal }) => getPaperBook(bookNumber, signal),
  });

/** The book of the wizard's `?book=`; nothing is fetched without one. */
export function usePaperBook(bookNumber: string | null) {
  return useQuery({ ...getPaperBookQueryOptions(bookNumber ?? ''), enabled: bookNumber !== null });
}

/** The query failed because the book is not in the system (not a network or server failure). */
export const isBookNotFound = (error: unknown) => isApiError(error) && error.status === 404;
