/** npm start's preparation: create and migrate the database, then load the demo data once (demo mode only). */
import { loadSettings } from '@dealer/platform';
import { prepareDatabase } from '../product';
import { seedDemoData } from '../demo/seed';

const env = await loadSettings();
const sql = await prepareDatabase(env);
try {
  if (env.APP_MODE === 'demo') {
    const result = await seedDemoData(sql, env);
    console.log(result.created > 0 ? `demo data: ${result.created} customers created` : 'demo data: already loaded');
  }
} finally {
  await sql.end({ timeout: 5 });
}
