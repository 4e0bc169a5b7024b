/** `npm run build`: the static site into dist/. Against BUILD_API_URL when set, else a temporary local API on DATA_DIR. */
import { fileURLToPath } from 'node:url';
import { createDb } from '../src/server/db/connection.ts';
import { createDeps } from '../src/server/deps.ts';
import { parseEnv } from '../src/server/env.ts';
import { startServer } from '../src/server/main.ts';
import { prepareData } from '../src/server/prepare.ts';
import { buildSite } from '../src/server/site/build-site.ts';

const outDir = fileURLToPath(new URL('../dist/', import.meta.url));
const remote = process.env['BUILD_API_URL'];

if (remote) {
  await buildSite({ apiUrl: remote, outDir });
} else {
  const env = { ...parseEnv(), PORT: 0, HOST: '127.0.0.1' };
  const db = createDb({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  await prepareData(db, env);
  const server = await startServer({ db, env, deps: createDeps(env), site: { current: () => null } });
  try {
    await buildSite({ apiUrl: `http://127.0.0.1:${server.port}`, outDir });
  } finally {
    await server.close();
    await db.destroy();
  }
}
