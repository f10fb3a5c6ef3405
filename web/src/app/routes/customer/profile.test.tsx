// @vitest-environment jsdom
// Route-level test of /customer/profile's Reminders section (issue 24): the customer's consent to reminders before
// their coupons expire, shown as it is and saved on change with a toast; texts need a mobile phone.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_TEXTS, type Customer } from '@dealer/contracts';
import { ok } from '../../../testing/answers';
import { server, startAppServer } from '../../../testing/app-server';
import { jane } from '../../../testing/fixtures/sales';
import { customer } from '../../../testing/identities';
import { renderApp } from '../../../testing/render-app';

const t = MARKETING_CONSENT_TEXTS;
/** Jane as the server holds her now, and the consent changes the page sent. */
let stored: Customer;
const sent: unknown[] = [];

startAppServer(
  http.get('/api/customers/:customerId', () => ok({ ...stored, revision: 3 })),
  http.put('/api/customers/:customerId/marketing-consent', async ({ request, params }) => {
    const body = (await request.json()) as { channel: 'email' | 'sms'; granted: boolean };
    sent.push({ customerId: params.customerId, ...body });
    stored = { ...stored, marketingConsent: { ...stored.marketingConsent!, [body.channel]: body.granted } };
    return ok({ customerId: jane.customerId, channel: body.channel, granted: body.granted, changed: true, revision: 4 }, { position: '42' });
  }),
);

const reminders = async () => within(await screen.findByRole('region', { name: t.sectionTitle }));

describe('/customer/profile Reminders', () => {
  it('should show the current consent and save a change of texts with a toast', async () => {
    stored = { ...jane, marketingConsent: { email: true, sms: false } };
    sent.length = 0;
    const { user } = renderApp('/customer/profile', { as: customer(jane.customerId) });
    const section = await reminders();
    const email = section.getByRole('switch', { name: t.emailLabel });
    const texts = section.getByRole('switch', { name: t.smsLabel });
    expect(email).toBeChecked();
    expect(texts).not.toBeChecked();
    expect(texts).toBeEnabled();
    // The texts switch carries the consent wording.
    expect(texts).toHaveAccessibleDescription(t.smsDisclosure);
    expect(t.smsDisclosure).toContain('Msg & data rates may apply. Reply STOP to opt out, HELP for help.');

    await user.click(texts);
    expect(await screen.findByText(t.saved('sms', true))).toBeInTheDocument();
    expect(sent).toEqual([{ customerId: jane.customerId, channel: 'sms', granted: true }]);
    await waitFor(() => expect(section.getByRole('switch', { name: t.smsLabel })).toBeChecked());

    await user.click(section.getByRole('switch', { name: t.emailLabel }));
    expect(await screen.findByText(t.saved('email', false))).toBeInTheDocument();
    await waitFor(() => expect(section.getByRole('switch', { name: t.emailLabel })).not.toBeChecked());
    expect(sent).toHaveLength(2);
  });

  it('should keep texts off with an explanation when there is no mobile phone', async () => {
    stored = { ...jane, phoneMobile: null, marketingConsent: { email: true, sms: false } };
    renderApp('/customer/profile', { as: customer(jane.customerId) });
    const section = await reminders();
    const texts = section.getByRole('switch', { name: t.smsLabel });
    expect(texts).toBeDisabled();
    expect(texts).toHaveAccessibleDescription(t.smsNeedsMobile);
  });

  it("should put a switch back and show the server's message when a change is refused", async () => {
    stored = { ...jane, marketingConsent: { email: true, sms: false } };
    server.use(
      http.put('/api/customers/:customerId/marketing-consent', () =>
        HttpResponse.json({ title: 'validation', status: 400, errors: ['Add a mobile phone number before turning on reminder texts.'], fields: { channel: 'Add a mobile phone number before turning on reminder texts.' } }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/customer/profile', { as: customer(jane.customerId) });
    const section = await reminders();
    await user.click(section.getByRole('switch', { name: t.smsLabel }));
    expect(await screen.findByText('Add a mobile phone number before turning on reminder texts.')).toBeInTheDocument();
    await waitFor(() => expect(section.getByRole('switch', { name: t.smsLabel })).not.toBeChecked());
  });
});
