/** The expired report (issue 14): being built. */
import type { ReportDefinition } from './definition';

export const expiredReport: ReportDefinition = {
  name: 'expired',
  readModels: [],
  async answer() {
    throw new Error('The expired report is not built yet.');
  },
  // eslint-disable-next-line require-yield
  async *stream() {
    throw new Error('The expired report is not built yet.');
  },
};
