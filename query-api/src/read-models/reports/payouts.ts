/** The payouts report (issue 14): being built. */
import type { ReportDefinition } from './definition';

export const payoutsReport: ReportDefinition = {
  name: 'payouts',
  readModels: [],
  async answer() {
    throw new Error('The payouts report is not built yet.');
  },
  // eslint-disable-next-line require-yield
  async *stream() {
    throw new Error('The payouts report is not built yet.');
  },
};
