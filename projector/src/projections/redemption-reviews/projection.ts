/** Read model `redemption_reviews` (issue 12). Being built. */
import { REDEMPTION_REVIEW_EVENT_TYPES } from '@dealer/contracts';
import type { Projection } from '../../projection';

export const redemptionReviews: Projection = {
  name: 'redemption_reviews',
  schema: 'rm_redemption_reviews',
  handles: new Set<string>(REDEMPTION_REVIEW_EVENT_TYPES),
  async createTables() {},
  async applyBatch() {},
};
