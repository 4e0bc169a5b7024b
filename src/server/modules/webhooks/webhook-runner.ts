/**
 * The runner of webhook deliveries: a loop in the server process that every few seconds sends what is due
 * (webhook-delivery.ts). Nothing is lost: the queue is the database, written in the transaction of the change that
 * caused each event, and a restart picks up where the last process stopped (a claim it left runs out, and the
 * delivery is due again). Any number of instances may run one: each delivery is claimed before it is sent.
 */
import { runDueDeliveries, WEBHOOK_DUE_BATCH, type WebhookSendDeps } from './webhook-delivery.ts';

/** How often the queue is looked at. */
export const WEBHOOK_POLL_MS = 5_000;

export interface WebhookRunner {
  /** One pass now (after any pass under way); answers how many deliveries it attempted. */
  runOnce(): Promise<number>;
  /** Lets a pass under way finish, then stops; resolves once the loop has ended. */
  stop(): Promise<void>;
}

/** `pollMs: null` starts no loop: passes run only when runOnce is called (tests). */
export function startWebhookRunner(
  deps: WebhookSendDeps,
  { pollMs = WEBHOOK_POLL_MS }: { pollMs?: number | null } = {},
): WebhookRunner {
  const state = { stopped: false };
  // A call, so a check after an await is not narrowed away by the loop's own.
  const stopping = () => state.stopped;
  let timer: NodeJS.Timeout | undefined;
  let endPause: (() => void) | null = null;
  // One pass at a time per runner (others are kept apart by the claims).
  let passes: Promise<unknown> = Promise.resolve();

  const runOnce = () => {
    const pass = passes.then(() => runDueDeliveries(deps));
    passes = pass.catch(() => undefined);
    return pass;
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        endPause = null;
        resolve();
      };
      timer = setTimeout(done, ms);
      endPause = done;
    });

  async function loop(interval: number): Promise<void> {
    while (!stopping()) {
      let full = false;
      try {
        full = (await runOnce()) >= WEBHOOK_DUE_BATCH;
      } catch (error) {
        console.error(
          JSON.stringify({
            level: 'error',
            event: 'webhook.runner.failure',
            reason: error instanceof Error ? error.message : 'unknown',
          }),
        );
      }
      if (stopping()) break;
      // More may be due than one pass takes: go on at once, else wait for the next look.
      if (!full) await pause(interval);
    }
  }

  const done = pollMs === null ? Promise.resolve() : loop(pollMs);
  return {
    runOnce,
    async stop() {
      state.stopped = true;
      endPause?.();
      await done;
      await passes;
    },
  };
}
