/** Issue 11: read model `pack_sales`, filled in by the read-side work. */
import type { Projection } from '../../projection';

export const packSales: Projection = {
  name: 'pack_sales',
  schema: 'rm_pack_sales',
  handles: new Set<string>(),
  async createTables() {},
  async applyBatch() {},
};
