// @vitest-environment jsdom
// Route-level test of /unsubscribe/:token (issue 24): public, asks before it stops anything (mail scanners open
// links), stops reminders on the button, then offers My profile; a link that is not a token says so.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_TEXTS } from '@dealer/contracts';
import { ok } from '../../testing/answers';
import { server, startAppServer } from '../../testing/app-server';
import { renderApp } from '../../testing/render-app';

const t = MARKETING_CONSENT_TEXTS;
/** A token's shape: 16 bytes of customer id, the channel byte, 32 bytes of signature (base64url, 66 characters). */
const tokenFor = (channel: 1 | 2) => Buffer.concat([Buffer.alloc(16, 0xab), Buffer.from([channel]), Buffer.alloc(32, 0x5c)]).toString('base64url');
const posted: string[] = [];

startAppServer(
  http.post('/api/unsubscribe/:token', ({ params }) => {
    posted.push(String(params.token));
    return ok({ channel: 'email', granted: false }, { position: '7' });
  }),
);

describe('/unsubscribe/:token', () => {
  it('should ask first, stop reminder e-mails on the button, then say so and offer My profile', async () => {
    posted.length = 0;
    const token = tokenFor(1);
    const { user } = renderApp(`/unsubscribe/${token}`, { as: null });
    expect(await screen.findByRole('heading', { name: t.unsubscribeTitle, level: 1 })).toBeInTheDocument();
    expect(screen.getByText(t.unsubscribeQuestion('email'))).toBeInTheDocument();
    // Opening the page stops nothing.
    expect(posted).toEqual([]);

    await user.click(screen.getByRole('button', { name: t.unsubscribeButton('email') }));
    expect(await screen.findByText(t.unsubscribeDone('email'))).toBeInTheDocument();
    expect(posted).toEqual([token]);
    expect(screen.getByText(t.unsubscribeUndo)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.unsubscribeProfileLink })).toHaveAttribute('href', '/customer/profile');
  });

  it('should word a texts link for texts', async () => {
    renderApp(`/unsubscribe/${tokenFor(2)}`, { as: null });
    expect(await screen.findByText(t.unsubscribeQuestion('sms'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.unsubscribeButton('sms') })).toBeInTheDocument();
  });

  it("should show the server's refusal of a link that does not verify, and offer no button", async () => {
    server.use(http.post('/api/unsubscribe/:token', () => HttpResponse.json({ title: 'not_found', status: 404, errors: ['This unsubscribe link is not valid. You can turn reminders off in My profile after signing in.'] }, { status: 404 })));
    const { user } = renderApp(`/unsubscribe/${tokenFor(1)}`, { as: null });
    await user.click(await screen.findByRole('button', { name: t.unsubscribeButton('email') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: t.unsubscribeButton('email') })).toBeNull();
  });

  it('should say a cut-off link is not valid without asking anything', async () => {
    renderApp('/unsubscribe/abc', { as: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.unsubscribeInvalid);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
