/**
 * Security headers on every response of the product and of the gateway (issue 10, item 7), set by
 * @fastify/helmet: a Content-Security-Policy with no inline script, no framing, nosniff, no
 * Referer, and HSTS when the product is reached over https. docker/nginx/default.conf sends the
 * same headers for what nginx serves itself; keep the two in step.
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { STRIPE_JS_URL_DEFAULT } from '@dealer/platform/payments/index';

/**
 * What Stripe.js needs when the Stripe provider is configured (Stripe's CSP guidance): its script,
 * its frames (the Payment Element and 3-D Secure are iframes from js.stripe.com; hooks.stripe.com
 * hosts the authentication pages) and its calls to api.stripe.com. Tests point both at local
 * servers (STRIPE_JS_URL, STRIPE_API_URL; refused in production mode), so the origins come from
 * the settings. Without Stripe the policy stays as strict as before.
 */
export interface StripeCspSources {
  scriptUrl: string;
  apiUrl?: string | undefined;
}

const STRIPE_API_ORIGIN = 'https://api.stripe.com';
const STRIPE_HOOKS_ORIGIN = 'https://hooks.stripe.com';

/** The Stripe sources for the policy, or null when the provider is not Stripe. */
export function stripeCspSources(env: { PAYMENT_PROVIDER?: string | undefined; STRIPE_JS_URL?: string | undefined; STRIPE_API_URL?: string | undefined }): StripeCspSources | null {
  if (env.PAYMENT_PROVIDER !== 'stripe') return null;
  return { scriptUrl: env.STRIPE_JS_URL ?? STRIPE_JS_URL_DEFAULT, apiUrl: env.STRIPE_API_URL };
}

/**
 * The policy. Scripts come only from our own files (the build emits no inline script and no
 * eval); inline style *elements* are allowed because Radix Dialog's scroll lock
 * (react-remove-scroll-bar) injects a <style> element whose content depends on the scrollbar
 * width, so no hash can name it (docs/decisions/0020-security-headers.md). React sets inline
 * styles through the CSSOM, which CSP does not govern. The stylesheet in base.css draws the
 * select arrow from a data: SVG. With Stripe, Stripe.js's origins are added (stripeCspSources).
 */
export function contentSecurityPolicy(https: boolean, stripe: StripeCspSources | null = null): Record<string, string[]> {
  const js = stripe ? new URL(stripe.scriptUrl).origin : null;
  const api = stripe ? (stripe.apiUrl ? new URL(stripe.apiUrl).origin : STRIPE_API_ORIGIN) : null;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(js ? [js] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(api ? [api] : [])],
    ...(js ? { 'frame-src': ["'self'", js, STRIPE_HOOKS_ORIGIN] } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** One year, the figure HSTS preload lists and most guides ask for. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string | undefined; stripe?: StripeCspSources | null }): Promise<void> {
  const https = options.publicUrl !== undefined && new URL(options.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https, options.stripe ?? null) },
    // Tokens travel in some page addresses (registration, verification links): never in a Referer.
    referrerPolicy: { policy: 'no-referrer' },
    // For browsers that predate frame-ancestors.
    xFrameOptions: { action: 'deny' },
    // Browsers ignore HSTS over http; sent only when PUBLIC_URL says users come over https.
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  });
}
