// @vitest-environment jsdom
// Route-level tests of form drafts on /employee/sales (issue 23, SPEC 4 form cache; decision 0082): the customer
// profile editor opens a server-side draft, autosaves it 1000 ms after the last change, deletes it when closed, marks
// it submitting on save, and offers a draft left by a crash with Restore / Discard. The real app against MSW.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { FORM_DRAFT_TEXTS, formatMoney, type FormDraftOpening } from '@dealer/contracts';
import { PACK_SALE_TEXTS } from '../../../features/pack-sales/components/pack-sale-texts';
import { created, ok } from '../../../testing/answers';
import { server, startAppServer } from '../../../testing/app-server';
import { formDraftServer } from '../../../testing/form-drafts';
import { locations } from '../../../testing/fixtures/locations';
import { jane, janeCoupons, janeSale, janeSearchResult, oilPack } from '../../../testing/fixtures/sales';
import { employee, manager } from '../../../testing/identities';
import { renderApp } from '../../../testing/render-app';

const drafts = formDraftServer();
beforeEach(() => drafts.reset());

startAppServer(
  ...drafts.handlers,
  http.get('/api/locations', () => ok(locations)),
  http.get('/api/customer-search', () => ok([janeSearchResult])),
  http.get('/api/customers/:customerId', () => ok(jane)),
  http.get('/api/customers/:customerId/purchases', () => ok([janeSale])),
  http.get('/api/customers/:customerId/coupons', () => ok(janeCoupons)),
  http.get('/api/redemption-verifications', () => ok(null)),
  http.get('/api/packs', () => ok([oilPack])),
);

const janeProfile: FormDraftOpening = { formId: 'customer-profile', objectCacheModelId: jane.customerId, parentCacheModelId: null, parentKey: null, isObjectNew: false };

/** Picks Jane through Search Customer, the page's one customer search (decision 0078). */
async function pickJane(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Search customers' }, { timeout: 20_000 }));
  const search = await screen.findByRole('dialog', { name: 'Search Customer' });
  await user.type(within(search).getByRole('searchbox', { name: 'Search customers by phone, email, RO number or coupon code' }), 'Roe');
  await user.click(within(search).getByRole('button', { name: 'Search' }));
  await user.click(await within(search).findByText('Jane Roe'));
}

/** The sales page with Jane selected, then her profile editor. */
async function openJaneEditor(as = employee()) {
  const app = renderApp('/employee/sales', { as });
  await pickJane(app.user);
  await screen.findByRole('heading', { name: 'Jane Roe', level: 2 });
  await app.user.click(screen.getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
  return { ...app, dialog };
}

const methods = () => drafts.requests.map((r) => r.method);

describe('customer profile editor drafts', () => {
  it('should open a draft, autosave the values 1000 ms after the last change, and delete it on Cancel', async () => {
    const { user, dialog } = await openJaneEditor();
    await waitFor(() => expect(methods()).toEqual(['POST']));
    expect(drafts.requests[0]!.body).toEqual({ objectCacheToken: janeProfile });
    // Nothing offered: the draft is new.
    expect(within(dialog).queryByRole('button', { name: FORM_DRAFT_TEXTS.restore })).not.toBeInTheDocument();
    const city = within(dialog).getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Peoria');
    // Not on every key: one autosave after the typing stopped.
    expect(methods()).toEqual(['POST']);
    await waitFor(() => expect(methods()).toEqual(['POST', 'PUT']), { timeout: 3000 });
    const put = drafts.requests[1]!.body as { formId: string; values: Record<string, unknown> };
    expect(put.formId).toBe('customer-profile');
    expect(put.values).toMatchObject({ firstName: 'Jane', lastName: 'Roe', city: 'Peoria', isTaxExempt: false });
    expect(drafts.drafts()[0]!.values).toMatchObject({ city: 'Peoria' });
    // SPEC 3 browser storage: the open form is listed while it is open.
    expect(JSON.parse(window.localStorage.getItem('OPEN_FORMS') ?? '[]')).toMatchObject([{ formId: 'customer-profile', objectCacheModelId: jane.customerId }]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(methods()).toEqual(['POST', 'PUT', 'DELETE']));
    expect(drafts.drafts()).toEqual([]);
    expect(window.localStorage.getItem('OPEN_FORMS')).toBeNull();
  });

  it("should offer a crashed session's changes with the time-ago and fill the form on Restore", async () => {
    drafts.leave(janeProfile, { firstName: 'Janet', lastName: 'Roe', city: 'Peoria', isTaxExempt: true }, 3);
    const { user, dialog } = await openJaneEditor();
    const offer = await within(dialog).findByRole('status');
    expect(offer).toHaveTextContent(/^You have unsaved changes from 3 minutes ago, /);
    // The offered values are not overwritten while the person decides.
    await new Promise((r) => setTimeout(r, 1200));
    expect(methods()).toEqual(['POST']);
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('Jane');

    await user.click(within(offer).getByRole('button', { name: FORM_DRAFT_TEXTS.restore }));
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('Janet');
    expect(within(dialog).getByLabelText('City')).toHaveValue('Peoria');
    expect(within(dialog).getByRole('switch', { name: /Tax Exempt/ })).toBeChecked();
    expect(within(dialog).queryByRole('button', { name: FORM_DRAFT_TEXTS.restore })).not.toBeInTheDocument();
    // The restored values are the draft's again.
    await waitFor(() => expect(methods()).toEqual(['POST', 'PUT']), { timeout: 3000 });
  });

  it('should keep an offered draft when the editor closes before Restore or Discard was chosen', async () => {
    const left = drafts.leave(janeProfile, { firstName: 'Janet' }, 3);
    const { user, dialog } = await openJaneEditor();
    await within(dialog).findByRole('status');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Customer' })).not.toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 300));
    expect(methods()).toEqual(['POST']);
    expect(drafts.drafts().map((d) => d.objectCacheToken.objectCacheId)).toEqual([left]);
    // Opened again, it is offered again.
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await within(await screen.findByRole('dialog', { name: 'Edit Customer' })).findByRole('status')).toHaveTextContent(/^You have unsaved changes from 3 minutes ago/);
  });

  it('should delete the offered draft on Discard and keep the form as loaded', async () => {
    const left = drafts.leave(janeProfile, { firstName: 'Janet' }, 90);
    const { user, dialog } = await openJaneEditor();
    const offer = await within(dialog).findByRole('status');
    expect(offer).toHaveTextContent(/^You have unsaved changes from 1 hour ago, /);
    await user.click(within(offer).getByRole('button', { name: FORM_DRAFT_TEXTS.discard }));
    await waitFor(() => expect(methods()).toEqual(['POST', 'DELETE', 'POST']));
    expect(drafts.requests[1]!.objectCacheId).toBe(left);
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('Jane');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    // A fresh, empty draft for the rest of this session.
    expect(drafts.drafts()).toMatchObject([{ values: null }]);
  });

  it('should mark the draft submitting on save and delete it once the save succeeded', async () => {
    server.use(http.put('/api/customers/:customerId', () => created({ customerId: jane.customerId, revision: 2 }, '9')));
    const { user, dialog } = await openJaneEditor(manager());
    await waitFor(() => expect(methods()).toEqual(['POST']));
    const city = within(dialog).getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Peoria');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Customer' })).not.toBeInTheDocument());
    await waitFor(() => expect(methods().slice(-2)).toEqual(['PATCH', 'DELETE']));
    expect(drafts.requests.find((r) => r.method === 'PATCH')!.body).toEqual({ isSubmitting: true });
    expect(drafts.drafts()).toEqual([]);
  });

  it("should offer the sell dialog's unfinished sale for the same customer and restore the pack chosen", async () => {
    drafts.leave({ formId: 'sell-pack', objectCacheModelId: null, parentCacheModelId: null, parentKey: jane.customerId, isObjectNew: true }, { locationId: String(locations[0]!.locationId), packId: oilPack.packId, changePrice: false, priceText: '', reason: '' }, 5);
    const app = renderApp('/employee/sales', { as: employee() });
    await pickJane(app.user);
    await app.user.click(await screen.findByRole('button', { name: PACK_SALE_TEXTS.sellPack }));
    const dialog = await screen.findByRole('dialog', { name: PACK_SALE_TEXTS.sellTitle });
    const offer = await within(dialog).findByRole('status');
    expect(offer).toHaveTextContent(/^You have unsaved changes from 5 minutes ago, /);
    expect(drafts.requests[0]!.body).toMatchObject({ objectCacheToken: { formId: 'sell-pack', parentKey: jane.customerId, isObjectNew: true } });
    await within(dialog).findByRole('option', { name: `${oilPack.name} (${formatMoney(oilPack.price)})` });
    await app.user.click(within(offer).getByRole('button', { name: FORM_DRAFT_TEXTS.restore }));
    expect(within(dialog).getByRole('combobox', { name: PACK_SALE_TEXTS.pack })).toHaveValue(oilPack.packId);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(drafts.drafts()).toEqual([]));
  });
});
