/** Issue 11: read model `coupon_catalogue`, filled in by the read-side work. */
import type { Projection } from '../../projection';

export const couponCatalogue: Projection = {
  name: 'coupon_catalogue',
  schema: 'rm_coupon_catalogue',
  handles: new Set<string>(),
  async createTables() {},
  async applyBatch() {},
};
