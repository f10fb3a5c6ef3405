/**
 * A small stand-in for Stripe.js (https://js.stripe.com/v3) for browser tests, which never reach
 * Stripe: STRIPE_JS_URL points the product's checkout at it. It implements only the calls the
 * checkout makes, shaped as Stripe.js documents them, and talks to the local Stripe-speaking
 * server (stripe-server.ts) the way Stripe.js talks to api.stripe.com: with the publishable key
 * and the PaymentIntent's client secret.
 *
 * - Stripe(publishableKey) -> { elements({clientSecret}), confirmPayment({elements, confirmParams:
 *   {return_url}, redirect: 'if_required'}) }.
 * - elements.create('payment').mount(element) puts an iframe from this server's origin in the
 *   element (as Stripe's Payment Element is an iframe from js.stripe.com), holding a "Card number"
 *   field; the page never sees the number: confirmPayment asks the frame by postMessage.
 * - The card numbers are Stripe's test cards, mapped to Stripe's test PaymentMethods the local
 *   server knows: 4242 4242 4242 4242 -> pm_card_visa, 4000 0000 0000 0002 -> pm_card_chargeDeclined,
 *   4000 0000 0000 9995 -> pm_card_chargeDeclinedInsufficientFunds, 4000 0000 0000 0069 ->
 *   pm_card_chargeDeclinedExpiredCard. Any other number is a validation_error, as the element says.
 * - confirmPayment resolves {paymentIntent} or {error} (card_error with Stripe's message). 3-D
 *   Secure and redirect-based methods are not simulated (an error says so).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripeJs {
  /** The script's address, for STRIPE_JS_URL. */
  url: string;
  /** Every path asked for (the script, the frame), to show the browser loaded them from here. */
  served(): string[];
  close(): Promise<void>;
}

const FRAME_TITLE = 'Secure card payment input frame';

function stripeJs(origin: string, apiUrl: string): string {
  return `(() => {
  const ORIGIN = ${JSON.stringify(origin)};
  const API = ${JSON.stringify(apiUrl)};
  const CARDS = {
    '4242424242424242': 'pm_card_visa',
    '4000000000000002': 'pm_card_chargeDeclined',
    '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
    '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
  };
  let asked = 0;
  function cardFrom(frame) {
    return new Promise((resolve, reject) => {
      const id = ++asked;
      const timer = setTimeout(() => { window.removeEventListener('message', onMessage); reject(new Error('the card frame did not answer')); }, 5000);
      function onMessage(event) {
        if (event.origin !== ORIGIN || !event.data || event.data.type !== 'fake-stripe:card' || event.data.id !== id) return;
        clearTimeout(timer);
        window.removeEventListener('message', onMessage);
        resolve(String(event.data.card || ''));
      }
      window.addEventListener('message', onMessage);
      frame.contentWindow.postMessage({ type: 'fake-stripe:collect', id }, ORIGIN);
    });
  }
  window.Stripe = function Stripe(key) {
    if (!/^pk_(test|live)_/.test(String(key))) throw new Error('Invalid publishable key');
    return {
      elements(options) {
        const clientSecret = options && options.clientSecret;
        if (!/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/.test(String(clientSecret))) throw new Error('Invalid clientSecret');
        const elements = { clientSecret, frame: null };
        elements.create = (type) => {
          if (type !== 'payment') throw new Error('This fake Stripe.js makes only the Payment Element');
          return {
            mount(target) {
              const frame = document.createElement('iframe');
              frame.src = ORIGIN + '/elements-inner-payment';
              frame.title = ${JSON.stringify(FRAME_TITLE)};
              frame.style.border = '0';
              frame.style.width = '100%';
              frame.style.height = '4.5rem';
              target.appendChild(frame);
              elements.frame = frame;
            },
            destroy() {
              if (elements.frame) elements.frame.remove();
              elements.frame = null;
            },
          };
        };
        return elements;
      },
      async confirmPayment(options) {
        const { elements, confirmParams, redirect } = options || {};
        if (!elements || !elements.frame) return { error: { type: 'integration_error', message: 'The Payment Element is not mounted.' } };
        if (!confirmParams || !confirmParams.return_url) return { error: { type: 'integration_error', message: 'return_url is required.' } };
        const digits = (await cardFrom(elements.frame)).replace(/[\\s-]/g, '');
        const paymentMethod = CARDS[digits];
        if (!paymentMethod) return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is invalid.' } };
        const intentId = elements.clientSecret.split('_secret_')[0];
        const body = new URLSearchParams({ key, client_secret: elements.clientSecret, payment_method: paymentMethod, return_url: confirmParams.return_url });
        const response = await fetch(API + '/v1/payment_intents/' + encodeURIComponent(intentId) + '/confirm', {
          method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body,
        });
        const answer = await response.json();
        if (!response.ok) return { error: answer.error };
        if (answer.status === 'requires_action') return { error: { type: 'invalid_request_error', message: 'The fake Stripe.js does not simulate 3-D Secure.' } };
        if (redirect !== 'if_required') window.location.assign(confirmParams.return_url);
        return { paymentIntent: answer };
      },
    };
  };
})();
`;
}

const FRAME_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>Card</title></head>
<body style="margin:0;font:16px sans-serif">
<label for="card">Card number</label><br>
<input id="card" autocomplete="cc-number" inputmode="numeric" style="width:95%;font-size:16px">
<script src="/elements-inner-payment.js"></script>
</body></html>`;

const FRAME_JS = `window.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== 'fake-stripe:collect') return;
  event.source.postMessage({ type: 'fake-stripe:card', id: event.data.id, card: document.getElementById('card').value }, event.origin);
});`;

export async function startFakeStripeJs(options: { apiUrl: string }): Promise<FakeStripeJs> {
  const served: string[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    served.push(path);
    if (path === '/v3') {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(stripeJs(origin, options.apiUrl.replace(/\/$/, '')));
    } else if (path === '/elements-inner-payment') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(FRAME_HTML);
    } else if (path === '/elements-inner-payment.js') {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' });
      res.end(FRAME_JS);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/v3`,
    served: () => [...served],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export const FAKE_STRIPE_FRAME_TITLE = FRAME_TITLE;
