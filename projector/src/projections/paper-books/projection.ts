/** Read model `paper_books` (issue 12). Being built. */
import { PAPER_BOOK_EVENT_TYPES } from '@dealer/contracts';
import type { Projection } from '../../projection';

export const paperBooks: Projection = {
  name: 'paper_books',
  schema: 'rm_paper_books',
  handles: new Set<string>(PAPER_BOOK_EVENT_TYPES),
  async createTables() {},
  async applyBatch() {},
};
