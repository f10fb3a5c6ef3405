// The repair-order shapes of SPEC 3 (from contracts, as GET /api/ro-data answers them) and how an RO is shown.
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, type RepairOrder } from '@dealer/contracts';

export { LABOR_TYPES } from '@dealer/contracts';
export type { AccountingDetail, LaborType, RepairOrder, RoInput, RoJob, RoTotals } from '@dealer/contracts';

export type RoStatus = 'Open' | 'Closed' | 'Voided';

export function roStatus(ro: Pick<RepairOrder, 'isClosed' | 'isVoided'>): RoStatus {
  if (ro.isVoided) return 'Voided';
  return ro.isClosed ? 'Closed' : 'Open';
}

const money = new Intl.NumberFormat(DEFAULT_LOCALE, { style: 'currency', currency: DEFAULT_CURRENCY });
export const formatMoney = (amount: number | null | undefined) => money.format(amount ?? 0);
