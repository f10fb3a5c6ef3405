/** The coupon-sales report (issue 14): being built. */
import type { ReportDefinition } from './definition';

export const couponSalesReport: ReportDefinition = {
  name: 'coupon-sales',
  readModels: [],
  async answer() {
    throw new Error('The coupon-sales report is not built yet.');
  },
  // eslint-disable-next-line require-yield
  async *stream() {
    throw new Error('The coupon-sales report is not built yet.');
  },
};
