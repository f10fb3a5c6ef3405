/** The coupon-redemptions report (issue 14): being built. */
import type { ReportDefinition } from './definition';

export const couponRedemptionsReport: ReportDefinition = {
  name: 'coupon-redemptions',
  readModels: [],
  async answer() {
    throw new Error('The coupon-redemptions report is not built yet.');
  },
  // eslint-disable-next-line require-yield
  async *stream() {
    throw new Error('The coupon-redemptions report is not built yet.');
  },
};
