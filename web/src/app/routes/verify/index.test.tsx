// @vitest-environment jsdom
// Route-level test of /verify (issue 23): signed out, what it is for and a sign-in that returns here (no
// refresh asked); signed in as a customer, their open verifications answered without a link, and a pending
// phone change confirmed with its code or declined.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RedemptionVerificationCodeSubmission } from '@dealer/contracts';
import { REDEMPTION_ANSWER_TEXTS } from '../../../features/redemption-answer/components/redemption-answer';
import { ok } from '../../../testing/answers';
import { server, startAppServer } from '../../../testing/app-server';
import { jane } from '../../../testing/fixtures/sales';
import { pendingVerification } from '../../../testing/fixtures/verifications';
import { customer } from '../../../testing/identities';
import { renderApp } from '../../../testing/render-app';
import { VERIFY_TEXTS } from './index';

const answers: RedemptionVerificationCodeSubmission[] = [];
/** GET /api/redemption-verifications calls so far. */
let gets = 0;
const refreshes: string[] = [];
const verification = pendingVerification(5);

startAppServer(
  http.get('/api/redemption-verifications', ({ request }) => {
    expect(new URL(request.url).searchParams.get('customerId')).toBe(jane.customerId);
    gets += 1;
    // Once answered it is no longer open.
    return ok(answers.length > 0 ? [] : [verification]);
  }),
  http.get('/api/customers/:customerId', () => ok({ ...jane, pendingPhone: '2175550199' })),
  http.put('/api/redemption-verifications', async ({ request }) => {
    const body = (await request.json()) as RedemptionVerificationCodeSubmission;
    answers.push(body);
    return ok({
      ...verification,
      status: 'declined',
      isFinal: true,
      isComplete: true,
      opCodes: [
        { ...verification.opCodes[0]!, answer: 'approved' },
        { ...verification.opCodes[1]!, answer: 'declined' },
      ],
    });
  }),
);

describe('/verify', () => {
  it('should explain the page to someone signed out and offer a sign-in that comes back, without asking for a session', async () => {
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/auth-api/refresh') refreshes.push(request.method);
    });
    renderApp('/verify', { as: null });

    expect(await screen.findByRole('heading', { name: VERIFY_TEXTS.title, level: 1 })).toBeInTheDocument();
    expect(screen.getByText(VERIFY_TEXTS.anonymousLead)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: VERIFY_TEXTS.signIn })).toHaveAttribute('href', `/auth/login?destination=${encodeURIComponent('/verify')}`);
    expect(refreshes).toEqual([]);
    server.events.removeAllListeners();
  });

  it("should list the customer's open verification, sent 5 minutes ago, and send the answer without a link", async () => {
    const { user } = renderApp('/verify', { as: customer(jane.customerId) });

    const item = await screen.findByRole('article', { name: /RO# 7400123/ });
    expect(within(item).getByText('Sent 5 minutes ago')).toBeInTheDocument();
    const lof = within(item).getByRole('group', { name: 'LOF Oil and filter' });
    const rot = within(item).getByRole('group', { name: 'ROT Tire rotation' });
    await user.click(within(lof).getByRole('radio', { name: REDEMPTION_ANSWER_TEXTS.approve }));
    await user.click(within(rot).getByRole('radio', { name: REDEMPTION_ANSWER_TEXTS.decline }));
    const getsBefore = gets;
    await user.click(within(item).getByRole('button', { name: REDEMPTION_ANSWER_TEXTS.submit }));

    expect(await within(item).findByText(REDEMPTION_ANSWER_TEXTS.thanks)).toBeInTheDocument();
    // The list is read again and no longer has it: the answered one stays, with its thank-you, while the customer is here.
    await waitFor(() => expect(gets).toBeGreaterThan(getsBefore));
    expect(screen.getByRole('article', { name: /RO# 7400123/ })).toHaveTextContent(REDEMPTION_ANSWER_TEXTS.thanks);
    expect(answers).toEqual([{ codeId: verification.redemptionVerificationId, reply: { approvedOpCodes: ['LOF'], declinedOpCodes: ['ROT'] } }]);
  });

  it('should offer the code entry for a pending phone change, and say how to decline it', async () => {
    renderApp('/verify', { as: customer(jane.customerId) });

    const contact = await screen.findByRole('region', { name: VERIFY_TEXTS.contactTitle });
    expect(await within(contact).findByRole('textbox', { name: /Code/ })).toBeInTheDocument();
    expect(within(contact).getByText(/New number: \(217\) 555-0199/)).toBeInTheDocument();
    expect(within(contact).getByText(VERIFY_TEXTS.phoneDecline)).toBeInTheDocument();
  });

  it('should decline a pending phone change once the customer confirms, and show nothing pending after', async () => {
    const declines: unknown[] = [];
    let pendingPhone: string | null = '2175550199';
    server.use(
      http.get('/api/customers/:customerId', () => ok({ ...jane, pendingPhone })),
      http.post('/api/contact-change-declines', async ({ request }) => {
        declines.push(await request.json());
        pendingPhone = null;
        return ok({ customerId: jane.customerId, kind: 'phone', declined: true });
      }),
    );
    const { user } = renderApp('/verify', { as: customer(jane.customerId) });

    const contact = await screen.findByRole('region', { name: VERIFY_TEXTS.contactTitle });
    await user.click(await within(contact).findByRole('button', { name: VERIFY_TEXTS.declineButton('phone') }));
    // Asked first: No keeps the change.
    const ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByText(VERIFY_TEXTS.declineConfirm('phone'))).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(VERIFY_TEXTS.declined('phone'))).toBeInTheDocument();
    expect(declines).toEqual([{ customerId: jane.customerId, type: 'phone' }]);
    expect(await within(contact).findByText(VERIFY_TEXTS.noContactChanges)).toBeInTheDocument();
  });
});
