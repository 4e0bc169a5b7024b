/** `npm run dev`: the API on PORT+1 beside the Astro dev server on PORT, which proxies /api and /media to it. */
import { spawn } from 'node:child_process';
import { parseEnv } from '../src/server/env.ts';
import { launchApi } from '../src/server/main.ts';
import { ASTRO_BIN } from '../src/server/site/build-site.ts';

const base = parseEnv();
const env = { ...base, PORT: base.PORT + 1 };
const api = await launchApi({ env });
const apiUrl = `http://127.0.0.1:${api.server.port}`;
console.log(`API at ${apiUrl}`);

const astro = spawn(process.execPath, [ASTRO_BIN, 'dev', '--port', String(base.PORT)], {
  stdio: 'inherit',
  env: { ...process.env, BUILD_API_URL: apiUrl, DEV_API_URL: apiUrl, ASTRO_TELEMETRY_DISABLED: '1' },
});
async function stop(code: number | null): Promise<void> {
  await api.close();
  process.exit(code ?? 0);
}
// The process ends at the end of stop(), so nothing is left to wait for its promise.
astro.on('exit', (code) => void stop(code));
