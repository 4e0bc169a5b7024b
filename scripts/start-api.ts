/**
 * `npm run start:api`: the API alone, no site: one of N stateless instances behind a load balancer, with
 * the static site built elsewhere (a CDN's build against this API, told by REBUILD_WEBHOOK_URL). Prepares the
 * database like `npm start` (migrations; the demo seed when SEED=demo finds it empty), serves on PORT, and stops
 * gracefully on SIGTERM/SIGINT.
 */
import { createDb } from '../src/server/db/connection.ts';
import { createDeps } from '../src/server/deps.ts';
import { parseEnv } from '../src/server/env.ts';
import { exitOnSignals } from '../src/server/graceful-shutdown.ts';
import { startServer } from '../src/server/main.ts';
import { prepareData } from '../src/server/prepare.ts';

const env = parseEnv();
const db = createDb({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
await prepareData(db, env);
const deps = createDeps(env);
const server = await startServer({ db, env, deps, site: { current: () => null } });

exitOnSignals(async () => {
  await Promise.all([deps.rebuilds.close(), server.close()]);
  await db.destroy();
});
console.log(`API ready at http://${env.HOST}:${server.port}/api`);
