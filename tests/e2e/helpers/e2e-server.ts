/**
 * The e2e run's servers. The global setup runs `npm start`'s own entry (scripts/start.ts) once on a template
 * DATA_DIR with demo content, until the site is built and the demo pictures' variants are encoded, and stops it:
 * that is the run's one site build. Each Playwright worker then starts the same entry on a copy of the template
 * (database, media, built site) with BUILD_ON_START=if-missing, so it serves the template's build at once, and its
 * tests' writes stay its own. A site build takes both cores for a minute here, so only the workers of files that set
 * `siteBuilds` build; the others' rebuild requests go to a build hook on loopback (helpers/build-hook.ts).
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startProductProcess, type ProductProcess } from '../../helpers/product-process.ts';

/** Where the run keeps its template and the workers' copies (tests/playwright.config.ts sets it). */
export function runDir(): string {
  const dir = process.env['E2E_RUN_DIR'];
  if (!dir) throw new Error('E2E_RUN_DIR is not set; run the e2e tests through tests/playwright.config.ts');
  return dir;
}

const templateDir = () => join(runDir(), 'template');

/** The port of worker `index`'s server: two apart from the base, so the OpenID provider's redirect URIs are known. */
export function workerPort(index: number): number {
  return Number(process.env['E2E_BASE_PORT'] ?? 4391) + 2 * index;
}

/** The environment every e2e server starts with (the worker's port and site address filled in). */
function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const oidcPort = process.env['E2E_OIDC_PORT'] ?? '';
  return {
    // The limits a visitor meets: the e2e tests sign in and send forms as a real client would.
    RATE_LIMITS: 'on',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: join(dataDir, 'dist'),
    SEED: 'demo',
    ADMIN_PASSWORD: process.env['E2E_ADMIN_PASSWORD'] ?? '',
    SITE_URL: `http://127.0.0.1:${port}`,
    OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
    GOOGLE_CLIENT_ID: process.env['E2E_OIDC_CLIENT_ID'] ?? '',
    GOOGLE_CLIENT_SECRET: process.env['E2E_OIDC_CLIENT_SECRET'] ?? '',
    // The tests' webhook receivers listen on loopback, which a real site refuses.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    ...extra,
  };
}

/**
 * Builds the run's template: demo data, the first admin, the site and the pictures' variants, as `npm start` makes
 * them on a first start. Stopped gracefully, so the database files are whole for copying.
 */
export async function buildTemplate(port: number): Promise<void> {
  rmSync(templateDir(), { recursive: true, force: true });
  mkdirSync(templateDir(), { recursive: true });
  const server = await startProductProcess(serverEnv(port, templateDir()));
  try {
    await server.waitFor(/site built in/, 300_000);
    // A first start on this machine encodes the pictures' variants after the build; the copies should have them.
    if (server.output().includes('encoding the variants of'))
      await server.waitFor(/picture variants of \d+ pictures encoded/, 300_000);
  } finally {
    await stop(server);
  }
  writeFileSync(join(templateDir(), 'template.log'), server.output());
}

export interface WorkerServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts worker `index`'s server on a fresh copy of the template; resolves once the API and `/` answer. With a
 * `buildHook` URL its admin changes ask that hook for the rebuild (as a CDN deploy does) instead of building here.
 */
export function startWorkerServer(index: number, buildHook?: string): Promise<WorkerServer> {
  return startCopy(`worker-${index}`, workerPort(index), '127.0.0.1', {
    ...(buildHook ? { REBUILD_WEBHOOK_URL: buildHook } : {}),
  });
}

/**
 * A server of a file's own on a fresh copy of the template, on a free port, its site at http://`siteHost`:port, with
 * `extra` environment (a build hook). A passkey needs a domain for its site (a browser refuses an address):
 * `localhost`, which is still this machine.
 */
export async function startOwnServer(
  name: string,
  siteHost: string,
  extra: Record<string, string> = {},
): Promise<WorkerServer> {
  return startCopy(name, await freePort(), siteHost, extra);
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts the product on a fresh copy of the template in `name`, serving the template's build at once. */
async function startCopy(
  name: string,
  port: number,
  siteHost: string,
  extra: Record<string, string>,
): Promise<WorkerServer> {
  const dataDir = join(runDir(), name);
  // A worker that replaces a failed one starts from the template again, after its predecessor's server is gone.
  stopLeftover(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(templateDir(), dataDir, { recursive: true });
  rmSync(join(dataDir, 'outbox'), { recursive: true, force: true });
  const url = `http://${siteHost}:${port}`;
  const server = await startProductProcess(
    serverEnv(port, dataDir, { BUILD_ON_START: 'if-missing', SITE_URL: url, ...extra }),
  );
  writeFileSync(join(dataDir, 'server.pid'), String(server.child.pid));
  try {
    for (const path of ['/api/health', '/']) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}:\n${server.output().slice(-4000)}`);
    }
    return {
      url,
      port,
      dataDir,
      async stop() {
        await stop(server);
        rmSync(join(dataDir, 'server.pid'), { force: true });
        // Kept beside the worker's data for reading after a run, as template.log is.
        writeFileSync(join(dataDir, 'server.log'), server.output());
      },
    };
  } catch (error) {
    await stop(server);
    throw error;
  }
}

/** SIGTERM, as an operator stops it, and waits for the exit (the database files are then whole for copying). */
async function stop(server: ProductProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

/** Ends the server a worker that exited without its teardown left running (its pid file says which: we started it). */
export function stopLeftover(dataDir: string): void {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dataDir, 'server.pid'), 'utf8'));
  } catch {
    return;
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
