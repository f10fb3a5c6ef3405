/** The auditor's customer history (GET /api/customers/{id}/history), shared by the query API and the web client. */
import { formatMoney } from '../money/format';
import type { Money } from '../money/index';

/** One field an event changed (before and after; withheld personal values arrive replaced). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One recorded event in the auditor's timeline. */
export interface TimelineEntry {
  eventId: string;
  streamId: string;
  revision: number;
  globalPosition: string;
  type: string;
  summary: string;
  time: string;
  actor: string;
  /** The staff member's name for a `user:<id>` actor (directory data, not personal data of the customer). */
  actorName: string | null;
  correlationId: string;
  causationId: string | null;
  changes: FieldChange[];
  personalDataErased: boolean;
}

export interface CustomerHistory {
  customerId: string;
  asOf: string | null;
  /** False for controllers: personal values arrive replaced by the server. */
  personalDataShown: boolean;
  state: Record<string, unknown>;
  /** Oldest first, as recorded. */
  entries: TimelineEntry[];
}

/**
 * Every event type the timeline can show, in plain English for people (the auditor reads these, not
 * `CustomerContactVerificationSent`). The timeline's summary adds the particulars (channel, RO#).
 */
export const HISTORY_EVENT_NAMES: Readonly<Record<string, string>> = {
  CustomerCreated: 'Customer created',
  EmployeeCreated: 'Employee customer created',
  CustomerEdited: 'Profile edited',
  CustomerRegistered: 'Customer registered an account',
  RegistrationMessageRequested: 'Registration message requested',
  RegistrationMessageSent: 'Registration message sent',
  CustomerContactChangeRequested: 'Contact change requested',
  CustomerContactVerificationSent: 'Contact change verification sent',
  CustomerContactChangeConfirmed: 'Contact change confirmed',
  CustomerContactChangeDeclined: 'Contact change declined',
  AppEventTriggered: 'App event',
  CustomerPersonalDataErased: 'Personal data erased',
  CustomerMarketingConsentChanged: 'Reminder consent changed',
  RedemptionVerificationStarted: 'Redemption verification started',
  RedemptionVerificationResendRequested: 'Redemption verification to be sent again',
  RedemptionVerificationSent: 'Redemption verification sent',
  RedemptionVerificationAnswered: 'Redemption verification answered',
  RedemptionVerificationExpired: 'Redemption verification expired',
  RedemptionVerificationOverridden: "Redemption verification accepted on the customer's behalf",
  RedemptionVerificationOverrideNoticeSent: 'Customer notified of the accepted verification',
  PackSold: 'Pack sold',
  PackSaleFinalised: 'Pack sale final',
  PackSaleLocationCorrected: "Pack sale's location corrected",
  PackSaleVoided: 'Pack sale voided',
  CouponRedeemed: 'Coupon redeemed',
  CouponRedemptionAwaitingVerification: "Coupon held for the customer's verification",
  CouponRedemptionReleased: 'Held coupon released',
  CouponRedemptionVoided: 'Coupon redemption voided',
  CouponRedemptionRoChanged: "Coupon redemption's RO changed",
  IssuedCouponWithdrawn: 'Coupon withdrawn by a pack sale void',
  IssuedCouponReinstated: 'Coupon given back',
  PaperBookRegistered: 'Paper coupon book registered',
  PaperCouponRedeemed: 'Paper coupon redeemed',
  PaperCouponRedemptionVoided: 'Paper coupon redemption voided',
  PaperBookConverted: 'Paper coupon book converted',
  RedemptionReviewKept: 'Redemption on a voided RO kept',
  CouponExpiryReminderSent: 'Coupon expiry reminder sent',
};

/** The plain-English name of an event type; a type added later without a name still reads as words ('Some thing happened'). */
export function historyEventName(type: string): string {
  const known = HISTORY_EVENT_NAMES[type];
  if (known) return known;
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Coupon events a customer's history shows (issue 12): their pack sales (streams `pack-sale-*`),
 * issued coupons (`issued-coupon-*`), converted paper books (`paper-book-*`) and the reviews of
 * their redemptions on voided ROs (`redemption-review-*`). Their facts are about a sale, a coupon
 * or an RO, not the customer's profile: the summary tells them, they change no profile field.
 */
export const COUPON_HISTORY_EVENT_TYPES: ReadonlySet<string> = new Set([
  'PackSold',
  'PackSaleFinalised',
  'PackSaleLocationCorrected',
  'PackSaleVoided',
  'CouponRedeemed',
  'CouponRedemptionAwaitingVerification',
  'CouponRedemptionReleased',
  'CouponRedemptionVoided',
  'CouponRedemptionRoChanged',
  'IssuedCouponWithdrawn',
  'IssuedCouponReinstated',
  'PaperBookRegistered',
  'PaperCouponRedeemed',
  'PaperCouponRedemptionVoided',
  'PaperBookConverted',
  'RedemptionReviewKept',
]);

/** Names the summaries need that events carry only as ids. */
export interface HistoryNames {
  /** The location's name (DMS reference data); null when unknown. */
  locationName?: (locationId: number) => string | null;
}

type Data = Record<string, unknown>;
const text = (v: unknown, fallback = '?') => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : fallback);
const money = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? formatMoney(v as Money) : '?');
const obj = (v: unknown): Data => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Data) : {});
const because = (label: 'reason' | 'note', v: unknown) => (typeof v === 'string' && v.trim() !== '' ? ` (${label}: ${v.trim()})` : '');

/**
 * The plain-English summaries of the coupon events, for one customer's timeline. Stateful: it
 * learns coupon and pack names from the events it has seen (a PackSold names every coupon it
 * issued; a redemption names its coupon), because a void, a release or a withdrawal carries only
 * ids. Feed it the events oldest first; `summary` answers null for a type it does not know.
 */
export function couponHistorySummarizer(names: HistoryNames = {}) {
  const couponNames = new Map<string, string>(); // issuedCouponId, paperCouponId or redemptionId -> coupon name
  const packNames = new Map<string, string>(); // saleId or book number -> pack name
  const location = (id: unknown) => {
    const name = typeof id === 'number' ? names.locationName?.(id) : null;
    return name ?? `location ${text(id)}`;
  };
  const coupon = (...keys: unknown[]) => {
    for (const k of keys) if (typeof k === 'string' && couponNames.has(k)) return couponNames.get(k)!;
    return 'a coupon';
  };
  const learnCoupon = (name: unknown, ...keys: unknown[]) => {
    if (typeof name !== 'string') return;
    for (const k of keys) if (typeof k === 'string') couponNames.set(k, name);
  };
  const named = (name: string) => (name === 'a coupon' ? name : `coupon ${name}`);
  const pack = (key: unknown) => (typeof key === 'string' && packNames.has(key) ? packNames.get(key)! : 'a pack');
  const learnPack = (key: unknown, snapshot: unknown) => {
    const p = obj(snapshot);
    if (typeof key === 'string' && typeof p.name === 'string') packNames.set(key, p.name);
    const couponNameOf = new Map<string, string>();
    for (const item of Array.isArray(p.items) ? p.items : []) {
      const i = obj(item);
      const name = obj(i.coupon).name;
      if (typeof i.couponId === 'string' && typeof name === 'string') couponNameOf.set(i.couponId, name);
    }
    return couponNameOf;
  };

  const SUMMARIES: Record<string, (d: Data) => string> = {
    PackSold: (d) => {
      const couponNameOf = learnPack(d.saleId, d.pack);
      for (const c of Array.isArray(d.coupons) ? d.coupons : []) {
        const ic = obj(c);
        const name = typeof ic.couponId === 'string' ? couponNameOf.get(ic.couponId) : undefined;
        if (typeof ic.issuedCouponId === 'string' && name) couponNames.set(ic.issuedCouponId, name);
      }
      const count = Array.isArray(d.coupons) ? d.coupons.length : 0;
      const coupons = `${count} coupon${count === 1 ? '' : 's'}`;
      if (typeof d.paperBookNumber === 'string') return `Paper book ${d.paperBookNumber} converted to pack ${pack(d.saleId)} (${coupons}; paid for on paper)`;
      const pending = d.status === 'pending' ? ', pending until the RO closes' : '';
      const override = obj(d.priceOverride).reason ? ` (price set by a manager: ${text(obj(d.priceOverride).reason)})` : '';
      return `Bought pack ${pack(d.saleId)} on RO# ${text(d.saleRoNumber)} at ${location(d.locationId)} for ${money(d.total)} (${coupons}${pending})${override}`;
    },
    PackSaleFinalised: (d) => (d.via === 'ro-closed' ? `Pack sale of ${pack(d.saleId)} final: its RO closed` : `Pack sale of ${pack(d.saleId)} finalised by a manager`),
    PackSaleLocationCorrected: (d) => `Pack sale of ${pack(d.saleId)} moved from ${location(d.fromLocationId)} to ${location(d.toLocationId)}${because('reason', d.reason)}`,
    PackSaleVoided: (d) => `Pack sale of ${pack(d.saleId)} voided, ${money(d.refund)} refunded${because('reason', d.reason)}`,
    CouponRedeemed: (d) => {
      learnCoupon(d.couponName, d.issuedCouponId, d.redemptionId);
      const verified = d.via === 'verification' ? " after the customer's verification" : '';
      return `Redeemed ${named(coupon(d.redemptionId))} on RO# ${text(d.roNumber)} at ${location(d.locationId)} (${money(d.amount)} off)${verified}`;
    },
    CouponRedemptionAwaitingVerification: (d) => {
      learnCoupon(d.couponName, d.issuedCouponId, d.redemptionId);
      return `${cap(named(coupon(d.redemptionId)))} held on RO# ${text(d.roNumber)} at ${location(d.locationId)} until the customer verifies op code ${text(obj(d.line).opCode)}`;
    },
    CouponRedemptionReleased: (d) =>
      `${cap(named(coupon(d.redemptionId, d.issuedCouponId)))} released from RO# ${text(d.roNumber)}: the customer's verification ${d.outcome === 'expired' ? 'expired' : 'was declined'}`,
    CouponRedemptionVoided: (d) =>
      `Voided the redemption of ${named(coupon(d.redemptionId, d.issuedCouponId))} on RO# ${text(d.roNumber)} at ${location(d.locationId)} (${money(d.amount)} no longer off)${because('reason', d.reason)}`,
    CouponRedemptionRoChanged: (d) => {
      const from = obj(d.from);
      const to = obj(d.to);
      const where = from.locationId === to.locationId ? ` at ${location(to.locationId)}` : '';
      const fromText = `RO# ${text(from.roNumber)}${where ? '' : ` at ${location(from.locationId)}`}`;
      const toText = `RO# ${text(to.roNumber)}${where ? '' : ` at ${location(to.locationId)}`}`;
      return `Moved the redemption of ${named(coupon(d.redemptionId, d.issuedCouponId))} from ${fromText} to ${toText}${where} (${money(to.amount)} off)`;
    },
    IssuedCouponWithdrawn: (d) => `${cap(named(coupon(d.issuedCouponId)))} withdrawn while its pack sale is voided`,
    IssuedCouponReinstated: (d) => `${cap(named(coupon(d.issuedCouponId)))} given back: its pack sale was not voided`,
    PaperBookRegistered: (d) => {
      const couponNameOf = learnPack(d.bookNumber, d.pack);
      for (const c of Array.isArray(d.coupons) ? d.coupons : []) {
        const pc = obj(c);
        const name = typeof pc.couponId === 'string' ? couponNameOf.get(pc.couponId) : undefined;
        if (typeof pc.paperCouponId === 'string' && name) couponNames.set(pc.paperCouponId, name);
      }
      return `Paper book ${text(d.bookNumber)} of pack ${pack(d.bookNumber)} registered: sold on RO# ${text(d.saleRoNumber)} at ${location(d.locationId)}`;
    },
    PaperCouponRedeemed: (d) => {
      learnCoupon(d.couponName, d.redemptionId, d.paperCouponId);
      return `Redeemed paper coupon #${text(d.paperCouponNumber)} (${coupon(d.redemptionId, d.paperCouponId)}) of book ${text(d.bookNumber)} on RO# ${text(d.roNumber)} at ${location(d.locationId)} (${money(d.amount)} off)`;
    },
    PaperCouponRedemptionVoided: (d) =>
      `Voided the redemption of paper coupon #${text(d.paperCouponNumber)} of book ${text(d.bookNumber)} on RO# ${text(d.roNumber)} at ${location(d.locationId)}${because('reason', d.reason)}`,
    PaperBookConverted: (d) => {
      const count = Array.isArray(d.convertedCouponNumbers) ? d.convertedCouponNumbers.length : 0;
      return `Paper book ${text(d.bookNumber)} converted to the digital pack: ${count} coupon${count === 1 ? '' : 's'} worth ${money(d.convertedValue)}`;
    },
    RedemptionReviewKept: (d) => {
      const what = d.kind === 'paper' ? `paper coupon ${coupon(d.redemptionId, d.issuedCouponId)} of book ${text(d.bookNumber)}` : named(coupon(d.redemptionId, d.issuedCouponId));
      return `Kept the redemption of ${what} on RO# ${text(d.roNumber)} at ${location(d.locationId)}, which the DMS shows voided${because('note', d.note)}`;
    },
  };

  return {
    summary(type: string, data: unknown): string | null {
      const summarize = SUMMARIES[type];
      return summarize ? summarize(obj(data)) : null;
    },
  };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
