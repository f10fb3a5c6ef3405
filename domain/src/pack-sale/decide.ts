/**
 * Commands of one pack sale and the decider (issue 11): sell (pending while the sale RO is open
 * in the DMS data, final when it is closed), finalise (an import saw the RO closed, or a
 * manager), correct the sold location (recorded with who and why), void (a manager, with a
 * reason, while none of its coupons is used). Pure: the pack, its coupon definitions, the
 * location, the RO's state, the coupons already used, the clock and the id generator all
 * arrive in the command.
 */
import {
  addMoney,
  checkReason,
  endOfLocalDay,
  isValidTimeZone,
  issueCoupons,
  localDateOf,
  PACK_SALE_LIMITS,
  PACK_SALE_MESSAGES,
  percentOf,
  standAloneValue,
  type Money,
  type PackSaleEvent,
  type PackSnapshot,
} from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';
import { evolvePackSale, initialPackSaleState, type PackSaleState } from './state';
import type { CouponDefinitionState } from '../coupon/state';
import type { PackState } from '../pack/state';

/** Who acts: managers (and admins, who hold the manager flag's rights) may override, finalise and void. */
export interface SaleActor {
  userId: string;
  isManager: boolean;
}

/** The location as the locations list knows it, with its IANA time zone. */
export interface SaleLocation {
  locationId: number;
  isUsingCrm: boolean;
  timeZone: string | null;
}

export interface SellPackData {
  saleId: string;
  customerId: string;
  /** The customer's Tax Exempt switch. */
  customerTaxExempt: boolean;
  /** The pack as the catalogue holds it now, and its coupons' definitions by couponId. */
  pack: PackState | null;
  coupons: Record<string, CouponDefinitionState | null>;
  location: SaleLocation;
  saleRoNumber: string;
  /** The sale RO in the DMS data: open, closed, or not imported yet. */
  roStatus: 'open' | 'closed' | 'unknown';
  /** Null: the pack's price. Another amount is a manager's override and needs a reason. */
  price: Money | null;
  priceOverrideReason: string | null;
  /** The location's sales tax rate (basis points); ignored for a tax-exempt customer. */
  taxRateBasisPoints: number;
  /** The vehicle's mileage on the sale RO, when known. */
  mileageAtSale: number | null;
  actor: SaleActor;
  now: Date;
  newId: () => string;
  /** The online order the sale fulfils (the buyer's own pack, or a gift's claim); recorded on PackSold. */
  onlineOrderId?: string;
}

export type PackSaleCommand =
  | { type: 'SellPack'; data: SellPackData }
  | { type: 'FinalisePackSale'; data: { via: 'ro-closed' | 'manager'; actor: SaleActor; now: Date } }
  | { type: 'CorrectPackSaleLocation'; data: { location: SaleLocation; reason: string | null; actor: SaleActor; now: Date } }
  | { type: 'VoidPackSale'; data: { reason: string | null; usedCouponIds: readonly string[]; actor: SaleActor; now: Date } };

const invalid = (message: string, field?: string) => new DomainError('validation', [message], field ? { [field]: message } : undefined);

function assertLocation(location: SaleLocation, sellingLocationIds: readonly number[]): string {
  if (!location.isUsingCrm) throw invalid(PACK_SALE_MESSAGES.locationNotUsingCrm, 'locationId');
  if (!sellingLocationIds.includes(location.locationId)) throw invalid(PACK_SALE_MESSAGES.locationNotSelling, 'locationId');
  if (!isValidTimeZone(location.timeZone)) throw invalid(PACK_SALE_MESSAGES.locationTimeZoneMissing, 'locationId');
  return location.timeZone;
}

function reasonOrThrow(raw: string | null, requiredMessage: string, field: string): string {
  const r = checkReason(raw, requiredMessage);
  if ('error' in r) throw invalid(r.error, field);
  return r.value;
}

/** The pack and its coupons' terms as sold: later catalogue edits never reach the sale. */
function snapshotOf(pack: PackState, coupons: Record<string, CouponDefinitionState | null>): PackSnapshot {
  const items = pack.items.map((item) => {
    const coupon = coupons[item.couponId];
    if (!coupon || coupon.couponId !== item.couponId || coupon.status !== 'active') {
      throw new DomainError('conflict', [PACK_SALE_MESSAGES.couponUnavailable(coupon?.terms.name ?? item.couponId)]);
    }
    return { couponId: item.couponId, quantity: item.quantity, coupon: coupon.terms, standAloneValue: standAloneValue(coupon.terms.value) };
  });
  const { name, description, price, termMonths, termMileage, locationIds } = pack.terms;
  return { packId: pack.packId, name, description, listPrice: price, termMonths, termMileage, locationIds, items };
}

function sell(d: SellPackData, state: PackSaleState | null): PackSaleEvent[] {
  if (state) {
    // A retried sale (same id, same customer, pack, RO and location) records nothing.
    const same = state.customerId === d.customerId && state.pack.packId === d.pack?.packId && state.saleRoNumber === d.saleRoNumber && state.locationId === d.location.locationId;
    if (same) return [];
    throw new DomainError('conflict', [PACK_SALE_MESSAGES.alreadySold]);
  }
  const pack = d.pack;
  if (!pack) throw new DomainError('not_found', [PACK_SALE_MESSAGES.packNotFound]);
  if (pack.status !== 'active') throw new DomainError('conflict', [PACK_SALE_MESSAGES.packDisabled]);
  if (pack.items.length === 0) throw new DomainError('conflict', [PACK_SALE_MESSAGES.packEmpty]);
  const timeZone = assertLocation(d.location, pack.terms.locationIds);
  const snapshot = snapshotOf(pack, d.coupons);
  const soldOn = localDateOf(d.now, timeZone);
  for (const item of snapshot.items) {
    if (item.coupon.validity.kind === 'fixedDate' && item.coupon.validity.date < soldOn) {
      throw new DomainError('conflict', [PACK_SALE_MESSAGES.couponAlreadyExpired(item.coupon.name, item.coupon.validity.date)]);
    }
  }

  const listPrice = snapshot.listPrice;
  const price = d.price ?? listPrice;
  let priceOverride: { reason: string } | null = null;
  if (price !== listPrice) {
    if (!d.actor.isManager) throw new DomainError('forbidden', [PACK_SALE_MESSAGES.priceOverrideManagersOnly]);
    priceOverride = { reason: reasonOrThrow(d.priceOverrideReason, PACK_SALE_MESSAGES.priceOverrideReasonRequired, 'priceOverrideReason') };
  }
  const rate = d.taxRateBasisPoints;
  if (!Number.isInteger(rate) || rate < 0 || rate > PACK_SALE_LIMITS.taxRateMaxBasisPoints) throw invalid(PACK_SALE_MESSAGES.taxRateInvalid);
  const taxRateBasisPoints = d.customerTaxExempt ? 0 : rate;
  const tax = percentOf(price, taxRateBasisPoints, 'half-up');
  const mileage = d.mileageAtSale;
  if (mileage !== null && (!Number.isInteger(mileage) || mileage < 0 || mileage > PACK_SALE_LIMITS.mileageMax)) throw invalid(PACK_SALE_MESSAGES.mileageInvalid);

  return [
    {
      type: 'PackSold',
      data: {
        saleId: d.saleId,
        customerId: d.customerId,
        pack: snapshot,
        locationId: d.location.locationId,
        timeZone,
        saleRoNumber: d.saleRoNumber,
        soldAt: d.now.toISOString(),
        soldOn,
        soldBy: d.actor.userId,
        listPrice,
        price,
        priceOverride,
        taxExempt: d.customerTaxExempt,
        taxRateBasisPoints,
        tax,
        total: addMoney(price, tax),
        status: d.roStatus === 'closed' ? 'final' : 'pending',
        mileageAtSale: mileage,
        mileageLimit: mileage !== null && snapshot.termMileage !== null ? mileage + snapshot.termMileage : null,
        coupons: issueCoupons({ pack: snapshot, price, soldOn, timeZone, newId: d.newId }),
        ...(d.onlineOrderId !== undefined ? { onlineOrderId: d.onlineOrderId } : {}),
      },
    },
  ];
}

export function decidePackSale(command: PackSaleCommand, state: PackSaleState | null): PackSaleEvent[] {
  if (command.type === 'SellPack') return sell(command.data, state);
  if (!state) throw new DomainError('not_found', [PACK_SALE_MESSAGES.notFound]);
  const { saleId, customerId } = state;
  switch (command.type) {
    case 'FinalisePackSale': {
      const { via, actor, now } = command.data;
      if (via === 'manager' && !actor.isManager) throw new DomainError('forbidden', [PACK_SALE_MESSAGES.finaliseManagersOnly]);
      if (state.status === 'final') return [];
      if (state.status === 'voided') {
        // An import replaying a closed RO does not trouble a voided sale; a manager is told.
        if (via === 'ro-closed') return [];
        throw new DomainError('conflict', [PACK_SALE_MESSAGES.voided]);
      }
      return [{ type: 'PackSaleFinalised', data: { saleId, customerId, via, finalisedAt: now.toISOString(), by: actor.userId } }];
    }
    case 'CorrectPackSaleLocation': {
      const { location, actor, now } = command.data;
      if (state.status === 'voided') throw new DomainError('conflict', [PACK_SALE_MESSAGES.voided]);
      if (location.locationId === state.locationId) return [];
      const timeZone = assertLocation(location, state.pack.locationIds);
      const reason = reasonOrThrow(command.data.reason, PACK_SALE_MESSAGES.correctionReasonRequired, 'reason');
      return [
        {
          type: 'PackSaleLocationCorrected',
          data: {
            saleId,
            customerId,
            fromLocationId: state.locationId,
            toLocationId: location.locationId,
            timeZone,
            reason,
            by: actor.userId,
            correctedAt: now.toISOString(),
            coupons: state.coupons.map((c) => ({ issuedCouponId: c.issuedCouponId, expiresAt: endOfLocalDay(c.expiresOn, timeZone).toISOString() })),
          },
        },
      ];
    }
    case 'VoidPackSale': {
      const { actor, now, usedCouponIds } = command.data;
      if (!actor.isManager) throw new DomainError('forbidden', [PACK_SALE_MESSAGES.voidManagersOnly]);
      if (state.status === 'voided') return [];
      const reason = reasonOrThrow(command.data.reason, PACK_SALE_MESSAGES.voidReasonRequired, 'reason');
      if (state.coupons.some((c) => usedCouponIds.includes(c.issuedCouponId))) throw new DomainError('conflict', [PACK_SALE_MESSAGES.voidCouponUsed]);
      return [
        {
          type: 'PackSaleVoided',
          data: {
            saleId,
            customerId,
            locationId: state.locationId,
            reason,
            by: actor.userId,
            voidedAt: now.toISOString(),
            refund: state.total,
            refundTax: state.tax,
            voidedCouponIds: state.coupons.map((c) => c.issuedCouponId),
            wasStatus: state.status,
          },
        },
      ];
    }
  }
}

export const packSaleDecider: Decider<PackSaleState | null, PackSaleCommand, PackSaleEvent> = {
  initialState: initialPackSaleState,
  evolve: evolvePackSale,
  decide: decidePackSale,
};
