/** The invoice-summary-v2 report (issue 14): being built. */
import type { ReportDefinition } from './definition';

export const invoiceSummaryV2Report: ReportDefinition = {
  name: 'invoice-summary-v2',
  readModels: [],
  async answer() {
    throw new Error('The invoice-summary-v2 report is not built yet.');
  },
  // eslint-disable-next-line require-yield
  async *stream() {
    throw new Error('The invoice-summary-v2 report is not built yet.');
  },
};
