/** The invoice-summary report (issue 14): being built. */
import type { ReportDefinition } from './definition';

export const invoiceSummaryReport: ReportDefinition = {
  name: 'invoice-summary',
  readModels: [],
  async answer() {
    throw new Error('The invoice-summary report is not built yet.');
  },
  // eslint-disable-next-line require-yield
  async *stream() {
    throw new Error('The invoice-summary report is not built yet.');
  },
};
