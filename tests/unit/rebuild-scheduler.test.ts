import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRebuildScheduler,
  expectedLiveAt,
  failureReason,
  rebuildDueAt,
  REBUILD_DEBOUNCE_MS,
  type RebuildScheduler,
} from '../../src/server/site/rebuild-scheduler.ts';
import { backoffDelay, isRetryableStatus, WEBHOOK_BACKOFF_MS } from '../../src/server/site/rebuild-webhook.ts';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

/** The state without the publish estimate, which has its own tests ('the publish estimate'). */
function stateOf(s: RebuildScheduler) {
  const status = s.status();
  delete status.expectedLiveAt;
  return status;
}

/** A build the test finishes by hand, recording how many run at once. */
function controlledRun() {
  const calls: string[] = [];
  const finish: ((error?: Error) => void)[] = [];
  let active = 0;
  let maxActive = 0;
  const run = (reason: string, signal: AbortSignal) => {
    calls.push(reason);
    active++;
    maxActive = Math.max(maxActive, active);
    return new Promise<void>((done, fail) => {
      // A build stops when the scheduler closes (the SiteDir and the webhook do); it aborts with an Error.
      signal.addEventListener('abort', () => fail(signal.reason as Error), { once: true });
      finish.push((error) => {
        active--;
        if (error) fail(error);
        else done();
      });
    });
  };
  return {
    run,
    calls,
    get maxActive() {
      return maxActive;
    },
    /** Ends the oldest unfinished build. */
    async end(error?: Error) {
      const next = finish.shift();
      if (!next) throw new Error('no build is running');
      next(error);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe('rebuildDueAt', () => {
  it('waits the debounce after the latest request, but never past the max wait from the first', () => {
    expect(rebuildDueAt(0, 0, 2000, 10_000)).toBe(2000);
    expect(rebuildDueAt(0, 1500, 2000, 10_000)).toBe(3500);
    expect(rebuildDueAt(0, 9000, 2000, 10_000)).toBe(10_000);
    // A max wait shorter than the debounce does not make the build earlier than one debounce.
    expect(rebuildDueAt(0, 0, 2000, 500)).toBe(2000);
  });
});

describe('expectedLiveAt', () => {
  const base = { now: 10_000, buildMs: 20_000, buildingSince: null, pendingDueAt: null };
  it.each([
    ['nothing pending or building', {}, null],
    ['a scheduled build: its start plus one build', { pendingDueAt: 12_000 }, 32_000],
    ['a running build: its start plus one build', { buildingSince: 4000 }, 24_000],
    ['a running build past its estimate: not before now', { buildingSince: 0, now: 25_000 }, 25_000],
    [
      'a change during a build: the running build, then one more',
      { buildingSince: 4000, pendingDueAt: 12_000 },
      44_000,
    ],
    [
      'a change due after the running build ends: from its due time',
      { buildingSince: 4000, pendingDueAt: 30_000 },
      50_000,
    ],
  ] as const)('%s', (_title, given, expected) => {
    expect(expectedLiveAt({ ...base, ...given })).toBe(expected);
  });
});

describe('failureReason', () => {
  it('keeps the message only, never the stack', () => {
    const error = new Error('the build hook answered 503');
    expect(failureReason(error)).toBe('the build hook answered 503');
    expect(failureReason(new Error('first line\n    at build (/srv/app/build-site.ts:10:5)'))).toBe('first line');
    expect(failureReason(undefined)).toBe('the build failed');
    expect(failureReason({ stack: 'at x' })).toBe('the build failed');
  });
});

describe('webhook backoff rules', () => {
  it('doubles the wait from 1 s: 1 s, 2 s, 4 s', () => {
    expect([1, 2, 3].map((retry) => backoffDelay(retry))).toEqual([1000, 2000, 4000]);
    expect(WEBHOOK_BACKOFF_MS).toEqual([1000, 2000, 4000]);
    expect(backoffDelay(3, 10)).toBe(40);
  });

  it('retries 5xx, 408 and 429 only', () => {
    expect([500, 502, 503, 504, 408, 429].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 410, 422, 301].some(isRetryableStatus)).toBe(false);
  });
});

describe('createRebuildScheduler', () => {
  let scheduler: RebuildScheduler | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(async () => {
    const closing = scheduler?.close();
    await vi.runAllTimersAsync();
    await closing;
    scheduler = undefined;
    vi.useRealTimers();
  });

  function make(build: ReturnType<typeof controlledRun>, debounceMs = 2000, maxWaitMs = 10_000) {
    scheduler = createRebuildScheduler({ run: build.run, debounceMs, maxWaitMs, now: () => Date.now() });
    return scheduler;
  }

  it('the publish estimate: the debounce plus the assumed build, then the duration of the last build', async () => {
    const build = controlledRun();
    const wait = REBUILD_DEBOUNCE_MS;
    scheduler = createRebuildScheduler({ run: build.run, now: () => Date.now(), buildEstimateMs: 30_000 });
    const s = scheduler;
    expect(s.status().expectedLiveAt).toBeUndefined();
    s.request('company');
    expect(s.status().expectedLiveAt).toBe(at(wait + 30_000));
    await vi.advanceTimersByTimeAsync(wait);
    expect(s.status()).toMatchObject({ state: 'building', expectedLiveAt: at(wait + 30_000) });
    // This build takes 12 s: the next estimate uses it.
    await vi.advanceTimersByTimeAsync(12_000);
    await build.end();
    expect(s.status().expectedLiveAt).toBeUndefined();
    s.request('blogs');
    expect(s.status()).toMatchObject({ state: 'scheduled', expectedLiveAt: at(wait + 12_000 + wait + 12_000) });
    await vi.advanceTimersByTimeAsync(wait);
    // A change during the build: visitors see it after this build and one more.
    await vi.advanceTimersByTimeAsync(1000);
    s.request('blogs');
    expect(s.status()).toMatchObject({ state: 'building', expectedLiveAt: at(2 * wait + 12_000 + 12_000 + 12_000) });
  });

  it('starts up to date, and builds once after the debounce of quiet', async () => {
    const build = controlledRun();
    const s = make(build);
    expect(stateOf(s)).toEqual({ state: 'up-to-date', since: at(0) });

    s.request('branding');
    expect(stateOf(s)).toEqual({ state: 'scheduled', since: at(0) });
    await vi.advanceTimersByTimeAsync(1999);
    expect(build.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(build.calls).toEqual(['branding']);
    expect(stateOf(s)).toEqual({ state: 'building', since: at(2000) });

    await vi.advanceTimersByTimeAsync(500);
    await build.end();
    expect(stateOf(s)).toEqual({ state: 'up-to-date', since: at(2500), lastBuiltAt: at(2500) });
  });

  it('merges a burst of requests into one build, restarting the quiet time at each', async () => {
    const build = controlledRun();
    const s = make(build);
    s.request('theme');
    await vi.advanceTimersByTimeAsync(1500);
    s.request('sliders');
    await vi.advanceTimersByTimeAsync(1500);
    s.request('theme');
    // 'since' is when the first change was scheduled, not the latest.
    expect(stateOf(s)).toEqual({ state: 'scheduled', since: at(0) });
    await vi.advanceTimersByTimeAsync(1999);
    expect(build.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(build.calls).toEqual(['theme, sliders']);
  });

  it('builds at the max wait even while edits keep coming', async () => {
    const build = controlledRun();
    const s = make(build);
    s.request('edit 0');
    for (let i = 1; i <= 12; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      s.request(`edit ${i}`);
    }
    // Requests every second never leave 2 s of quiet; the build still starts 10 s after the first.
    expect(build.calls).toHaveLength(1);
    expect(s.status().state).toBe('building');
    expect(s.status().since).toBe(at(10_000));
  });

  it('coalesces 5 requests during a build into exactly one more build, never two at once', async () => {
    const build = controlledRun();
    const s = make(build);
    s.request('first');
    await vi.advanceTimersByTimeAsync(2000);
    expect(build.calls).toEqual(['first']);

    for (let i = 1; i <= 5; i++) {
      s.request(`during ${i}`);
      await vi.advanceTimersByTimeAsync(3000);
      // The state stays 'building' while the first build runs; nothing starts beside it.
      expect(stateOf(s)).toEqual({ state: 'building', since: at(2000) });
    }
    expect(build.calls).toHaveLength(1);

    await build.end();
    // The requests are long past their max wait, so the next build starts at once.
    expect(stateOf(s)).toEqual({ state: 'building', since: at(17_000), lastBuiltAt: at(17_000) });
    expect(build.calls).toEqual(['first', 'during 1, during 2, during 3, during 4, during 5']);
    await build.end();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(build.calls).toHaveLength(2);
    expect(build.maxActive).toBe(1);
    expect(s.status().state).toBe('up-to-date');
  });

  it('debounces requests that came late in a build from their own time', async () => {
    const build = controlledRun();
    const s = make(build);
    s.request('first');
    await vi.advanceTimersByTimeAsync(2000);
    await vi.advanceTimersByTimeAsync(1000);
    s.request('late');
    await build.end();
    await vi.advanceTimersByTimeAsync(1999);
    expect(build.calls).toEqual(['first']);
    await vi.advanceTimersByTimeAsync(1);
    expect(build.calls).toEqual(['first', 'late']);
  });

  it('a failed build shows the reason; Retry builds at once and recovers', async () => {
    const build = controlledRun();
    const s = make(build);
    s.request('branding');
    await vi.advanceTimersByTimeAsync(2000);
    await vi.advanceTimersByTimeAsync(300);
    await build.end(new Error('astro build exited with code 1\n    at build-site.ts:1:1'));
    expect(stateOf(s)).toEqual({ state: 'failed', since: at(2300), reason: 'astro build exited with code 1' });

    // Nothing retries by itself.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(build.calls).toHaveLength(1);
    expect(s.status().state).toBe('failed');

    s.retry();
    expect(build.calls).toEqual(['branding', 'retry']);
    expect(stateOf(s)).toEqual({ state: 'building', since: at(62_300) });
    await build.end();
    expect(stateOf(s)).toEqual({ state: 'up-to-date', since: at(62_300), lastBuiltAt: at(62_300) });

    // Still schedules as usual after a failure; lastBuiltAt survives a later failure.
    s.request('sliders');
    await vi.advanceTimersByTimeAsync(2000);
    await build.end(new Error('disk full'));
    expect(stateOf(s)).toEqual({ state: 'failed', since: at(64_300), reason: 'disk full', lastBuiltAt: at(62_300) });
  });

  it('a Retry during a build runs one more build after it, not beside it', async () => {
    const build = controlledRun();
    const s = make(build);
    s.retry();
    s.retry();
    s.request('theme');
    expect(build.calls).toEqual(['retry']);
    await build.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(build.calls).toEqual(['retry', 'retry, theme']);
    await build.end();
    expect(build.maxActive).toBe(1);
  });

  it('a later request after a failure is scheduled and its success clears the failure', async () => {
    const build = controlledRun();
    const s = make(build);
    s.request('a');
    await vi.advanceTimersByTimeAsync(2000);
    await build.end(new Error('boom'));
    s.request('b');
    expect(stateOf(s)).toEqual({ state: 'scheduled', since: at(2000) });
    await vi.advanceTimersByTimeAsync(2000);
    await build.end();
    expect(stateOf(s)).toEqual({ state: 'up-to-date', since: at(4000), lastBuiltAt: at(4000) });
  });

  it('settled() resolves once nothing is scheduled or building', async () => {
    const build = controlledRun();
    const s = make(build);
    let settled = false;
    s.request('a');
    void s.settled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(2000);
    expect(settled).toBe(false);
    await build.end();
    expect(settled).toBe(true);
  });

  it('close() cancels a scheduled build and waits for a running one, which is told to stop', async () => {
    const build = controlledRun();
    const s = make(build);
    s.request('pending');
    await s.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(build.calls).toEqual([]);

    let signal: AbortSignal | undefined;
    let stop!: () => void;
    let runs = 0;
    const s2 = createRebuildScheduler({
      debounceMs: 10,
      now: () => Date.now(),
      run: (_reason, sig) => {
        signal = sig;
        runs++;
        return new Promise<void>((done) => (stop = done));
      },
    });
    s2.request('x');
    await vi.advanceTimersByTimeAsync(10);
    let closed = false;
    const closing = s2.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(signal?.aborted).toBe(true);
    expect(closed).toBe(false);
    stop();
    await closing;
    expect(closed).toBe(true);
    // Requests after close are ignored.
    s2.request('y');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(1);
  });

  it('track() counts a build started elsewhere: building until it ends, requests meanwhile make one build after it', async () => {
    const build = controlledRun();
    const s = make(build);
    let finishFirst!: () => void;
    s.track(new Promise<void>((done) => (finishFirst = done)));
    expect(stateOf(s)).toEqual({ state: 'building', since: at(0) });

    // An admin saves twice during the first build: nothing starts beside it, however long it takes.
    s.request('company');
    await vi.advanceTimersByTimeAsync(30_000);
    s.request('theme');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(build.calls).toEqual([]);
    expect(stateOf(s)).toEqual({ state: 'building', since: at(0) });

    finishFirst();
    await vi.advanceTimersByTimeAsync(0);
    expect(build.calls).toEqual(['company, theme']);
    expect(stateOf(s)).toEqual({ state: 'building', since: at(60_000), lastBuiltAt: at(60_000) });
    await build.end();
    expect(stateOf(s)).toEqual({ state: 'up-to-date', since: at(60_000), lastBuiltAt: at(60_000) });
    expect(build.maxActive).toBe(1);
  });

  it('track() with nothing requested meanwhile ends up to date, with no build of its own', async () => {
    const build = controlledRun();
    const s = make(build);
    s.track(Promise.resolve());
    await vi.advanceTimersByTimeAsync(0);
    expect(stateOf(s)).toEqual({ state: 'up-to-date', since: at(0), lastBuiltAt: at(0) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(build.calls).toEqual([]);
  });

  it('a tracked build that fails shows the reason without telling onError (its caller reports it)', async () => {
    const errors: unknown[] = [];
    scheduler = createRebuildScheduler({
      run: () => Promise.resolve(),
      now: () => Date.now(),
      onError: (e) => errors.push(e),
    });
    scheduler.track(Promise.reject(new Error('astro build exited with code 1')));
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.status()).toEqual({ state: 'failed', since: at(0), reason: 'astro build exited with code 1' });
    expect(errors).toEqual([]);
    // A second track() during a build, or after close(), is ignored.
    scheduler.retry();
    scheduler.track(new Promise(() => undefined));
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.status().state).toBe('up-to-date');
  });
});
