/**
 * Schedules the rebuild of the public site after admin changes (branding, theme, sliders, published content): a
 * burst of edits becomes one build, builds never overlap, and the admin can read the publish state. `run` is the
 * in-process build (SiteDir.rebuild, site-swap.ts) or the CDN build hook (rebuild-webhook.ts).
 */

/**
 * Quiet time after the last change before the build starts: a form saved in several requests (fields, then a
 * picture) makes one build. They come within milliseconds of each other, and every visitor waits this long too.
 */
export const REBUILD_DEBOUNCE_MS = 1000;
/** Longest a change waits, so a steady stream of edits cannot postpone the build forever. */
export const REBUILD_MAX_WAIT_MS = 10_000;
/** What a build is assumed to take until one has been timed (the publish estimate shown to the admin). */
export const BUILD_ESTIMATE_MS = 30_000;

export type { PublishState, PublishStatus } from '../../shared/admin.ts';
import type { PublishState, PublishStatus } from '../../shared/admin.ts';

/** Builds the site; `signal` aborts when the server stops. */
export type RebuildRun = (reason: string, signal: AbortSignal) => Promise<void>;

export interface RebuildSchedulerOptions {
  run: RebuildRun;
  debounceMs?: number;
  maxWaitMs?: number;
  /** Milliseconds since the epoch; injected by tests. */
  now?: () => number;
  /** Told about each failed build (the status keeps only its message). */
  onError?: (error: unknown) => void;
  /** The state before any request: a server that has just built the site passes 'up-to-date'. */
  initial?: PublishStatus;
  /** What a build takes until one has been timed; later the last successful build's duration counts. */
  buildEstimateMs?: number;
}

export interface RebuildScheduler {
  /** Asks for a build after `debounceMs` of quiet (at most `maxWaitMs` after the first pending request). */
  request(reason: string): void;
  /** Builds now (the admin's Retry button); during a build, one more build follows it. */
  retry(): void;
  /**
   * Counts a build started elsewhere (the first build at server start) as the scheduler's own: the state is
   * 'building' until it settles, requests meanwhile make one build after it, and its outcome becomes the state. Its
   * failure is the caller's to report (onError is not told). Ignored while another build runs or after close().
   */
  track(build: Promise<unknown>): void;
  status(): PublishStatus;
  /** Resolves once nothing is scheduled or building (the outcome is in status()). */
  settled(): Promise<void>;
  /** Cancels a scheduled build and waits for a running one, which is asked to stop. */
  close(): Promise<void>;
}

/**
 * When a pending build starts: `debounceMs` after the latest request, but no later than `maxWaitMs` after the first.
 * Times in milliseconds since the epoch.
 */
export function rebuildDueAt(
  firstRequestAt: number,
  lastRequestAt: number,
  debounceMs: number,
  maxWaitMs: number,
): number {
  return Math.min(lastRequestAt + debounceMs, firstRequestAt + Math.max(maxWaitMs, debounceMs));
}

/**
 * When visitors should see the latest change: the running build's expected end (`buildingSince` + `buildMs`), then
 * the pending build, which starts at `pendingDueAt` or once the running one ends, and takes `buildMs` too. Never
 * before `now`. Null when nothing is pending or building. Times in milliseconds since the epoch.
 */
export function expectedLiveAt({
  now,
  buildMs,
  buildingSince,
  pendingDueAt,
}: {
  now: number;
  buildMs: number;
  buildingSince: number | null;
  pendingDueAt: number | null;
}): number | null {
  if (buildingSince === null && pendingDueAt === null) return null;
  let end = buildingSince === null ? now : Math.max(now, buildingSince + buildMs);
  if (pendingDueAt !== null) end = Math.max(end, pendingDueAt) + buildMs;
  return Math.max(now, end);
}

/** The failure reason shown to the admin: the message only, a stack would leak paths and code. */
export function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const firstLine = message.split('\n')[0]?.trim() ?? '';
  return firstLine === '' ? 'the build failed' : firstLine.slice(0, 500);
}

interface Pending {
  firstAt: number;
  lastAt: number;
  reasons: Set<string>;
  /** A Retry: starts as soon as no build runs, without the debounce. */
  now: boolean;
}

export function createRebuildScheduler({
  run,
  debounceMs = REBUILD_DEBOUNCE_MS,
  maxWaitMs = REBUILD_MAX_WAIT_MS,
  now = Date.now,
  onError,
  initial,
  buildEstimateMs = BUILD_ESTIMATE_MS,
}: RebuildSchedulerOptions): RebuildScheduler {
  const iso = (ms: number) => new Date(ms).toISOString();
  let status: PublishStatus = initial ?? { state: 'up-to-date', since: iso(now()) };
  let pending: Pending | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  /** When the running build started (ms). */
  let runningSince = 0;
  /** The last successful build's duration, the estimate for the next. */
  let buildMs = buildEstimateMs;
  let closed = false;
  const aborter = new AbortController();
  let waiters: (() => void)[] = [];

  function setState(state: PublishState, extra: { reason?: string } = {}) {
    const lastBuiltAt = status.lastBuiltAt;
    status = { state, since: iso(now()), ...extra, ...(lastBuiltAt ? { lastBuiltAt } : {}) };
  }

  function wakeIfSettled() {
    if (pending || running || timer) return;
    const done = waiters;
    waiters = [];
    for (const wake of done) wake();
  }

  function add(reason: string, urgent = false) {
    const at = now();
    if (pending) {
      pending.lastAt = at;
      pending.reasons.add(reason);
      pending.now ||= urgent;
    } else {
      pending = { firstAt: at, lastAt: at, reasons: new Set([reason]), now: urgent };
    }
  }

  function arm() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending || running) return;
    const delay = pending.now
      ? 0
      : Math.max(0, rebuildDueAt(pending.firstAt, pending.lastAt, debounceMs, maxWaitMs) - now());
    timer = setTimeout(start, delay);
  }

  function start() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending || running || closed) return;
    const reason = [...pending.reasons].join(', ');
    pending = null;
    launch(() => run(reason, aborter.signal), true);
  }

  /** Runs a build as the one build under way; `report` tells onError about its failure. */
  function launch(build: () => Promise<unknown>, report: boolean) {
    setState('building');
    const startedAt = now();
    runningSince = startedAt;
    running = (async () => {
      try {
        await build();
        buildMs = Math.max(0, now() - startedAt);
        status = { ...status, lastBuiltAt: iso(now()) };
        setState('up-to-date');
      } catch (error) {
        if (closed) return;
        if (report) onError?.(error);
        setState('failed', { reason: failureReason(error) });
      }
    })().finally(() => {
      running = null;
      if (closed) return;
      // Requests that came during the build: the build may have read the data before them, so one more.
      if (pending) {
        setState('scheduled');
        arm();
      }
      wakeIfSettled();
    });
  }

  return {
    request(reason) {
      if (closed) return;
      add(reason);
      // During a build the state stays 'building'; the next build is armed when it ends.
      if (!running && status.state !== 'scheduled') setState('scheduled');
      arm();
    },
    retry() {
      if (closed) return;
      add('retry', true);
      if (running) return;
      setState('scheduled');
      start();
    },
    track(build) {
      if (closed || running) return;
      launch(() => build, false);
    },
    status() {
      const dueAt = pending
        ? pending.now
          ? now()
          : rebuildDueAt(pending.firstAt, pending.lastAt, debounceMs, maxWaitMs)
        : null;
      const live = expectedLiveAt({
        now: now(),
        buildMs,
        buildingSince: running ? runningSince : null,
        pendingDueAt: dueAt,
      });
      // A 'scheduled' state without a pending request (a server started as scheduled) still expects one build.
      const at = live ?? (status.state === 'scheduled' ? now() + buildMs : null);
      return { ...status, ...(at !== null ? { expectedLiveAt: iso(at) } : {}) };
    },
    settled() {
      return new Promise((wake) => {
        waiters.push(wake);
        wakeIfSettled();
      });
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
      aborter.abort(new Error('the server is stopping'));
      await running;
      const done = waiters;
      waiters = [];
      for (const wake of done) wake();
    },
  };
}
