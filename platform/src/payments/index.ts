/**
 * Choosing the payment provider from the validated settings (platform's loadEnv):
 * PAYMENT_PROVIDER=stripe -> Stripe with STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET (STRIPE_API_URL
 * for tests); PAYMENT_PROVIDER=demo -> the demo provider, only in demo mode; unset (production
 * mode only: demo mode defaults to demo) -> null, and online purchase says it is not available.
 */
import { createHash } from 'node:crypto';
import type { Agent } from 'node:http';
import { DemoPaymentProvider } from './demo';
import type { PaymentProvider, WebhookRequest } from './port';
import { StripePaymentProvider } from './stripe';

export * from './port';
export { DemoPaymentProvider, DEMO_PAYMENT_NOTICE, DEMO_SIGNATURE_HEADER, DEMO_TEST_CARDS } from './demo';
export { StripePaymentProvider, STRIPE_JS_URL_DEFAULT, notificationOf as stripeNotificationOf } from './stripe';

export interface PaymentSettings {
  APP_MODE: 'demo' | 'production';
  PAYMENT_PROVIDER?: 'stripe' | 'demo' | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_URL?: string | undefined;
  STRIPE_JS_URL?: string | undefined;
  /** loadEnv's authSecret: the demo provider's notifications are signed with a key derived from it. */
  authSecret: string;
}

export function createPaymentProvider(
  env: PaymentSettings,
  options: { deliverDemoNotification?: (request: WebhookRequest) => Promise<void>; httpAgent?: Agent } = {},
): PaymentProvider | null {
  switch (env.PAYMENT_PROVIDER) {
    case 'stripe':
      if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
      if (env.APP_MODE === 'production' && env.STRIPE_API_URL) throw new Error('STRIPE_API_URL is refused in production mode');
      return new StripePaymentProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiUrl: env.STRIPE_API_URL,
        jsUrl: env.STRIPE_JS_URL,
        ...(options.httpAgent ? { httpAgent: options.httpAgent } : {}),
      });
    case 'demo':
      // The constructor refuses production mode too.
      return new DemoPaymentProvider({
        appMode: env.APP_MODE,
        webhookSecret: createHash('sha256').update(`demo-payment-webhooks\0${env.authSecret}`).digest('hex'),
        ...(options.deliverDemoNotification ? { deliver: options.deliverDemoNotification } : {}),
      });
    default:
      return null;
  }
}
