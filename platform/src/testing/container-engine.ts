/**
 * Test support: decides quickly, and without hanging, whether tests may start containers
 * (testcontainers) on this machine, so tests that need EventStoreDB or Kafka either run or
 * report themselves skipped by name.
 *
 * Both conditions must hold: a container engine answers on its API socket, and the
 * testcontainers package loads on this Node version.
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';

export type Testcontainers = typeof import('testcontainers');

export type ContainerSupport = { available: true; testcontainers: Testcontainers } | { available: false; reason: string };

interface Endpoint {
  socketPath?: string;
  host?: string;
  port?: number;
}

function candidateEndpoints(env: Record<string, string | undefined>): Endpoint[] {
  const endpoints: Endpoint[] = [];
  const dockerHost = env.DOCKER_HOST;
  if (dockerHost?.startsWith('unix://')) endpoints.push({ socketPath: dockerHost.slice('unix://'.length) });
  else if (dockerHost?.startsWith('tcp://')) {
    const url = new URL(dockerHost.replace(/^tcp:/, 'http:'));
    endpoints.push({ host: url.hostname, port: Number(url.port || 2375) });
  }
  const sockets = [
    '/var/run/docker.sock',
    join(homedir(), '.docker/run/docker.sock'),
    join(homedir(), '.docker/desktop/docker.sock'),
    env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'docker.sock') : '',
    env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'podman/podman.sock') : '',
  ];
  for (const socketPath of sockets) if (socketPath && existsSync(socketPath)) endpoints.push({ socketPath });
  return endpoints;
}

/** GET /_ping on the engine API; false on any error or after `timeoutMs`. */
function ping(endpoint: Endpoint, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ ...endpoint, path: '/_ping', method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

export async function containerEngineReachable(
  env: Record<string, string | undefined> = process.env,
  timeoutMs = 1500,
): Promise<boolean> {
  const results = await Promise.all(candidateEndpoints(env).map((e) => ping(e, timeoutMs)));
  return results.some(Boolean);
}

export async function detectContainerSupport(env: Record<string, string | undefined> = process.env): Promise<ContainerSupport> {
  if (!(await containerEngineReachable(env))) return { available: false, reason: 'no container engine answered' };
  try {
    return { available: true, testcontainers: await import('testcontainers') };
  } catch (error) {
    // testcontainers 12 pulls in undici 8, which needs Node >= 22.
    return { available: false, reason: `testcontainers does not load on Node ${process.version}: ${String(error).slice(0, 120)}` };
  }
}
