/**
 * Loaded into the astro build process (`node --import`, build-site.ts) so that the build never outlives the server
 * that started it. A server killed outright (SIGKILL, an out-of-memory kill) cannot stop its child; the orphaned build
 * would go on writing into `<DIST_DIR>.next` while the restarted server discards that directory and builds into it
 * again. Once the parent named by BUILD_PARENT_PID is gone (the build is re-parented), the build exits at once.
 */
const parent = Number(process.env['BUILD_PARENT_PID']);
// Processes the build starts in turn (they inherit --import) have the build as their parent, not the server.
delete process.env['BUILD_PARENT_PID'];

/** How often the parent is looked for: a killed server's build stops within this. */
export const WATCH_INTERVAL_MS = 200;

if (Number.isInteger(parent) && parent > 0) {
  const check = () => {
    if (process.ppid !== parent) process.exit(1);
  };
  check();
  setInterval(check, WATCH_INTERVAL_MS).unref();
}
