/**
 * The PostgreSQL server the bench measures the API on: a given one (BENCH_POSTGRES_URL, else
 * TEST_POSTGRES_URL, as .ci/run exports it), else a throwaway one started from Debian's binaries, else none (the
 * report says why). Each measurement gets a fresh database `bench_<random>` on it, dropped afterwards.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './product.ts';

const run = promisify(execFile);
const THROWAWAY = fileURLToPath(new URL('../ci/throwaway-postgres.sh', import.meta.url));
const DEBIAN_BINARIES = '/usr/lib/postgresql';

export type PostgresPlan =
  | { kind: 'url'; url: string; from: 'BENCH_POSTGRES_URL' | 'TEST_POSTGRES_URL' }
  | { kind: 'throwaway' }
  | { kind: 'none'; reason: string };

/** Where the server comes from: a given URL first (BENCH_ before TEST_), then Debian's binaries, else none and why. */
export function postgresPlan(env: Record<string, string | undefined>, initdbFound: boolean): PostgresPlan {
  for (const from of ['BENCH_POSTGRES_URL', 'TEST_POSTGRES_URL'] as const) {
    const url = env[from]?.trim();
    if (url) return { kind: 'url', url, from };
  }
  if (initdbFound) return { kind: 'throwaway' };
  return {
    kind: 'none',
    reason: `no PostgreSQL server given (BENCH_POSTGRES_URL or TEST_POSTGRES_URL) and no initdb under ${DEBIAN_BINARIES}/*/bin to start one (apt-get install postgresql)`,
  };
}

/**
 * Whether a failure to measure PostgreSQL fails the run: only in --ci when a server was given (CI always gives one);
 * plain `npm run bench` reports the reason instead.
 */
export function postgresRequired(ci: boolean, plan: PostgresPlan): boolean {
  return ci && plan.kind === 'url';
}

/** The server URL with another database in its path (user, password, host, port and parameters kept). */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** `bench_` and 12 random hex digits: a valid unquoted identifier that cannot collide with another run's. */
export function benchDatabaseName(random: Buffer = randomBytes(6)): string {
  return `bench_${random.toString('hex')}`;
}

/** The URL with any password masked, for the report and the log. */
export function redactUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

export function initdbFound(root = DEBIAN_BINARIES): boolean {
  try {
    return readdirSync(root, { withFileTypes: true }).some(
      (d) => d.isDirectory() && readdirSync(join(root, d.name, 'bin')).includes('initdb'),
    );
  } catch {
    return false;
  }
}

export interface BenchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export interface PostgresServer {
  /** Where it came from, for the report (a given URL is shown with its password masked). */
  source: string;
  /** PostgreSQL's version string (server_version). */
  version: string;
  createDatabase(): Promise<BenchDatabase>;
  stop(): Promise<void>;
}

async function adminQuery(serverUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

function serverOn(serverUrl: string, source: string, version: string, stopServer: () => Promise<void>): PostgresServer {
  const made = new Set<string>();
  const dropDatabase = async (name: string) => {
    // FORCE ends the connections a killed API process may have left behind (PostgreSQL 13+).
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    made.delete(name);
  };
  return {
    source,
    version,
    async createDatabase() {
      const name = benchDatabaseName();
      await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
      made.add(name);
      return { name, url: databaseUrlFor(serverUrl, name), drop: () => dropDatabase(name) };
    },
    async stop() {
      for (const name of [...made]) await dropDatabase(name).catch(() => undefined);
      await stopServer();
    },
  };
}

async function versionOf(serverUrl: string): Promise<string> {
  const { rows } = await adminQuery(serverUrl, 'SHOW server_version');
  return (rows[0] as { server_version?: string } | undefined)?.server_version ?? '?';
}

/** Connects to the planned server (starting a throwaway one when so planned); throws when that fails. */
export async function openPostgres(plan: Exclude<PostgresPlan, { kind: 'none' }>): Promise<PostgresServer> {
  if (plan.kind === 'url') {
    const version = await versionOf(plan.url);
    return serverOn(plan.url, `${plan.from} (${redactUrl(plan.url)})`, version, () => Promise.resolve());
  }
  const dir = await mkdtemp(join(tmpdir(), 'bench-postgres-'));
  const stop = async () => {
    await run('bash', [THROWAWAY, 'stop', dir]).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    const { stdout } = await run('bash', [THROWAWAY, 'start', dir, String(port)]);
    const url = stdout.trim().split('\n').pop();
    if (!url) throw new Error('throwaway-postgres.sh start printed no URL');
    const version = await versionOf(url);
    return serverOn(
      url,
      `a throwaway server started by scripts/ci/throwaway-postgres.sh (port ${port})`,
      version,
      stop,
    );
  } catch (error) {
    await stop();
    throw error;
  }
}
