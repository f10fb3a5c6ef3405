import { describe, expect, it } from 'vitest';
import {
  COUPON_REDEMPTION_MESSAGES as M,
  PACK_SALE_MESSAGES,
  cents,
  type CouponRedeemed,
  type CouponTerms,
  type IssuedCouponEvent,
  type RedemptionRo,
  type RedemptionRoJob,
  type RedemptionVerificationState,
  type SoldCoupon,
} from '@dealer/contracts';
import { soldCoupon } from '@dealer/contracts/coupon-redemptions/test-fixtures';
import { issuedCouponDecider, decideIssuedCoupon, type IssuedCouponCommand, type RedeemCouponData, type RedemptionActor, type SaleVoidData } from './decide';
import { given as givenEvents } from '../testing/given';
import { evolveIssuedCoupon, initialIssuedCouponState, type IssuedCouponState, issuedCouponStreamStatus } from './state';

const staff: RedemptionActor = { userId: 'u-staff', isManager: false };
const otherStaff: RedemptionActor = { userId: 'u-other', isManager: false };
const manager: RedemptionActor = { userId: 'u-manager', isManager: true };
const LA = 'America/Los_Angeles';
// 10:00 AM Mar 1 2026 in Los Angeles (PST, UTC-8).
const now = new Date('2026-03-01T18:00:00.000Z');

// Sold at location 2 (the redemptions below are at location 1).
const coupon = (overrides: Partial<SoldCoupon> = {}, termOverrides: Partial<CouponTerms> = {}): SoldCoupon => soldCoupon({ soldLocationId: 2, ...overrides }, termOverrides);
const job = (jobId: number, opCode: string, laborType: 'C' | 'W' | 'I', partsSale: number, laborSale: number, miscSale = 0): RedemptionRoJob => ({
  jobId,
  lineNo: jobId,
  opCode,
  laborType,
  partsSale: cents(partsSale),
  laborSale: cents(laborSale),
  miscSale: cents(miscSale),
});
const ro = (roNumber: string, jobs: RedemptionRoJob[], overrides: Partial<RedemptionRo> = {}): RedemptionRo => ({ roNumber, locationId: 1, voidDate: null, jobs, ...overrides });
// $42.10 parts + $44.70 labour + $4.95 misc = $91.75 on the LOF line.
const ro100 = ro('RO100', [job(1, 'TIR', 'C', 0, 2000), job(2, 'LOF', 'C', 4210, 4470, 495)]);

let ids = 0;
function redeemData(overrides: Partial<RedeemCouponData> = {}): RedeemCouponData {
  return {
    redemptionId: `r-${++ids}`,
    coupon: coupon(),
    customerId: 'cust-1',
    location: { locationId: 1, isUsingCrm: true, timeZone: LA },
    roNumber: 'RO100',
    ro: ro100,
    roRedemptions: [],
    verification: { ruleOpCodes: [], customerVerifiesRedemptions: false, current: null },
    actor: staff,
    now,
    ...overrides,
  };
}
const redeem = (overrides: Partial<RedeemCouponData> = {}): IssuedCouponCommand => ({ type: 'RedeemCoupon', data: redeemData(overrides) });
const voidIt = (redemptionId: string, actor: RedemptionActor = staff, at = now, reason: string | null = 'Entered on the wrong RO'): IssuedCouponCommand => ({
  type: 'VoidRedemption',
  data: { redemptionId, reason, actor, now: at },
});
const saleVoid = (overrides: Partial<SaleVoidData> = {}): SaleVoidData => ({ issuedCouponId: 'ic-1', couponId: 'oil', saleId: 'sale-1', customerId: 'cust-1', by: 'u-manager', now, ...overrides });

/** given(events).when(command) -> () => events (throws a DomainError when refused): the shared helper on the issuedCouponDecider. */
const given = (events: IssuedCouponEvent[]) => givenEvents(issuedCouponDecider, events);
/** Runs commands in turn, each against the events so far (as handle() does on the stream). */
function run(...commands: IssuedCouponCommand[]): IssuedCouponEvent[] {
  return commands.reduce<IssuedCouponEvent[]>((events, c) => [...events, ...given(events).when(c)()], []);
}
const redeemed = (overrides: Partial<RedeemCouponData> = {}) => given([]).when(redeem(overrides))()[0] as CouponRedeemed;

const verification = (overrides: Partial<RedemptionVerificationState> = {}): RedemptionVerificationState => ({
  redemptionVerificationId: 'rv-1',
  customerId: 'cust-1',
  locationId: 1,
  roNumber: 'RO100',
  type: 'email',
  opCodes: ['LOF'],
  opCodeDescriptions: { LOF: 'Oil and filter' },
  preApprovedOpCodes: [],
  customerVerifiesRedemptions: false,
  approvedOpCodes: [],
  declinedOpCodes: [],
  outcome: null,
  startedAt: now.toISOString(),
  expires: new Date(now.getTime() + 30 * 60_000).toISOString(),
  rateLimitSeconds: 60,
  sentDate: null,
  lastSendId: 's1',
  lastSendRequestedAt: now.toISOString(),
  sentSendIds: [],
  answeredAt: null,
  override: null,
  overrideNoticeSent: false,
  ...overrides,
});
const needsLof = (current: RedemptionVerificationState | null) => ({ verification: { ruleOpCodes: ['LOF'], customerVerifiesRedemptions: false, current } });

describe('redeeming a coupon', () => {
  it('should record the redemption with the RO line, the amount and everything reports need', () => {
    const event = redeemed({ redemptionId: 'r-a' });
    expect(event).toEqual({
      type: 'CouponRedeemed',
      data: {
        redemptionId: 'r-a',
        issuedCouponId: 'ic-1',
        couponId: 'oil',
        couponName: 'Oil and filter',
        saleId: 'sale-1',
        customerId: 'cust-1',
        soldLocationId: 2,
        locationId: 1,
        timeZone: LA,
        roNumber: 'RO100',
        line: { jobId: 2, lineNo: 2, opCode: 'LOF', laborType: 'C', lineTotal: 9175 },
        amount: 4000,
        allocatedValue: 3791,
        redeemedBy: 'u-staff',
        requestedAt: '2026-03-01T18:00:00.000Z',
        redeemedAt: '2026-03-01T18:00:00.000Z',
        redeemedOn: '2026-03-01',
        via: 'direct',
        redemptionVerificationId: null,
      },
    });
  });

  it('should take a percent of the line half-up, and the whole operation up to its maximum', () => {
    // 12.5 % of $91.75 = 1146.875 cents -> $11.47.
    expect(redeemed({ coupon: coupon({}, { value: { kind: 'percent', basisPoints: 1250, referencePrice: cents(9000) } }) }).data.amount).toBe(1147);
    // 50 % of $10.05 = 502.5 cents -> $5.03 (a tie rounds up).
    const cheap = ro('RO100', [job(1, 'LOF', 'C', 0, 1005)]);
    expect(redeemed({ ro: cheap, coupon: coupon({}, { value: { kind: 'percent', basisPoints: 5000, referencePrice: cents(1000) } }) }).data.amount).toBe(503);
    expect(redeemed({ coupon: coupon({}, { value: { kind: 'operation', maximum: cents(8000), referencePrice: cents(9000) } }) }).data.amount).toBe(8000);
    expect(redeemed({ ro: cheap, coupon: coupon({}, { value: { kind: 'operation', maximum: cents(8000), referencePrice: cents(9000) } }) }).data.amount).toBe(1005);
  });

  it('should redeem on the last local day in Los Angeles until midnight there, not midnight UTC', () => {
    // 11:30 PM Mar 31 PDT is 06:30 UTC on Apr 1.
    expect(redeemed({ now: new Date('2026-04-01T06:30:00.000Z') }).data.redeemedOn).toBe('2026-03-31');
    // 12:00 AM Apr 1 in Los Angeles.
    expect(given([]).when(redeem({ now: new Date('2026-04-01T07:00:00.000Z') }))).toThrow('This coupon expired on 03/31/2026.');
  });

  it('should redeem a coupon once: a second redemption, on any RO or location, is refused', () => {
    const first = redeemed();
    expect(given([first]).when(redeem())).toThrow(expect.objectContaining({ kind: 'conflict', errors: ['This coupon has already been used.'] }));
    expect(given([first]).when(redeem({ roNumber: 'RO200', ro: ro('RO200', [job(1, 'LOF', 'C', 0, 5000)]) }))).toThrow(M.alreadyUsed);
    expect(given([first]).when(redeem({ location: { locationId: 2, isUsingCrm: true, timeZone: LA }, ro: { ...ro100, locationId: 2 } }))).toThrow(M.alreadyUsed);
  });

  it('should record nothing for a retry of the same redemption', () => {
    const first = redeemed({ redemptionId: 'r-same' });
    expect(given([first]).when(redeem({ redemptionId: 'r-same' }))()).toEqual([]);
  });

  it("should refuse another customer's coupon, an unknown coupon and a coupon whose sale is voided", () => {
    expect(given([]).when(redeem({ customerId: 'cust-2' }))).toThrow(M.notThisCustomers);
    expect(given([]).when(redeem({ coupon: null }))).toThrow(expect.objectContaining({ kind: 'not_found', errors: [M.couponNotFound] }));
    expect(given([]).when(redeem({ coupon: coupon({ saleStatus: 'voided' }) }))).toThrow(M.saleVoided);
  });

  it('should refuse a W line for a C-only coupon, naming the labour types', () => {
    const warranty = ro('RO100', [job(1, 'LOF', 'W', 4210, 4470)]);
    expect(given([]).when(redeem({ ro: warranty }))).toThrow('This coupon applies only to customer pay lines; the matching line on this RO is warranty.');
    expect(redeemed({ ro: warranty, coupon: coupon({}, { laborTypes: ['C', 'W'] }) }).data.line).toMatchObject({ laborType: 'W', lineTotal: 8680 });
  });

  it('should refuse an RO not in the DMS data (pointing at the help page), a voided RO and an RO without the op code', () => {
    expect(given([]).when(redeem({ ro: null }))).toThrow(expect.objectContaining({ kind: 'validation', errors: [M.roNotFound('RO100')], fields: { roNumber: M.roNotFound('RO100') } }));
    expect(given([]).when(redeem({ ro: { ...ro100, voidDate: '2026-02-28T16:00:00' } }))).toThrow(M.roVoided('RO100'));
    expect(given([]).when(redeem({ ro: ro('RO100', [job(1, 'TIR', 'C', 0, 2000)]) }))).toThrow("This RO has no line with the coupon's op code (LOF).");
  });

  it('should redeem only where the coupon is honoured, and a pending pack only at its sold location', () => {
    const at3 = { location: { locationId: 3, isUsingCrm: true, timeZone: LA }, ro: { ...ro100, locationId: 3 } };
    expect(given([]).when(redeem(at3))).toThrow(M.locationNotHonoured);
    expect(given([]).when(redeem({ coupon: coupon({ saleStatus: 'pending' }) }))).toThrow(M.pendingOtherLocation);
    expect(redeemed({ coupon: coupon({ saleStatus: 'pending', soldLocationId: 1 }) }).type).toBe('CouponRedeemed');
  });

  it('should hold the RO cap: maxPerRo 1 refuses a second coupon of the definition, maxAmountPerRo caps the amount', () => {
    const other = { redemptionId: 'r-x', issuedCouponId: 'ic-2', couponId: 'oil', jobId: 2, amount: cents(4000) };
    expect(given([]).when(redeem({ roRedemptions: [other] }))).toThrow(expect.objectContaining({ kind: 'conflict', errors: [M.maxPerRoReached(1)] }));
    // Two LOF lines, two coupons of a $40.00 definition allowed, $50.00 per RO: the second gets $10.00 on the other line.
    const twoLines = ro('RO100', [job(1, 'LOF', 'C', 0, 5000), job(2, 'LOF', 'C', 4210, 4470, 495)]);
    const capped = coupon({}, { maxPerRo: 2, maxAmountPerRo: cents(5000) });
    expect(redeemed({ ro: twoLines, coupon: capped, roRedemptions: [other] }).data).toMatchObject({ amount: 1000, line: { jobId: 1 } });
    expect(redeemed({ ro: twoLines, coupon: coupon({}, { maxAmountPerRo: cents(2500) }) }).data.amount).toBe(2500);
  });
});

describe('voiding a redemption', () => {
  it('should void with who, when and why, and leave the coupon available to redeem again', () => {
    const first = redeemed({ redemptionId: 'r-1' });
    const later = new Date('2026-03-01T19:00:00.000Z');
    const [voided] = given([first]).when(voidIt('r-1', staff, later, '  Wrong customer  '))();
    expect(voided).toEqual({
      type: 'CouponRedemptionVoided',
      data: {
        redemptionId: 'r-1',
        issuedCouponId: 'ic-1',
        couponId: 'oil',
        saleId: 'sale-1',
        customerId: 'cust-1',
        soldLocationId: 2,
        locationId: 1,
        roNumber: 'RO100',
        line: { jobId: 2, lineNo: 2, opCode: 'LOF', laborType: 'C', lineTotal: 9175 },
        amount: 4000,
        allocatedValue: 3791,
        reason: 'Wrong customer',
        by: 'u-staff',
        voidedAt: '2026-03-01T19:00:00.000Z',
      },
    });
    const again = given([first, voided!]).when(redeem({ redemptionId: 'r-2', roNumber: 'RO200', ro: ro('RO200', [job(1, 'LOF', 'C', 0, 6000)]), now: later }))();
    expect(again).toMatchObject([{ type: 'CouponRedeemed', data: { redemptionId: 'r-2', roNumber: 'RO200' } }]);
    // A second void of the same redemption records nothing.
    expect(given([first, voided!]).when(voidIt('r-1'))()).toEqual([]);
  });

  it("should require SPEC's void reason", () => {
    const first = redeemed({ redemptionId: 'r-1' });
    expect(given([first]).when(voidIt('r-1', staff, now, '  '))).toThrow(expect.objectContaining({ kind: 'validation', errors: ['Void reason is required'], fields: { reason: 'Void reason is required' } }));
    expect(given([first]).when(voidIt('r-1', staff, now, null))).toThrow('Void reason is required');
  });

  it("should let staff void their own redemptions on the same local day and managers any", () => {
    const first = redeemed({ redemptionId: 'r-1' });
    // 11:59 PM Mar 1 in Los Angeles: still the day it was redeemed.
    expect(given([first]).when(voidIt('r-1', staff, new Date('2026-03-02T07:59:00.000Z')))()).toHaveLength(1);
    expect(given([first]).when(voidIt('r-1', staff, new Date('2026-03-02T08:00:00.000Z')))).toThrow(expect.objectContaining({ kind: 'forbidden', errors: [M.changeNotAllowed] }));
    expect(given([first]).when(voidIt('r-1', otherStaff))).toThrow(M.changeNotAllowed);
    expect(given([first]).when(voidIt('r-1', manager, new Date('2026-06-01T00:00:00.000Z')))()).toMatchObject([{ data: { by: 'u-manager' } }]);
  });

  it('should refuse an unknown redemption, and one still waiting for its verification', () => {
    expect(given([redeemed({ redemptionId: 'r-1' })]).when(voidIt('r-9'))).toThrow(expect.objectContaining({ kind: 'not_found' }));
    const held = given([]).when(redeem({ redemptionId: 'r-1', ...needsLof(verification()) }))();
    expect(given(held).when(voidIt('r-1'))).toThrow(M.redemptionAwaiting);
  });
});

describe('redemption with the customer verification', () => {
  const settle = (v: RedemptionVerificationState, at = now, redemptionId = 'r-1'): IssuedCouponCommand => ({ type: 'SettleRedemptionVerification', data: { redemptionId, verification: v, now: at } });

  it('should redeem directly when the matched op code needs no verification', () => {
    expect(redeemed({ verification: { ruleOpCodes: ['TIR'], customerVerifiesRedemptions: false, current: null } }).data.via).toBe('direct');
  });

  it('should hold the coupon while the verification is open, then redeem when the customer approves', () => {
    const held = given([]).when(redeem({ redemptionId: 'r-1', ...needsLof(verification()) }))();
    expect(held).toMatchObject([{ type: 'CouponRedemptionAwaitingVerification', data: { redemptionId: 'r-1', redemptionVerificationId: 'rv-1', amount: 4000, line: { opCode: 'LOF' } } }]);
    expect(issuedCouponStreamStatus(given(held).state)).toBe('awaiting-verification');
    // Held: nobody else can redeem it meanwhile.
    expect(given(held).when(redeem())).toThrow("This coupon is waiting for the customer's verification on RO# RO100.");
    // Still open: nothing to record.
    expect(given(held).when(settle(verification()))()).toEqual([]);
    const answered = new Date('2026-03-01T18:05:00.000Z');
    const done = given(held).when(settle(verification({ outcome: 'accepted', approvedOpCodes: ['LOF'] }), answered))();
    expect(done).toMatchObject([
      { type: 'CouponRedeemed', data: { redemptionId: 'r-1', via: 'verification', redemptionVerificationId: 'rv-1', redeemedBy: 'u-staff', requestedAt: now.toISOString(), redeemedAt: answered.toISOString(), amount: 4000 } },
    ]);
    expect(issuedCouponStreamStatus(given([...held, ...done]).state)).toBe('redeemed');
    // Settled twice (the reactor delivers again): nothing more.
    expect(given([...held, ...done]).when(settle(verification({ outcome: 'accepted', approvedOpCodes: ['LOF'] }))) ()).toEqual([]);
  });

  it("should complete on a staff override, and the customer's verify switch makes any op code need it", () => {
    const held = given([]).when(redeem({ redemptionId: 'r-1', verification: { ruleOpCodes: [], customerVerifiesRedemptions: true, current: verification() } }))();
    expect(held[0]!.type).toBe('CouponRedemptionAwaitingVerification');
    expect(given(held).when(settle(verification({ outcome: 'overridden', approvedOpCodes: ['LOF'] })))()).toMatchObject([{ type: 'CouponRedeemed' }]);
  });

  it('should release the coupon when the customer declines, leaving it available', () => {
    const held = given([]).when(redeem({ redemptionId: 'r-1', ...needsLof(verification()) }))();
    const released = given(held).when(settle(verification({ outcome: 'declined', declinedOpCodes: ['LOF'] })))();
    expect(released).toEqual([
      {
        type: 'CouponRedemptionReleased',
        data: { redemptionId: 'r-1', issuedCouponId: 'ic-1', couponId: 'oil', saleId: 'sale-1', customerId: 'cust-1', locationId: 1, roNumber: 'RO100', redemptionVerificationId: 'rv-1', outcome: 'declined', releasedAt: now.toISOString() },
      },
    ]);
    const after = [...held, ...released];
    expect(issuedCouponStreamStatus(given(after).state)).toBe('available');
    expect(given(after).when(redeem({ redemptionId: 'r-2' }))()).toMatchObject([{ type: 'CouponRedeemed', data: { redemptionId: 'r-2' } }]);
  });

  it("should release a lapsed hold and redeem at once when the redemption brings the held verification", () => {
    const held = given([]).when(redeem({ redemptionId: 'r-1', ...needsLof(verification()) }))();
    const later = new Date('2026-03-01T18:31:00.000Z');
    // The held verification expired (not recorded yet): released, then redeemed for the new request.
    const events = given(held).when(redeem({ redemptionId: 'r-2', now: later, heldVerification: verification() }))();
    expect(events.map((e) => e.type)).toEqual(['CouponRedemptionReleased', 'CouponRedeemed']);
    expect(events[0]).toMatchObject({ data: { redemptionId: 'r-1', outcome: 'expired' } });
    expect(events[1]).toMatchObject({ data: { redemptionId: 'r-2', via: 'direct' } });
    // Still open, or another verification: the hold stands.
    expect(given(held).when(redeem({ redemptionId: 'r-2', heldVerification: verification() }))).toThrow(M.heldForVerification('RO100'));
    expect(given(held).when(redeem({ redemptionId: 'r-2', now: later, heldVerification: verification({ redemptionVerificationId: 'rv-9' }) }))).toThrow(M.heldForVerification('RO100'));
    // Approved: the hold completes through the settle, not here.
    expect(given(held).when(redeem({ redemptionId: 'r-2', heldVerification: verification({ outcome: 'accepted', approvedOpCodes: ['LOF'] }) }))).toThrow(M.heldForVerification('RO100'));
  });

  it('should release on an expired verification, recorded or only past its time', () => {
    const held = given([]).when(redeem({ redemptionId: 'r-1', ...needsLof(verification()) }))();
    expect(given(held).when(settle(verification(), new Date('2026-03-01T18:30:00.000Z')))()).toMatchObject([{ type: 'CouponRedemptionReleased', data: { outcome: 'expired' } }]);
    expect(given(held).when(settle(verification({ outcome: 'expired' })))()).toMatchObject([{ data: { outcome: 'expired' } }]);
  });

  it("should complete when the customer approved the line's op code in a partial answer", () => {
    const v = verification({ opCodes: ['LOF', 'BRK'] });
    const held = given([]).when(redeem({ redemptionId: 'r-1', ...needsLof(v) }))();
    expect(given(held).when(settle({ ...v, outcome: 'declined', approvedOpCodes: ['LOF'], declinedOpCodes: ['BRK'] }))()).toMatchObject([{ type: 'CouponRedeemed' }]);
  });

  it('should redeem at once on an already approved or pre-approved verification, and ask for one when none covers the op code', () => {
    expect(redeemed(needsLof(verification({ outcome: 'accepted', approvedOpCodes: ['LOF'] }))).data).toMatchObject({ via: 'verification', redemptionVerificationId: 'rv-1' });
    expect(redeemed(needsLof(verification({ opCodes: ['BRK'], preApprovedOpCodes: ['LOF'] }))).data.via).toBe('verification');
    const required = expect.objectContaining({ kind: 'precondition', errors: [M.verificationRequired('LOF')] });
    expect(given([]).when(redeem(needsLof(null)))).toThrow(required);
    expect(given([]).when(redeem(needsLof(verification({ outcome: 'declined', declinedOpCodes: ['LOF'] }))))).toThrow(required);
    expect(given([]).when(redeem(needsLof(verification({ roNumber: 'RO999' }))))).toThrow(required);
  });

  it('should refuse a settlement by another verification', () => {
    const held = given([]).when(redeem({ redemptionId: 'r-1', ...needsLof(verification()) }))();
    expect(given(held).when(settle(verification({ redemptionVerificationId: 'rv-2', outcome: 'accepted' })))).toThrow(expect.objectContaining({ kind: 'validation' }));
  });
});

describe('changing the RO of a redemption', () => {
  const ro200 = ro('RO200', [job(5, 'LOF', 'C', 0, 3000)]);
  const change = (overrides: Partial<Extract<IssuedCouponCommand, { type: 'ChangeRedemptionRo' }>['data']> = {}): IssuedCouponCommand => ({
    type: 'ChangeRedemptionRo',
    data: {
      redemptionId: 'r-1',
      coupon: coupon(),
      location: { locationId: 1, isUsingCrm: true, timeZone: LA },
      roNumber: 'RO200',
      ro: ro200,
      roRedemptions: [],
      verification: { ruleOpCodes: [], customerVerifiesRedemptions: false, current: null },
      actor: staff,
      now,
      ...overrides,
    },
  });

  it('should move the redemption to the new RO, re-checked there, with the line and amount it takes', () => {
    const first = redeemed({ redemptionId: 'r-1' });
    const [changed] = given([first]).when(change())();
    expect(changed).toMatchObject({
      type: 'CouponRedemptionRoChanged',
      data: {
        redemptionId: 'r-1',
        from: { locationId: 1, roNumber: 'RO100', line: { jobId: 2 }, amount: 4000 },
        to: { locationId: 1, timeZone: LA, roNumber: 'RO200', line: { jobId: 5, lineTotal: 3000 }, amount: 3000 },
        by: 'u-staff',
      },
    });
    const state = given([first, changed!]).state;
    expect(state.current).toMatchObject({ roNumber: 'RO200', amount: 3000, status: 'redeemed' });
    // The same RO again records nothing.
    expect(given([first, changed!]).when(change())()).toEqual([]);
  });

  it('should refuse a new RO that breaks the rules, and keep the rules on who may change', () => {
    const first = redeemed({ redemptionId: 'r-1' });
    expect(given([first]).when(change({ ro: null }))).toThrow(M.roNotFound('RO200'));
    expect(given([first]).when(change({ ro: ro('RO200', [job(5, 'LOF', 'W', 0, 3000)]) }))).toThrow(/only to customer pay lines/);
    expect(given([first]).when(change({ roRedemptions: [{ redemptionId: 'r-x', issuedCouponId: 'ic-2', couponId: 'oil', jobId: 5, amount: cents(100) }] }))).toThrow(M.maxPerRoReached(1));
    expect(given([first]).when(change({ actor: otherStaff }))).toThrow(M.changeNotAllowed);
    expect(given([first]).when(change({ ...needsLof(null) }))).toThrow(M.verificationNotForChange('LOF'));
    expect(given([first]).when(change({ ...needsLof(verification({ roNumber: 'RO200', outcome: 'accepted', approvedOpCodes: ['LOF'] })) }))()).toHaveLength(1);
    const voided = given([first]).when(voidIt('r-1'))();
    expect(given([first, ...voided]).when(change())).toThrow(M.alreadyVoided);
  });
});

describe('a pack sale void and the coupon stream', () => {
  const withdraw = (o: Partial<SaleVoidData> = {}): IssuedCouponCommand => ({ type: 'WithdrawIssuedCoupon', data: saleVoid(o) });
  const reinstate = (o: Partial<SaleVoidData> = {}): IssuedCouponCommand => ({ type: 'ReinstateIssuedCoupon', data: saleVoid(o) });

  it('should withdraw an unused coupon, after which it refuses redemption', () => {
    const events = run(withdraw());
    expect(events).toEqual([{ type: 'IssuedCouponWithdrawn', data: { issuedCouponId: 'ic-1', couponId: 'oil', saleId: 'sale-1', customerId: 'cust-1', by: 'u-manager', withdrawnAt: now.toISOString() } }]);
    // The sale read before the void still says final: the stream refuses.
    expect(given(events).when(redeem())).toThrow(M.saleVoided);
    expect(given(events).when(withdraw())()).toEqual([]);
  });

  it('should refuse to withdraw a redeemed or held coupon, so a void and a redemption cannot both succeed', () => {
    expect(given([redeemed()]).when(withdraw())).toThrow(expect.objectContaining({ kind: 'conflict', errors: [PACK_SALE_MESSAGES.voidCouponUsed] }));
    const held = given([]).when(redeem(needsLof(verification())))();
    expect(given(held).when(withdraw())).toThrow(PACK_SALE_MESSAGES.voidCouponUsed);
  });

  it('should reinstate a coupon its failed void withdrew, after which it redeems', () => {
    const events = run(withdraw(), reinstate());
    expect(events[1]).toEqual({ type: 'IssuedCouponReinstated', data: { issuedCouponId: 'ic-1', couponId: 'oil', saleId: 'sale-1', customerId: 'cust-1', by: 'u-manager', reinstatedAt: now.toISOString() } });
    expect(given(events).when(redeem())()).toMatchObject([{ type: 'CouponRedeemed' }]);
    // Nothing to give back when it was not withdrawn (or by another sale).
    expect(given([]).when(reinstate())()).toEqual([]);
    expect(given(run(withdraw())).when(reinstate({ saleId: 'sale-2' }))()).toEqual([]);
  });
});

describe('racing redemptions of one coupon', () => {
  it('should let one of many win: each re-decides against the stream with the winner and is refused', () => {
    // handle() appends with the expected revision; a loser re-decides on the fresh stream.
    const attempts = Array.from({ length: 20 }, (_, i) =>
      redeem({ redemptionId: `race-${i}`, location: { locationId: 1 + (i % 2), isUsingCrm: true, timeZone: LA }, ro: { ...ro100, locationId: 1 + (i % 2) } }),
    );
    let stream: IssuedCouponEvent[] = [];
    const outcomes = attempts.map((command) => {
      try {
        stream = [...stream, ...given(stream).when(command)()];
        return 'redeemed';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(outcomes.filter((o) => o === 'redeemed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === M.alreadyUsed)).toHaveLength(19);
    expect(stream).toHaveLength(1);
  });
});
