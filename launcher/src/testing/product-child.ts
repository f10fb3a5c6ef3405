/**
 * The whole product in a process of its own, for tests that kill it (crash-retry.test.ts): the
 * environment as npm start reads it, no web client, a free port on 127.0.0.1 that it prints as
 * `listening <port>` once it answers. A SIGKILL ends it wherever it is, as a crash would.
 */
import { loadSettings } from '@dealer/platform';
import { startProduct } from '../product';

const env = await loadSettings();
const product = await startProduct(env, { webDist: null });
await product.app.listen({ port: 0, host: '127.0.0.1' });
const address = product.app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => {
  product.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
