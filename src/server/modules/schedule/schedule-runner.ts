/**
 * The runner of scheduled changes: a loop in the server process that wakes when the next change is due (and every
 * POLL_MS, for changes set through another instance), makes what is due, and asks for one site rebuild for them.
 *
 * Once, with any number of instances: a pass runs under the instance lock (on PostgreSQL one runner at a time across
 * every instance, as the rebuild is), and each change is claimed by a conditional update before it is made. Nothing
 * is lost: changes live in the database, and a claim a dead process left is made again by the next pass.
 */
import { INSTANCE_LOCKS, instanceLock } from '../../db/instance-lock.ts';
import type { Db } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import type { RebuildScheduler } from '../../site/rebuild-scheduler.ts';
import { requestRebuild } from '../../site/site-changed.ts';
import { nextRunAt } from './schedule.repository.ts';
import { runDueChanges } from './schedule.service.ts';

/** How often the database is looked at for changes another instance set. */
export const SCHEDULE_POLL_MS = 10_000;

export interface ScheduleRunnerDeps {
  db: Db;
  env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'>;
  rebuilds: Pick<RebuildScheduler, 'request'>;
}

export interface ScheduleRunner {
  /** Looks at the schedule now (a change was just set). */
  wake(): void;
  /** Lets a pass under way finish, then stops; resolves once the loop has ended. */
  stop(): Promise<void>;
}

/** The runners of this process, woken when a change is set. */
const running = new Set<ScheduleRunner>();
/**
 * The passes of this process, one after another: the instance lock keeps instances apart on PostgreSQL, but on SQLite
 * (one process) it lets work straight through, and a pass takes back the claims it finds as a dead process's.
 */
let passes: Promise<unknown> = Promise.resolve();

export function wakeScheduleRunners(): void {
  for (const runner of running) runner.wake();
}

export function startScheduleRunner(deps: ScheduleRunnerDeps, options: { pollMs?: number } = {}): ScheduleRunner {
  const pollMs = options.pollMs ?? SCHEDULE_POLL_MS;
  const lock = instanceLock(deps.env.DATABASE_URL, INSTANCE_LOCKS.scheduledChanges);
  const state = { stopped: false };
  const stopping = () => state.stopped;
  const stopped = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let endPause: (() => void) | null = null;
  // Set while a pass holds the lock: stopping then lets it finish rather than give the lock up under it.
  let holding = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        endPause = null;
        resolve();
      };
      timer = setTimeout(done, Math.max(0, ms));
      endPause = done;
    });

  async function pass(): Promise<void> {
    const turn = passes.then(() => locked());
    passes = turn.catch(() => undefined);
    const changed = await turn;
    for (const what of changed) requestRebuild(deps.rebuilds, what);
  }

  function locked() {
    return lock(async () => {
      holding = true;
      try {
        return await runDueChanges(deps.db, deps.env.DATA_DIR);
      } finally {
        holding = false;
      }
    }, stopped.signal);
  }

  async function loop(): Promise<void> {
    while (!stopping()) {
      let failed = false;
      try {
        await pass();
      } catch (error) {
        if (stopping()) break;
        // A due change would otherwise call the pass again at once: a failing database is asked at the poll's pace.
        failed = true;
        console.error(
          JSON.stringify({
            level: 'error',
            event: 'schedule.runner.failure',
            reason: error instanceof Error ? error.message : 'unknown',
          }),
        );
      }
      if (stopping()) break;
      const next = failed ? undefined : await nextRunAt(deps.db).catch(() => undefined);
      const untilNext = next === undefined ? pollMs : Date.parse(next) - Date.now();
      await pause(Math.min(pollMs, untilNext));
    }
  }

  const runner: ScheduleRunner = {
    wake: () => endPause?.(),
    async stop() {
      state.stopped = true;
      if (!holding) stopped.abort();
      endPause?.();
      await done;
      running.delete(runner);
    },
  };
  const done = loop();
  running.add(runner);
  return runner;
}
