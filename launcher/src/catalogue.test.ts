/**
 * The catalogue's commands through HTTP against real PostgreSQL (issue 11): a manager defines,
 * edits (expectedRevision: 428 without, 409 when stale), disables and enables a coupon; creates
 * a pack with items, adds, re-adds (quantity), removes a coupon, edits, disables and enables
 * it; an employee is refused every write; bad fields get contracts' messages; 20 concurrent
 * changes of one pack lose nothing. Assertions read the event store (the reads are another
 * part's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUPON_MESSAGES,
  couponStreamId,
  PACK_MESSAGES,
  packStreamId,
} from '@dealer/contracts';
import { CONFLICT_MESSAGE, deterministicUuid, INPUT_MESSAGES, type RecordedEvent } from '@dealer/platform';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';
import { evolvePack, initialPackState, type PackState } from '@dealer/domain/pack/state';

let server: TestServer;
let manager: Record<string, string>;
let employee: Record<string, string>;
let locations: number[];
const managerActor = `user:${deterministicUuid('demo-employee-manager')}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  manager = (await loginAs(server, 'manager')).headers;
  employee = (await loginAs(server, 'employee')).headers;
  const rows = await server.product.sql<{ location_id: number }[]>`select location_id from ref.locations order by location_id limit 3`;
  locations = rows.map((r) => Number(r.location_id));
  expect(locations.length).toBeGreaterThanOrEqual(2);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

type Method = 'POST' | 'PUT' | 'DELETE';
async function send(method: Method, url: string, payload: unknown, headers: Record<string, string> = manager) {
  const res = await server.product.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() as { dataSet?: Record<string, unknown>; metaData?: Record<string, unknown>; errors?: string[]; fields?: Record<string, string> } };
}

const events = (streamId: string): Promise<RecordedEvent[]> => server.product.store.readStream(streamId);
const packState = async (packId: string): Promise<PackState | null> => (await events(packStreamId(packId))).reduce(evolvePack, initialPackState());

let seq = 0;
function couponTerms(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Oil and filter ${seq}`,
    description: 'Synthetic blend, up to 5 quarts.',
    opCodes: [' lof ', '01OIL'],
    value: { kind: 'fixed', amount: 2995 },
    validity: { kind: 'monthsAfterSale', months: 12 },
    maxPerRo: 1,
    locationIds: [locations[0]],
    ...overrides,
  };
}
function packTerms(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return { name: `Maintenance pack ${seq}`, description: null, price: 19900, locationIds: [locations[0], locations[1]], termMonths: 24, termMileage: 30000, ...overrides };
}

async function newCoupon(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await send('POST', '/api/coupons', couponTerms(overrides));
  expect(res.status).toBe(201);
  return res.body.dataSet!.couponId as string;
}
async function newPack(items: { couponId: string; quantity?: number }[], overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await send('POST', '/api/packs', { ...packTerms(overrides), items });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.dataSet!.packId as string;
}

describe('coupons', () => {
  it('a manager defines, edits with the revision, disables and enables a coupon', async () => {
    const terms = couponTerms();
    const created = await send('POST', '/api/coupons', terms);
    expect(created.status).toBe(201);
    const couponId = created.body.dataSet!.couponId as string;
    expect(couponId).toMatch(UUID);
    expect(created.body.dataSet).toEqual({ couponId, id: couponId, revision: 0, message: COUPON_MESSAGES.added });
    expect(created.body.metaData!.position).toMatch(/^\d+$/);
    let stream = await events(couponStreamId(couponId));
    expect(stream).toHaveLength(1);
    expect(stream[0]!.type).toBe('CouponDefined');
    expect(stream[0]!.metadata.actor).toBe(managerActor);
    expect(stream[0]!.data).toMatchObject({ couponId, name: terms.name, opCodes: ['LOF', '01OIL'], laborTypes: ['C'], maxAmountPerRo: null, value: { kind: 'fixed', amount: 2995 } });

    const edited = { ...terms, name: 'Oil and filter, full synthetic', value: { kind: 'fixed', amount: 4995 } };
    const without = await send('PUT', `/api/coupons/${couponId}`, edited);
    expect(without.status).toBe(428);
    expect(without.body.errors![0]).toMatch(/expectedRevision is required/);
    const stale = await send('PUT', `/api/coupons/${couponId}`, { ...edited, expectedRevision: 3 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([CONFLICT_MESSAGE]);

    const ok = await send('PUT', `/api/coupons/${couponId}`, { ...edited, expectedRevision: 0 });
    expect(ok.status).toBe(200);
    expect(ok.body.dataSet).toEqual({ couponId, id: couponId, revision: 1, message: COUPON_MESSAGES.updated });
    const again = await send('PUT', `/api/coupons/${couponId}`, { ...edited, name: 'Another name', expectedRevision: 0 });
    expect(again.status).toBe(409);
    stream = await events(couponStreamId(couponId));
    expect(stream.map((e) => e.type)).toEqual(['CouponDefined', 'CouponEdited']);
    // Only what changed.
    expect(stream[1]!.data).toEqual({ couponId, name: 'Oil and filter, full synthetic', value: { kind: 'fixed', amount: 4995 } });

    const disabled = await send('POST', `/api/coupons/${couponId}/disable`, { reason: 'Replaced by the spring offer' });
    expect(disabled.status).toBe(200);
    expect(disabled.body.dataSet).toMatchObject({ revision: 2, message: COUPON_MESSAGES.disabled });
    const twice = await send('POST', `/api/coupons/${couponId}/disable`, {});
    expect(twice.status).toBe(200);
    expect(twice.body.dataSet!.revision).toBe(2);
    expect(twice.body.metaData).toEqual({});
    const editDisabled = await send('PUT', `/api/coupons/${couponId}`, { ...edited, name: 'Changed while disabled', expectedRevision: 2 });
    expect(editDisabled.status).toBe(409);
    expect(editDisabled.body.errors).toEqual([COUPON_MESSAGES.disabledCannotEdit]);

    // No body at all is an empty one.
    const enabled = await send('POST', `/api/coupons/${couponId}/enable`, undefined);
    expect(enabled.status).toBe(200);
    expect(enabled.body.dataSet).toMatchObject({ revision: 3, message: COUPON_MESSAGES.enabled });
    stream = await events(couponStreamId(couponId));
    expect(stream.map((e) => e.type)).toEqual(['CouponDefined', 'CouponEdited', 'CouponDisabled', 'CouponEnabled']);
    expect(stream[2]!.data).toEqual({ couponId, reason: 'Replaced by the spring offer' });
  });

  it('editing, disabling or enabling a coupon that does not exist is 404', async () => {
    const missing = deterministicUuid('catalogue-test-missing-coupon');
    const put = await send('PUT', `/api/coupons/${missing}`, { ...couponTerms(), expectedRevision: 0 });
    expect(put.status).toBe(404);
    expect(put.body.errors).toEqual([COUPON_MESSAGES.notFound]);
    expect((await send('POST', `/api/coupons/${missing}/disable`, {})).status).toBe(404);
    expect((await send('POST', `/api/coupons/${missing}/enable`, {})).status).toBe(404);
    expect(await events(couponStreamId(missing))).toHaveLength(0);
  });

  it('a wrong JSON type is refused, not converted: a flag for an amount is no coupon worth 1 cent (issue 20)', async () => {
    const before = await server.product.sql`select count(*)::int as n from es_events where stream_id like 'coupon-%'`;
    const flag = await send('POST', '/api/coupons', couponTerms({ value: { kind: 'fixed', amount: true } }));
    expect(flag.status).toBe(400);
    expect(flag.body.errors).toEqual(['value.amount must be number or null.']);
    expect(flag.body.fields).toEqual({ 'value.amount': 'value.amount must be number or null.' });
    // A number where text belongs, text where a number belongs, a list where a number belongs.
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 12345 }, 'name'],
      [{ maxPerRo: '1' }, 'maxPerRo'],
      [{ opCodes: ['LOF', 7] }, 'opCodes[1]'],
      [{ locationIds: [String(locations[0])] }, 'locationIds[0]'],
      [{ validity: { kind: 'monthsAfterSale', months: [12] } }, 'validity.months'],
    ];
    for (const [overrides, field] of cases) {
      const res = await send('POST', '/api/coupons', couponTerms(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(overrides)).toEqual([field]);
    }
    const after = await server.product.sql`select count(*)::int as n from es_events where stream_id like 'coupon-%'`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('bad fields get 400 with contracts messages and nothing is stored', async () => {
    const before = await server.product.sql`select count(*)::int as n from es_events where stream_id like 'coupon-%'`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'a'.repeat(101) }, 'name', COUPON_MESSAGES.nameMax],
      [{ name: '   ' }, 'name', COUPON_MESSAGES.nameRequired],
      [{ value: { kind: 'fixed', amount: -500 } }, 'value.amount', COUPON_MESSAGES.amountPositive],
      [{ value: { kind: 'fixed', amount: 12.5 } }, 'value.amount', COUPON_MESSAGES.amountWhole],
      [{ value: { kind: 'fixed', amount: 1_000_001 } }, 'value.amount', COUPON_MESSAGES.amountMax],
      [{ value: { kind: 'percent', basisPoints: 0, referencePrice: 8000 } }, 'value.basisPoints', COUPON_MESSAGES.percentRange],
      [{ opCodes: ['LOF', 'bad code!'] }, 'opCodes', COUPON_MESSAGES.opCodeInvalid],
      [{ validity: { kind: 'monthsAfterSale', months: 121 } }, 'validity.months', COUPON_MESSAGES.monthsRange],
      [{ validity: { kind: 'fixedDate', date: '2027-02-30' } }, 'validity.date', COUPON_MESSAGES.dateInvalid],
      [{ laborTypes: ['X'] }, 'laborTypes', COUPON_MESSAGES.laborTypeInvalid],
      [{ locationIds: [] }, 'locationIds', COUPON_MESSAGES.locationsRequired],
      [{ locationIds: [locations[0], 999_999] }, 'locationIds', COUPON_MESSAGES.locationInvalid],
      [{ locationIds: [-3] }, 'locationIds', COUPON_MESSAGES.locationInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await send('POST', '/api/coupons', couponTerms(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.fields?.[field], JSON.stringify(overrides)).toBe(message);
      expect(res.body.errors).toContain(message);
    }
    // NUL and a lone surrogate: the input guard's clear 400, never stored.
    for (const name of ['Oil\u0000change', 'Oil \ud800 change']) {
      const res = await send('POST', '/api/coupons', couponTerms({ name }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([INPUT_MESSAGES.character('name')]);
    }
    // Beyond the raw bound of the schema: still a 400, never a 5xx.
    const huge = await send('POST', '/api/coupons', couponTerms({ description: 'x'.repeat(6000) }));
    expect(huge.status).toBe(400);
    const wrongShape = await send('POST', '/api/coupons', couponTerms({ value: 'fixed', validity: [] }));
    expect(wrongShape.status).toBe(400);
    const reason = await send('POST', '/api/coupons/' + (await newCoupon()) + '/disable', { reason: 'r'.repeat(501) });
    expect(reason.status).toBe(400);
    expect(reason.body.fields).toEqual({ reason: COUPON_MESSAGES.reasonMax });
    const after = await server.product.sql`select count(*)::int as n from es_events where stream_id like 'coupon-%'`;
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });
});

describe('packs', () => {
  it('a manager creates a pack with items, adds, re-adds, removes a coupon, edits, disables and enables it', async () => {
    const [c1, c2, c3] = [await newCoupon(), await newCoupon({ value: { kind: 'percent', basisPoints: 1500, referencePrice: 12000 } }), await newCoupon()];
    const terms = packTerms();
    const created = await send('POST', '/api/packs', { ...terms, items: [{ couponId: c1, quantity: 2 }, { couponId: c2 }] });
    expect(created.status).toBe(201);
    const packId = created.body.dataSet!.packId as string;
    expect(packId).toMatch(UUID);
    expect(created.body.dataSet).toEqual({ packId, id: packId, revision: 0, message: PACK_MESSAGES.created });

    const added = await send('POST', `/api/packs/${packId}/coupons`, { couponId: c3 });
    expect(added.status).toBe(200);
    expect(added.body.dataSet).toMatchObject({ revision: 1, message: PACK_MESSAGES.couponAdded });
    const readded = await send('POST', `/api/packs/${packId}/coupons`, { couponId: c3, quantity: 4 });
    expect(readded.status).toBe(200);
    expect(readded.body.dataSet).toMatchObject({ revision: 2, message: PACK_MESSAGES.couponAdded });
    const removed = await send('DELETE', `/api/packs/${packId}/coupons/${c1}`, undefined);
    expect(removed.status).toBe(200);
    expect(removed.body.dataSet).toMatchObject({ revision: 3, message: PACK_MESSAGES.couponRemoved });
    const removedTwice = await send('DELETE', `/api/packs/${packId}/coupons/${c1}`, undefined);
    expect(removedTwice.status).toBe(404);
    expect(removedTwice.body.errors).toEqual([PACK_MESSAGES.couponNotInPack]);

    const edited = { ...terms, name: 'Maintenance pack, two years', price: 24900, termMileage: null };
    expect((await send('PUT', `/api/packs/${packId}`, edited)).status).toBe(428);
    const stale = await send('PUT', `/api/packs/${packId}`, { ...edited, expectedRevision: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([CONFLICT_MESSAGE]);
    const ok = await send('PUT', `/api/packs/${packId}`, { ...edited, expectedRevision: 3 });
    expect(ok.status).toBe(200);
    expect(ok.body.dataSet).toEqual({ packId, id: packId, revision: 4, message: PACK_MESSAGES.edited });

    const disabled = await send('POST', `/api/packs/${packId}/disable`, undefined);
    expect(disabled.status).toBe(200);
    expect(disabled.body.dataSet).toMatchObject({ revision: 5, message: PACK_MESSAGES.disabled });
    const addWhileDisabled = await send('POST', `/api/packs/${packId}/coupons`, { couponId: c1 });
    expect(addWhileDisabled.status).toBe(409);
    expect(addWhileDisabled.body.errors).toEqual([PACK_MESSAGES.disabledCannotChange]);
    const enabled = await send('POST', `/api/packs/${packId}/enable`, {});
    expect(enabled.status).toBe(200);
    expect(enabled.body.dataSet).toMatchObject({ revision: 6, message: PACK_MESSAGES.enabled });

    const stream = await events(packStreamId(packId));
    expect(stream.map((e) => e.type)).toEqual(['PackCreated', 'PackCouponAdded', 'PackCouponQuantityChanged', 'PackCouponRemoved', 'PackEdited', 'PackDisabled', 'PackEnabled']);
    expect(stream.every((e) => e.metadata.actor === managerActor)).toBe(true);
    expect(stream[2]!.data).toEqual({ packId, couponId: c3, quantity: 4, previousQuantity: 1 });
    expect(stream[4]!.data).toEqual({ packId, name: 'Maintenance pack, two years', price: 24900, termMileage: null });
    expect(await packState(packId)).toEqual({
      packId,
      status: 'active',
      items: [
        { couponId: c2, quantity: 1 },
        { couponId: c3, quantity: 4 },
      ],
      terms: { name: 'Maintenance pack, two years', description: null, price: 24900, locationIds: [...(terms.locationIds as number[])].sort((a, b) => a - b), termMonths: 24, termMileage: null },
    });
  });

  it('only existing, active coupons go into a pack, and bad fields get contracts messages', async () => {
    const active = await newCoupon();
    const disabledName = `Tire rotation ${seq + 1}`;
    const disabled = await newCoupon({ name: disabledName });
    expect((await send('POST', `/api/coupons/${disabled}/disable`, {})).status).toBe(200);
    const unknown = deterministicUuid('catalogue-test-unknown-coupon');

    const withDisabled = await send('POST', '/api/packs', { ...packTerms(), items: [{ couponId: active }, { couponId: disabled }] });
    expect(withDisabled.status).toBe(400);
    expect(withDisabled.body.errors).toEqual([PACK_MESSAGES.couponDisabled(disabledName)]);
    const withUnknown = await send('POST', '/api/packs', { ...packTerms(), items: [{ couponId: unknown }] });
    expect(withUnknown.status).toBe(400);
    expect(withUnknown.body.errors).toEqual([PACK_MESSAGES.couponNotFound]);

    const packId = await newPack([{ couponId: active, quantity: 1 }]);
    const addDisabled = await send('POST', `/api/packs/${packId}/coupons`, { couponId: disabled, quantity: 2 });
    expect(addDisabled.status).toBe(400);
    expect(addDisabled.body.fields).toEqual({ couponId: PACK_MESSAGES.couponDisabled(disabledName) });
    const addUnknown = await send('POST', `/api/packs/${packId}/coupons`, { couponId: unknown });
    expect(addUnknown.status).toBe(400);
    expect(addUnknown.body.fields).toEqual({ couponId: PACK_MESSAGES.couponNotFound });
    for (const quantity of [0, 100, 1.5, -1]) {
      const res = await send('POST', `/api/packs/${packId}/coupons`, { couponId: active, quantity });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ quantity: PACK_MESSAGES.quantityRange });
    }
    const noCoupon = await send('POST', `/api/packs/${packId}/coupons`, {});
    expect(noCoupon.status).toBe(400);
    expect(noCoupon.body.fields).toEqual({ couponId: PACK_MESSAGES.couponRequired });
    const unknownPack = await send('POST', `/api/packs/${deterministicUuid('catalogue-test-unknown-pack')}/coupons`, { couponId: active });
    expect(unknownPack.status).toBe(404);
    expect(unknownPack.body.errors).toEqual([PACK_MESSAGES.notFound]);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'p'.repeat(101) }, 'name', PACK_MESSAGES.nameMax],
      [{ price: -100 }, 'price', COUPON_MESSAGES.amountPositive],
      [{ price: 10_000_001 }, 'price', PACK_MESSAGES.priceMax],
      [{ price: null }, 'price', PACK_MESSAGES.priceRequired],
      [{ termMonths: 0 }, 'termMonths', PACK_MESSAGES.termMonthsRange],
      [{ termMileage: 1_000_001 }, 'termMileage', PACK_MESSAGES.termMileageRange],
      [{ locationIds: [] }, 'locationIds', PACK_MESSAGES.locationsRequired],
      [{ locationIds: [999_998] }, 'locationIds', COUPON_MESSAGES.locationInvalid],
      [{ items: [{ couponId: active, quantity: 0 }] }, 'items[0].quantity', PACK_MESSAGES.quantityRange],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await send('POST', '/api/packs', { ...packTerms(), items: [{ couponId: active }], ...overrides });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.fields?.[field], JSON.stringify(overrides)).toBe(message);
    }
    // Terms and items are checked together, so a form shows every message at once.
    const both = await send('POST', '/api/packs', { ...packTerms({ name: '' }), items: [{ couponId: active, quantity: 100 }] });
    expect(both.status).toBe(400);
    expect(both.body.fields).toEqual({ name: PACK_MESSAGES.nameRequired, 'items[0].quantity': PACK_MESSAGES.quantityRange });
    const tooMany = await send('POST', '/api/packs', { ...packTerms(), items: Array.from({ length: 51 }, (_, i) => ({ couponId: deterministicUuid(`catalogue-test-many-${i}`) })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields).toEqual({ items: PACK_MESSAGES.itemsMax });
    const nul = await send('POST', '/api/packs', { ...packTerms({ description: 'Two\u0000years' }), items: [] });
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([INPUT_MESSAGES.character('description')]);
    const editUnknownLocation = await send('PUT', `/api/packs/${packId}`, { ...packTerms({ locationIds: [999_997] }), expectedRevision: 0 });
    expect(editUnknownLocation.status).toBe(400);
    expect(editUnknownLocation.body.fields).toEqual({ locationIds: COUPON_MESSAGES.locationInvalid });
    // Nothing of the refused commands reached the pack.
    expect((await events(packStreamId(packId))).map((e) => e.type)).toEqual(['PackCreated']);
  });

  it('20 concurrent adds, removes and edits of one pack lose nothing', async () => {
    const removable = await Promise.all(Array.from({ length: 5 }, () => newCoupon()));
    const addable = await Promise.all(Array.from({ length: 10 }, () => newCoupon()));
    const terms = packTerms();
    const packId = await newPack(removable.map((couponId) => ({ couponId, quantity: 3 })), terms);

    type Outcome = { kind: 'add' | 'remove' | 'edit'; key: string | number; status: number; body: Awaited<ReturnType<typeof send>>['body'] };
    const commands: Promise<Outcome>[] = [
      ...addable.map(async (couponId, i) => ({ kind: 'add' as const, key: couponId, ...(await send('POST', `/api/packs/${packId}/coupons`, { couponId, quantity: i + 1 })) })),
      ...removable.map(async (couponId) => ({ kind: 'remove' as const, key: couponId, ...(await send('DELETE', `/api/packs/${packId}/coupons/${couponId}`, undefined)) })),
      ...Array.from({ length: 5 }, async (_, i) => ({ kind: 'edit' as const, key: i, ...(await send('PUT', `/api/packs/${packId}`, { ...terms, name: `Concurrent name ${i}`, expectedRevision: 0 })) })),
    ];
    const outcomes = await Promise.all(commands);
    expect(outcomes).toHaveLength(20);

    // Every command succeeded or got a clear 4xx: adds and removes are re-decided on the fresh
    // stream, so they all succeed; edits carry revision 0, so at most one of them can win.
    for (const o of outcomes) {
      expect(o.status, JSON.stringify(o)).toBeLessThan(500);
      if (o.status >= 400) expect(o.body.errors?.length, JSON.stringify(o)).toBeGreaterThan(0);
    }
    expect(outcomes.filter((o) => o.kind !== 'edit').every((o) => o.status === 200)).toBe(true);
    const editWins = outcomes.filter((o) => o.kind === 'edit' && o.status === 200);
    expect(editWins.length).toBeLessThanOrEqual(1);
    for (const o of outcomes.filter((x) => x.kind === 'edit' && x.status !== 200)) {
      expect(o.status).toBe(409);
      expect(o.body.errors).toEqual([CONFLICT_MESSAGE]);
    }
    const successes = outcomes.filter((o) => o.status === 200);
    // Each success wrote its own event: distinct revisions 1..n.
    expect(successes.map((o) => o.body.dataSet!.revision as number).sort((a, b) => a - b)).toEqual(Array.from({ length: successes.length }, (_, i) => i + 1));

    const stream = await events(packStreamId(packId));
    expect(stream).toHaveLength(1 + successes.length);
    const state = await packState(packId);
    expect(state!.status).toBe('active');
    expect(state!.terms.name).toBe(editWins.length === 1 ? `Concurrent name ${editWins[0]!.key}` : terms.name);
    expect([...state!.items].sort((a, b) => a.couponId.localeCompare(b.couponId))).toEqual(
      addable.map((couponId, i) => ({ couponId, quantity: i + 1 })).sort((a, b) => a.couponId.localeCompare(b.couponId)),
    );
    // The stream's order is the order the commands won, and matches the revisions answered.
    for (const o of successes) {
      const event = stream[o.body.dataSet!.revision as number]!;
      if (o.kind === 'add') expect(event).toMatchObject({ type: 'PackCouponAdded', data: { couponId: o.key } });
      if (o.kind === 'remove') expect(event).toMatchObject({ type: 'PackCouponRemoved', data: { couponId: o.key } });
      if (o.kind === 'edit') expect(event.type).toBe('PackEdited');
    }
  }, 60_000);
});

describe('access', () => {
  it('an employee is refused every catalogue write, and nothing is stored', async () => {
    const couponId = await newCoupon();
    const packId = await newPack([{ couponId }]);
    const [couponsBefore, packBefore] = [(await events(couponStreamId(couponId))).length, (await events(packStreamId(packId))).length];
    const writes: [Method, string, unknown][] = [
      ['POST', '/api/coupons', couponTerms()],
      ['PUT', `/api/coupons/${couponId}`, { ...couponTerms(), expectedRevision: 0 }],
      ['POST', `/api/coupons/${couponId}/disable`, {}],
      ['POST', `/api/coupons/${couponId}/enable`, {}],
      ['POST', '/api/packs', { ...packTerms(), items: [{ couponId }] }],
      ['PUT', `/api/packs/${packId}`, { ...packTerms(), expectedRevision: 0 }],
      ['POST', `/api/packs/${packId}/disable`, {}],
      ['POST', `/api/packs/${packId}/enable`, {}],
      ['POST', `/api/packs/${packId}/coupons`, { couponId, quantity: 5 }],
      ['DELETE', `/api/packs/${packId}/coupons/${couponId}`, undefined],
    ];
    const catalogueEvents = async () => (await server.product.sql<{ n: number }[]>`select count(*)::int as n from es_events where stream_id like 'coupon-%' or stream_id like 'pack-%'`)[0]!.n;
    const before = await catalogueEvents();
    for (const [method, url, payload] of writes) {
      const res = await send(method, url, payload, employee);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await events(couponStreamId(couponId))).length).toBe(couponsBefore);
    expect((await events(packStreamId(packId))).length).toBe(packBefore);
    expect(await catalogueEvents()).toBe(before);
  });
});
