// @vitest-environment jsdom
// Route-level test of the paper conversion wizard's draft (issue 23, decision 0082): where the wizard stood after a
// crash is offered on opening it again; Restore returns to that step with its book; moving between steps keeps the
// one draft (the steps are separate routes; a layout holds it) and autosaves the new step.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { cents, FORM_DRAFT_TEXTS, type FormDraftOpening, type PaperBookView } from '@dealer/contracts';
import { PAPER_TEXTS } from '../../../features/paper-conversion/components/paper-conversion-texts';
import { ok } from '../../../testing/answers';
import { startAppServer } from '../../../testing/app-server';
import { formDraftServer } from '../../../testing/form-drafts';
import { locations } from '../../../testing/fixtures/locations';
import { openPaperBook } from '../../../testing/fixtures/paper-books';
import { employee } from '../../../testing/identities';
import { renderApp } from '../../../testing/render-app';

const book: PaperBookView = {
  ...openPaperBook,
  coupons: [
    {
      number: 1, couponId: 'coupon-1', name: 'Oil and filter change', description: null, opCodes: ['LOF'], value: { kind: 'fixed', amount: cents(4995) },
      laborTypes: ['C'], locationIds: [1], locationNames: ['North Motors'], expiresOn: '2027-10-01', expiresAt: '2027-10-02T06:00:00.000Z',
      allocatedValue: cents(2475), status: 'available', redemption: null,
    },
  ],
};

const drafts = formDraftServer();
beforeEach(() => drafts.reset());

startAppServer(
  ...drafts.handlers,
  http.get('/api/locations', () => ok(locations)),
  http.get('/api/paper-books/:bookNumber', () => ok(book)),
);

const wizard: FormDraftOpening = { formId: 'paper-conversion', objectCacheModelId: null, parentCacheModelId: null, parentKey: null, isObjectNew: true };

describe('paper conversion wizard draft', () => {
  it('should offer where the wizard stood, return there on Restore, and keep one draft across steps', async () => {
    drafts.leave(wizard, { step: 'action', book: 'PB-10001', customer: null }, 4);
    const { user } = renderApp('/employee/paper-conversion/book-number', { as: employee() });
    const offer = (await screen.findByText(/You have unsaved changes from/)).closest('[role="status"]') as HTMLElement;
    expect(offer).toHaveTextContent(/^You have unsaved changes from 4 minutes ago, /);
    await user.click(within(offer).getByRole('button', { name: FORM_DRAFT_TEXTS.restore }));
    expect(await screen.findByRole('heading', { name: `${PAPER_TEXTS.title}: Action`, level: 1 })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/employee/paper-conversion/action?book=PB-10001');

    await user.click(await screen.findByRole('link', { name: PAPER_TEXTS.redeemAction }));
    expect(await screen.findByRole('heading', { name: `${PAPER_TEXTS.title}: Paper Redeem`, level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(drafts.drafts()[0]?.values).toEqual({ step: 'paper-redeem', book: 'PB-10001', customer: null }), { timeout: 3000 });
    // One draft opened for the whole wizard: no step change closed it.
    expect(drafts.requests.map((r) => r.method).filter((m) => m !== 'PUT')).toEqual(['POST']);
    expect(drafts.drafts()).toHaveLength(1);
  });
});
