/**
 * Security headers on every response of the product and of the gateway (issue 10, item 7), set by
 * @fastify/helmet: a Content-Security-Policy with no inline script, no framing, nosniff, no
 * Referer, and HSTS when the product is reached over https. docker/nginx/default.conf sends the
 * same headers for what nginx serves itself; keep the two in step.
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * The policy. Scripts come only from our own files (the build emits no inline script and no
 * eval); inline style *elements* are allowed because Radix Dialog's scroll lock
 * (react-remove-scroll-bar) injects a <style> element whose content depends on the scrollbar
 * width, so no hash can name it (docs/decisions.md, "Security headers"). React sets inline
 * styles through the CSSOM, which CSP does not govern. The stylesheet in base.css draws the
 * select arrow from a data: SVG.
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** One year, the figure HSTS preload lists and most guides ask for. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string | undefined }): Promise<void> {
  const https = options.publicUrl !== undefined && new URL(options.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    // Tokens travel in some page addresses (registration, verification links): never in a Referer.
    referrerPolicy: { policy: 'no-referrer' },
    // For browsers that predate frame-ancestors.
    xFrameOptions: { action: 'deny' },
    // Browsers ignore HSTS over http; sent only when PUBLIC_URL says users come over https.
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  });
}
