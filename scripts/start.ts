/** `npm start`: prepare DATA_DIR, serve the API, build the site against it, then serve the site on the same port. */
import { fileURLToPath } from 'node:url';
import { createDb } from '../src/server/db/connection.ts';
import { createDeps } from '../src/server/deps.ts';
import { parseEnv } from '../src/server/env.ts';
import { startServer } from '../src/server/main.ts';
import { prepareData } from '../src/server/prepare.ts';
import { buildSite } from '../src/server/site/build-site.ts';

const env = parseEnv();
const db = createDb({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
await prepareData(db, env);

// DIST_DIR lets parallel test runs build side by side; the default is the contract's dist/.
const distDir = process.env['DIST_DIR'] ?? fileURLToPath(new URL('../dist/', import.meta.url));
let siteDir: string | null = null;
const server = await startServer({ db, env, deps: createDeps(env), site: { current: () => siteDir } });
const origin = `http://127.0.0.1:${server.port}`;
console.log(`API ready at ${origin}/api; building the site...`);

const started = Date.now();
await buildSite({ apiUrl: origin, outDir: distDir, env: { SITE_URL: env.SITE_URL } });
siteDir = distDir;
console.log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s; serving http://${env.HOST === '127.0.0.1' ? 'localhost' : env.HOST}:${server.port}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  await server.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
