/**
 * The product, started against the bench database in its own process (so the load generator
 * does not share its event loop). Prints "READY <port>" once listening; SIGTERM stops it.
 */
import { loadSettings } from '@dealer/platform';
import { startProduct } from '@dealer/launcher';

const env = await loadSettings();
const product = await startProduct(env, { webDist: null });
await product.app.listen({ port: 0, host: '127.0.0.1' });
const address = product.app.server.address();
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => {
  product
    .stop()
    .then(() => process.exit(0))
    .catch(() => process.exit(1));
});
