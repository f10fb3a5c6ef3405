/** Issue 11: read model `pack_catalogue`, filled in by the read-side work. */
import type { Projection } from '../../projection';

export const packCatalogue: Projection = {
  name: 'pack_catalogue',
  schema: 'rm_pack_catalogue',
  handles: new Set<string>(),
  async createTables() {},
  async applyBatch() {},
};
