/**
 * Process start-up of the whole product on one port (npm start); Ctrl-C stops it gracefully.
 * This process serves the APIs and the web client; the read side (projections and reactor) and
 * the workers run in child processes it supervises (restarted with back-off if one dies,
 * stopped together with it), so a request never waits behind a projection (ADR 0074).
 */
import { createLogger, loadSettings } from '@dealer/platform';
import { startProduct } from './product';
import { supervisedParts } from './children/supervised-parts';

const env = await loadSettings();
const logger = createLogger(env.LOG_LEVEL);
const parts = supervisedParts(logger);
const product = await startProduct(env, { logger, external: parts });
// After startProduct: the database is migrated before the children open it.
parts.start();
await product.app.listen({ port: env.PORT, host: env.HOST });
product.logger.info(`Dealer Coupons is running on http://localhost:${env.PORT} (${env.APP_MODE} mode)`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    product.logger.info(`${signal} received: stopping gracefully`);
    // product.stop() stops the APIs, then the children (parts.stop), then closes the pool.
    product
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        product.logger.error({ err: String(error) }, 'graceful stop failed');
        process.exit(1);
      });
  });
}
