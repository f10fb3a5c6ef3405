// What a failed "the change shows" check needs to say: the reads the page made (the position each waited for,
// whether the server answered it stale) and where the read side stood (checkpoints, parked events, the last
// events appended). A CI log then tells a slow or stuck projection from a page that never asked again.
import type { Page } from 'playwright-core';
import type { TestServer } from '@dealer/launcher/testing/test-server';

/** Records the page's API answers whose path starts with `pathPrefix`, with the position each asked for. */
export function recordReads(page: Page, pathPrefix: string): string[] {
  const reads: string[] = [];
  const start = Date.now();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith(pathPrefix)) return;
    const request = response.request();
    const minPosition = request.headers()['x-min-position'] ?? '-';
    const stale = response.headers()['x-read-model-stale'] ?? '-';
    reads.push(`+${Date.now() - start} ms ${request.method()} ${url.pathname}${url.search} ${response.status()} min-position=${minPosition} stale=${stale}`);
  });
  return reads;
}

/** The read side's state: checkpoints of `projections`, their parked events, and the last events appended. */
export async function readSideReport(server: TestServer, projections: string[]): Promise<string> {
  const { sql } = server.product;
  const [checkpoints, parked, events] = await Promise.all([
    sql<{ name: string; position: string }[]>`select name, position::text from checkpoints where name = any(${projections})`,
    sql<{ projection: string; event_type: string; error: string }[]>`select projection, event_type, error from parked_events where projection = any(${projections})`,
    sql<{ global_position: string; event_type: string }[]>`select global_position::text, event_type from es_events order by global_position desc limit 5`,
  ]);
  return [
    `checkpoints: ${checkpoints.map((c) => `${c.name}=${c.position}`).join(', ')}`,
    `parked: ${parked.length === 0 ? 'none' : parked.map((p) => `${p.projection} ${p.event_type}: ${p.error}`).join('; ')}`,
    `last events: ${events.map((e) => `${e.global_position} ${e.event_type}`).join(', ')}`,
  ].join('\n');
}
