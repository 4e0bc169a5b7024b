/**
 * `npm run build`: the static site into dist/. Against BUILD_API_URL when set, else a temporary local API on DATA_DIR.
 * Pages unchanged since the last build are copied from dist.cache/, as `npm start` does (build-site.ts).
 */
import { fileURLToPath } from 'node:url';
import { parseEnv } from '../src/server/env.ts';
import { launchBuildApi } from '../src/server/main.ts';
import { buildSite } from '../src/server/site/build-site.ts';

const outDir = fileURLToPath(new URL('../dist/', import.meta.url));
const cacheDir = fileURLToPath(new URL('../dist.cache/', import.meta.url));
const remote = process.env['BUILD_API_URL'];

if (remote) {
  await buildSite({ apiUrl: remote, outDir, cacheDir });
} else {
  const api = await launchBuildApi(parseEnv());
  try {
    await buildSite({ apiUrl: `http://127.0.0.1:${api.server.port}`, outDir, cacheDir });
  } finally {
    await api.close();
  }
}
