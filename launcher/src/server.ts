/** Process start-up of the whole product on one port (npm start); Ctrl-C stops it gracefully. */
import { loadSettings } from '@dealer/platform';
import { startProduct } from './product';

const env = await loadSettings();
const product = await startProduct(env);
await product.app.listen({ port: env.PORT, host: env.HOST });
product.logger.info(`Dealer Coupons is running on http://localhost:${env.PORT} (${env.APP_MODE} mode)`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    product.logger.info(`${signal} received: stopping gracefully`);
    product
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        product.logger.error({ err: String(error) }, 'graceful stop failed');
        process.exit(1);
      });
  });
}
