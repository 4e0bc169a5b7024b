/** The API alone (no site build) on PORT over DATA_DIR: the benchmark's scale runs use it. */
import { createDb } from '../../src/server/db/connection.ts';
import { createDeps } from '../../src/server/deps.ts';
import { parseEnv } from '../../src/server/env.ts';
import { startServer } from '../../src/server/main.ts';
import { prepareData } from '../../src/server/prepare.ts';

const env = parseEnv();
const db = createDb({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
await prepareData(db, env);
const server = await startServer({ db, env, deps: createDeps(env), site: { current: () => null } });
console.log(`API ready at http://127.0.0.1:${server.port}/api`);

const stop = async () => {
  await server.close();
  await db.destroy();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
