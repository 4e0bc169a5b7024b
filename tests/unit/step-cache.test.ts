/** The build steps' cache (lib/build/step-cache.ts): entries by input, variant and step code; prune keeps what was used. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStepCache } from '../../src/lib/build/step-cache.ts';

describe('openStepCache', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'step-cache-'));
    dirs.push(dir);
    return join(dir, 'step');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('answers what was set for the same input and variant, and nothing for another', async () => {
    const cache = await openStepCache(newDir(), 'v1');
    expect(await cache.get('<p>a</p>')).toBeUndefined();
    await cache.set('<p>a</p>', 'trimmed a');
    await cache.set('<p>a</p>', Buffer.from([1, 2, 3]), '.br');
    expect((await cache.get('<p>a</p>'))?.toString()).toBe('trimmed a');
    expect([...((await cache.get(Buffer.from('<p>a</p>'), '.br')) ?? [])]).toEqual([1, 2, 3]);
    expect(await cache.get('<p>a</p>', '.gz')).toBeUndefined();
    expect(await cache.get('<p>b</p>')).toBeUndefined();
  });

  it("keeps entries from one build to the next unless the step's code changed", async () => {
    const dir = newDir();
    await (await openStepCache(dir, 'v1')).set('input', 'output');
    expect((await (await openStepCache(dir, 'v1')).get('input'))?.toString()).toBe('output');
    expect(await (await openStepCache(dir, 'v2')).get('input')).toBeUndefined();
  });

  it('takes two writes of one entry at once, each whole', async () => {
    const dir = newDir();
    const cache = await openStepCache(dir, 'v1');
    await Promise.all(Array.from({ length: 8 }, () => cache.set('same input', 'same output')));
    expect((await cache.get('same input'))?.toString()).toBe('same output');
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('prunes the entries a build neither read nor wrote, and leaves no temporary files', async () => {
    const dir = newDir();
    const first = await openStepCache(dir, 'v1');
    await first.set('kept', 'k');
    await first.set('dropped', 'd');
    await first.set('rewritten', 'r');
    const second = await openStepCache(dir, 'v1');
    await second.get('kept');
    await second.set('rewritten', 'r2');
    expect(await second.prune()).toBe(1);
    expect(readdirSync(dir)).toHaveLength(2);
    expect(readdirSync(dir).some((name) => name.endsWith('.tmp'))).toBe(false);
    const third = await openStepCache(dir, 'v1');
    expect((await third.get('kept'))?.toString()).toBe('k');
    expect((await third.get('rewritten'))?.toString()).toBe('r2');
    expect(await third.get('dropped')).toBeUndefined();
  });
});
