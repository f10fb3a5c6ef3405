// POST /api/paper-books/{bookNumber}/conversion: moves the book's unused, unexpired coupons into a digital pack
// of the customer; the answer says whether a registration e-mail went out ('sent'), the customer already has an
// account ('registered') or has no e-mail ('no-email', see the customer-no-email help page).
import type { ApiEnvelope, PaperConversionAnswer } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { usePaperBookCommand, type PaperBookMutationOptions } from './paper-book-command';

export interface ConvertPaperBookInput {
  bookNumber: string;
  customerId: string;
}

export async function convertPaperBook({ bookNumber, customerId }: ConvertPaperBookInput): Promise<PaperConversionAnswer> {
  const response = await api.post<ApiEnvelope<PaperConversionAnswer>>(`/api/paper-books/${encodeURIComponent(bookNumber)}/conversion`, { customerId });
  return response.dataSet;
}

export function useConvertPaperBook(options: PaperBookMutationOptions<ConvertPaperBookInput, PaperConversionAnswer> = {}) {
  return usePaperBookCommand(convertPaperBook, options);
}
