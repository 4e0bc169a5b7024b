import { assert, describe, expect, it } from 'vitest';
import { retryWhileBusy, WriteGate } from '../../src/server/db/sqlite-lock-wait.ts';
import { StorageBusyError } from '../../src/server/db/storage-errors.ts';

const busy = () => Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 });

describe('retryWhileBusy', () => {
  it('retries a busy attempt until it goes through, and returns its result', async () => {
    let calls = 0;
    const result = await retryWhileBusy(() => {
      calls++;
      if (calls < 4) throw busy();
      return 'done';
    }, Date.now() + 5000);
    expect(result).toBe('done');
    expect(calls).toBe(4);
  });

  it('lets timers run between attempts: the event loop is not blocked while it waits', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    let calls = 0;
    try {
      await retryWhileBusy(() => {
        if (++calls < 8) throw busy();
      }, Date.now() + 5000);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it('gives up with StorageBusyError, the busy answer as its cause, once the deadline would pass', async () => {
    let calls = 0;
    const started = Date.now();
    const error = await retryWhileBusy(() => {
      calls++;
      throw busy();
    }, started + 40).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageBusyError);
    expect((error as Error).cause).toMatchObject({ errcode: 5 });
    expect(calls).toBeGreaterThan(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('throws any other error at once, without retrying', async () => {
    let calls = 0;
    const failing = () => {
      calls++;
      throw new Error('UNIQUE constraint failed');
    };
    await expect(retryWhileBusy(failing, Date.now() + 5000)).rejects.toThrow('UNIQUE constraint failed');
    expect(calls).toBe(1);
  });
});

describe('WriteGate', () => {
  it('lets one holder in at a time, the next in order of arrival', async () => {
    const gate = new WriteGate();
    const order: string[] = [];
    const first = await gate.acquire(Date.now() + 1000);
    expect(gate.tryAcquire()).toBeNull();
    const second = gate.acquire(Date.now() + 1000).then((release) => (order.push('second'), release));
    const third = gate.acquire(Date.now() + 1000).then((release) => (order.push('third'), release));
    await Promise.resolve();
    expect(order).toEqual([]);
    first();
    first(); // a second call changes nothing
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    const again = gate.tryAcquire();
    assert(typeof again === 'function', 'the gate is free again');
    again();
  });

  it('drops a waiter whose deadline passes with StorageBusyError, and still serves the ones behind it', async () => {
    const gate = new WriteGate();
    const holder = await gate.acquire(Date.now() + 1000);
    const impatient = gate.acquire(Date.now() + 10);
    const patient = gate.acquire(Date.now() + 5000);
    await expect(impatient).rejects.toBeInstanceOf(StorageBusyError);
    holder();
    const release = await patient;
    expect(gate.tryAcquire()).toBeNull();
    release();
    expect(gate.tryAcquire()).toBeTypeOf('function');
  });
});
