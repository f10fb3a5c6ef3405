// POST /api/paper-books: finds a book the system does not know by its sale RO in the DMS data (location, sale
// RO # and the pack printed on the book) and adds it; 404 when that RO is not in the DMS data (book-ro-not-found).
import type { ApiEnvelope, PaperBookAnswer, PaperBookLookupRequest } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { usePaperBookCommand, type PaperBookMutationOptions } from './paper-book-command';

export async function findPaperBook(input: PaperBookLookupRequest): Promise<PaperBookAnswer> {
  const response = await api.post<ApiEnvelope<PaperBookAnswer>>('/api/paper-books', input);
  return response.dataSet;
}

export function useFindPaperBook(options: PaperBookMutationOptions<PaperBookLookupRequest, PaperBookAnswer> = {}) {
  return usePaperBookCommand(findPaperBook, options);
}
