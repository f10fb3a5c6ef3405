/** Every projection the projector runs. */
import type { Projection } from './projection';
import { customerDetails } from './customer-details/projection';
import { customerSearch } from './customer-search/projection';
import { users } from './users/projection';
import { userRoles } from './user-roles/projection';
import { pendingApprovals } from './pending-approvals/projection';
import { opCodeRules } from './opcode-rules/projection';
import { couponCatalogue } from './coupon-catalogue/projection';
import { packCatalogue } from './pack-catalogue/projection';
import { packSales } from './pack-sales/projection';
import { paperBooks } from './paper-books/projection';
import { redemptionReviews } from './redemption-reviews/projection';
import { reports } from './reports/projection';
import { liability } from './liability/projection';
import { onlineOrders } from './online-orders/projection';
import { training } from './training/projection';
import { couponReminders } from './coupon-reminders/projection';

export const projections: Projection[] = [customerDetails, customerSearch, users, userRoles, pendingApprovals, opCodeRules, couponCatalogue, packCatalogue, packSales, paperBooks, redemptionReviews, reports, liability, onlineOrders, training, couponReminders];
