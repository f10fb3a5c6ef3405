/**
 * Read model `liability` (issue 14): the contract liability of prepaid packs per location and
 * local day, for the expired report's roll-forward, ageing, breakage and what falls due.
 * Being built.
 */
import type { Projection } from '../../projection';

export const LIABILITY_PROJECTION = 'liability';

export const liability: Projection = {
  name: LIABILITY_PROJECTION,
  schema: 'rm_liability',
  handles: new Set<string>([]),
  async createTables() {},
  async applyBatch() {},
};
