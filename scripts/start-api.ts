/**
 * `npm run start:api`: the API alone, no site: one of N stateless instances behind a load balancer, with
 * the static site built elsewhere (a CDN's build against this API, told by REBUILD_WEBHOOK_URL). Prepares the
 * database like `npm start` (migrations; the demo seed when SEED=demo finds it empty), serves on PORT, and stops
 * gracefully on SIGTERM/SIGINT.
 */
import { parseEnv } from '../src/server/env.ts';
import { exitOnSignals } from '../src/server/graceful-shutdown.ts';
import { launchApi } from '../src/server/main.ts';

const env = parseEnv();
const api = await launchApi({ env });
exitOnSignals(() => api.close());
console.log(`API ready at http://${env.HOST}:${api.server.port}/api`);
