/** Stopping without cutting anyone off: the listener closes, requests in flight finish (within a bound), then the process exits 0. */
import type { Server } from 'node:http';

/** How long requests in flight get to finish once the server stops; what is still open after that is cut. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** How often connections that finished their request are looked for and closed while stopping. */
const IDLE_SWEEP_MS = 25;

/**
 * Stops accepting connections, lets the requests in flight finish, and resolves once every connection is closed;
 * after `graceMs` the ones still open are closed.
 */
export function closeGracefully(server: Server, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  return new Promise((resolve) => {
    // An answer given while stopping tells the client not to send another request on its connection.
    server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
    // A kept-alive connection is otherwise held open until its idle timeout after its answer went out.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
  });
}

/**
 * Runs `stop` once on SIGTERM or SIGINT and exits 0 when it is done (1 when it failed). A second signal while
 * stopping exits at once, for an operator who will not wait.
 */
export function exitOnSignals(stop: () => Promise<void>, log: (line: string) => void = console.log): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: no new connections; finishing the requests in flight (at most ${SHUTDOWN_GRACE_MS / 1000} s)`);
    stop().then(
      () => {
        log('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('stopping failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
