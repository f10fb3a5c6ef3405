/** Every report's definition, by name (issue 14). */
import type { ReportName } from '@dealer/contracts';
import type { ReportDefinition } from './definition';
import { couponSalesReport } from './coupon-sales';
import { couponSalesV2Report } from './coupon-sales-v2';
import { couponRedemptionsReport } from './coupon-redemptions';
import { couponRedemptionsV2Report } from './coupon-redemptions-v2';
import { payoutsReport } from './payouts';
import { expiredReport } from './expired';
import { invoiceSummaryReport } from './invoice-summary';
import { invoiceSummaryV2Report } from './invoice-summary-v2';
import { expiryRemindersReport } from '../coupon-reminders/report';

export type { ReportDefinition, ReportBody } from './definition';

export const REPORT_DEFINITIONS: Readonly<Record<ReportName, ReportDefinition>> = {
  'coupon-sales': couponSalesReport,
  'coupon-sales-v2': couponSalesV2Report,
  'coupon-redemptions': couponRedemptionsReport,
  'coupon-redemptions-v2': couponRedemptionsV2Report,
  payouts: payoutsReport,
  expired: expiredReport,
  'invoice-summary': invoiceSummaryReport,
  'invoice-summary-v2': invoiceSummaryV2Report,
  'expiry-reminders': expiryRemindersReport,
};
