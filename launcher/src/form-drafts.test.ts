/**
 * Form drafts (issue 23, SPEC 4 form cache; decision 0082) through HTTP against real PostgreSQL:
 * opening creates or loads one draft per user, form and object; the autosave keeps typed values
 * sealed (no clear text in the table); only the owner reads, saves, marks or deletes (another
 * user gets 404); a draft past its lifetime is not found and the workers' sweep removes it; a
 * customer's erasure removes the drafts about them; the size maximum; Idempotency-Key replays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_DRAFT_LIMITS, FORM_DRAFT_MESSAGES, type FormDraftView } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { sweepExpiredFormDrafts } from '@dealer/workers';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';

let server: TestServer;
let employee: Record<string, string>;
let manager: Record<string, string>;
let admin: Record<string, string>;
let customer: Record<string, string>;
const pat = deterministicUuid('demo-customer-0');

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  employee = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
  admin = (await loginAs(server, 'admin')).headers;
  customer = (await loginAs(server, 'customer')).headers;
});
afterAll(async () => {
  await server?.stop();
});

type Answer = { status: number; body: { dataSet: FormDraftView; errors?: string[]; fields?: Record<string, string> } };
const send = async (headers: Record<string, string>, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<Answer> => {
  const res = await server.product.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  return { status: res.statusCode, body: res.json() };
};
const token = (formId: string, objectCacheModelId: string | null, extra: Record<string, unknown> = {}) => ({
  objectCacheToken: { formId, objectCacheModelId, parentCacheModelId: null, parentKey: null, isObjectNew: objectCacheModelId === null, ...extra },
});
const open = (headers: Record<string, string>, formId: string, objectId: string | null, extra: Record<string, unknown> = {}) => send(headers, 'POST', '/api/form-drafts', token(formId, objectId, extra));
const save = (headers: Record<string, string>, id: string, formId: string, values: Record<string, unknown>) => send(headers, 'PUT', `/api/form-drafts/${id}`, { formId, values });
const rowsOf = (id: string) => server.product.sql<{ sealed_values: unknown; customer_id: string | null; is_submitting: boolean }[]>`select sealed_values, customer_id, is_submitting from form_drafts where draft_id = ${id}`;

describe('form drafts', () => {
  it('should create a draft on first open, load the same one on the next, with the values autosaved, sealed', async () => {
    const first = await open(employee, 'customer-profile', pat);
    expect(first.status).toBe(200);
    const draft = first.body.dataSet;
    expect(draft).toMatchObject({ existed: false, values: null, savedAt: null });
    expect(draft.objectCacheToken).toMatchObject({ formId: 'customer-profile', objectCacheModelId: pat, isObjectNew: false, isSubmitting: false });
    const id = draft.objectCacheToken.objectCacheId;

    const saved = await save(employee, id, 'customer-profile', { firstName: 'Patricia-Draft', city: 'Boulder', isTaxExempt: true });
    expect(saved.status).toBe(200);
    expect(saved.body.dataSet.values).toEqual({ firstName: 'Patricia-Draft', city: 'Boulder', isTaxExempt: true });
    expect(saved.body.dataSet.savedAt).not.toBeNull();

    // The browser crashed; the same form on the same customer opens again.
    const again = await open(employee, 'customer-profile', pat);
    expect(again.body.dataSet).toMatchObject({ existed: true, values: { firstName: 'Patricia-Draft', city: 'Boulder', isTaxExempt: true } });
    expect(again.body.dataSet.objectCacheToken.objectCacheId).toBe(id);
    expect(Date.parse(again.body.dataSet.expiresAt) - Date.parse(again.body.dataSet.savedAt!)).toBe(FORM_DRAFT_LIMITS.lifetimeDays * 86_400_000);

    // Sealed with the customer's key: the table holds no clear text of the values.
    const [row] = await rowsOf(id);
    expect(row!.customer_id).toBe(pat);
    expect(JSON.stringify(row!.sealed_values)).not.toContain('Patricia-Draft');
    expect(JSON.stringify(row!.sealed_values)).not.toContain('Boulder');

    // Saving marks it submitting; a successful save deletes it; afterwards it is gone.
    expect((await send(employee, 'PATCH', `/api/form-drafts/${id}`, { isSubmitting: true })).body.dataSet.objectCacheToken.isSubmitting).toBe(true);
    expect((await rowsOf(id))[0]!.is_submitting).toBe(true);
    expect((await send(employee, 'DELETE', `/api/form-drafts/${id}`)).status).toBe(200);
    expect(await rowsOf(id)).toEqual([]);
    expect((await save(employee, id, 'customer-profile', { firstName: 'Late' })).status).toBe(404);
    expect((await open(employee, 'customer-profile', pat)).body.dataSet).toMatchObject({ existed: false, values: null });
  });

  it("should keep each user's drafts their own: another user gets 404 and a draft of their own", async () => {
    const mine = (await open(employee, 'pack-editor', null)).body.dataSet.objectCacheToken.objectCacheId;
    expect((await save(employee, mine, 'pack-editor', { name: 'Winter care', locationIds: ['1', '2'] })).status).toBe(200);
    for (const other of [manager, admin]) {
      expect((await save(other, mine, 'pack-editor', { name: 'Taken over' })).status).toBe(404);
      expect((await send(other, 'PATCH', `/api/form-drafts/${mine}`, { isSubmitting: true })).status).toBe(404);
      const deleted = await send(other, 'DELETE', `/api/form-drafts/${mine}`);
      expect(deleted.status).toBe(404);
      expect(deleted.body.errors).toEqual([FORM_DRAFT_MESSAGES.notFound]);
      // The same form opened by another user is another draft, with nothing of the first.
      const theirs = (await open(other, 'pack-editor', null)).body.dataSet;
      expect(theirs.objectCacheToken.objectCacheId).not.toBe(mine);
      expect(theirs.values).toBeNull();
    }
    expect((await open(employee, 'pack-editor', null)).body.dataSet.values).toEqual({ name: 'Winter care', locationIds: ['1', '2'] });
    // Customers keep no drafts (staff forms only).
    expect((await open(customer, 'customer-profile', pat)).status).toBe(403);
  });

  it('should refuse values of the wrong type, unknown fields and a draft over the size maximum, naming the field', async () => {
    const id = (await open(employee, 'coupon-editor', null)).body.dataSet.objectCacheToken.objectCacheId;
    const refused = async (values: Record<string, unknown>, field: string, message: string) => {
      const res = await save(employee, id, 'coupon-editor', values);
      expect(res.status, JSON.stringify(values).slice(0, 80)).toBe(400);
      expect(res.body.errors).toEqual([message]);
      expect(res.body.fields).toEqual({ [field]: message });
    };
    await refused({ name: true }, 'values.name', FORM_DRAFT_MESSAGES.notText('values.name'));
    await refused({ laborTypes: 'C' }, 'values.laborTypes', FORM_DRAFT_MESSAGES.notList('values.laborTypes'));
    await refused({ firstName: 'Pat' }, 'values.firstName', FORM_DRAFT_MESSAGES.unknownField('values.firstName'));
    await refused({ name: 'x'.repeat(1001) }, 'values.name', FORM_DRAFT_MESSAGES.tooLong('values.name'));
    // Each field within its maximum, the whole over the size maximum (UTF-8 bytes: '€' is three).
    const big = { name: '€'.repeat(1000), description: '€'.repeat(4000), opCodes: 'o'.repeat(1000), locationIds: Array.from({ length: 200 }, (_, i) => String(100000 + i)) };
    await refused({ ...big, maxPerRo: '1' }, 'values', FORM_DRAFT_MESSAGES.tooLarge);
    // A schema type error (a number where text belongs) is a 400 naming the field too.
    const typed = await save(employee, id, 'coupon-editor', { name: 12 });
    expect(typed.status).toBe(400);
    // Saved under another form's name: refused.
    expect((await save(employee, id, 'pack-editor', { name: 'x' })).body.errors).toEqual([FORM_DRAFT_MESSAGES.formMismatch]);
    // An existing object must be named; a customer's draft names a customer id.
    expect((await send(employee, 'POST', '/api/form-drafts', token('customer-profile', null, { isObjectNew: false }))).status).toBe(400);
    expect((await open(employee, 'sell-pack', null, { parentKey: 'not-a-customer' })).body.fields).toEqual({ 'objectCacheToken.parentKey': 'objectCacheToken.parentKey must be a customer id.' });
    expect((await open(employee, 'no-such-form', null)).status).toBe(400);
  });

  it('should not find a draft past its lifetime, and the sweep should remove it', async () => {
    const id = (await open(employee, 'paper-conversion', null)).body.dataSet.objectCacheToken.objectCacheId;
    expect((await save(employee, id, 'paper-conversion', { step: 'action', book: 'PB-1001', customer: null })).status).toBe(200);
    await server.product.sql`update form_drafts set expires_at = now() - interval '1 minute' where draft_id = ${id}`;
    expect((await save(employee, id, 'paper-conversion', { step: 'action' })).status).toBe(404);
    expect(await sweepExpiredFormDrafts(server.product.sql)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(id)).toEqual([]);
    // Opening the form again starts afresh.
    expect((await open(employee, 'paper-conversion', null)).body.dataSet).toMatchObject({ existed: false, values: null });
  });

  it("should remove the drafts about a customer with the customer's erasure", async () => {
    const created = await server.product.app.inject({
      method: 'POST', url: '/api/customers', headers: employee,
      payload: { firstName: 'Draftella', lastName: 'Erasable', emailAddress: 'draftella@drafts.example', phoneMobile: '7205550188', isTaxExempt: false },
    });
    expect(created.statusCode).toBe(201);
    const customerId = created.json().dataSet.customerId as string;
    const profile = (await open(employee, 'customer-profile', customerId)).body.dataSet.objectCacheToken.objectCacheId;
    const sale = (await open(manager, 'sell-pack', null, { parentKey: customerId })).body.dataSet.objectCacheToken.objectCacheId;
    expect((await save(employee, profile, 'customer-profile', { firstName: 'Draftella', address: '9 Unsaved Lane' })).status).toBe(200);
    expect((await save(manager, sale, 'sell-pack', { packId: 'p', reason: 'Draftella asked' })).status).toBe(200);
    const other = (await open(employee, 'customer-profile', pat)).body.dataSet.objectCacheToken.objectCacheId;

    const erased = await server.product.app.inject({ method: 'POST', url: '/api/customer-erasure', headers: admin, payload: { customerId, reason: 'Customer asked' } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await rowsOf(profile)).toEqual([]);
    expect(await rowsOf(sale)).toEqual([]);
    expect((await rowsOf(other)).length).toBe(1);
    // Their form cannot keep a draft any more (the key is gone).
    expect((await open(employee, 'customer-profile', customerId)).status).toBe(409);
  });

  it('should answer a repeated request with an Idempotency-Key once, and delete a parent with its child drafts', async () => {
    const key = { ...employee, 'idempotency-key': `form-draft-${Date.now()}` };
    const a = await open(key, 'sell-pack', null, { parentKey: pat });
    const b = await open(key, 'sell-pack', null, { parentKey: pat });
    expect(b.body.dataSet.objectCacheToken.objectCacheId).toBe(a.body.dataSet.objectCacheToken.objectCacheId);
    const parent = a.body.dataSet.objectCacheToken.objectCacheId;
    const child = (await open(employee, 'customer-profile', null, { parentCacheModelId: parent })).body.dataSet.objectCacheToken.objectCacheId;
    expect((await send(employee, 'DELETE', `/api/form-drafts/${parent}`)).status).toBe(200);
    expect(await rowsOf(child)).toEqual([]);
  });
});
