/**
 * The filtered lists' cache: one read per key until a write this process answered, a failed read, or its age makes
 * it stale; concurrent misses share the read.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connection.ts';
import { cachedRows, MAX_AGE_MS, noteWrite } from '../../src/server/modules/content/list-rows-cache.ts';

/** A database the cache has not seen (it keys its entries by the object; this one has no change counter). */
const newDb = (): Db => Object.create(null) as Db;

function counter() {
  let reads = 0;
  return { load: () => Promise.resolve(++reads), reads: () => reads };
}

describe('cachedRows', () => {
  it('reads once for the same key, and shares a read that is under way', async () => {
    const db = newDb();
    const rows = counter();
    const [a, b] = await Promise.all([cachedRows(db, 'k', rows.load, 0), cachedRows(db, 'k', rows.load, 1)]);
    expect([a, b, await cachedRows(db, 'k', rows.load, 2)]).toEqual([1, 1, 1]);
    expect(rows.reads()).toBe(1);
  });

  it('reads again after a write, and each key on its own', async () => {
    const db = newDb();
    const rows = counter();
    const other = counter();
    await cachedRows(db, 'k', rows.load, 0);
    await cachedRows(db, 'other', other.load, 0);
    noteWrite(db);
    expect(await cachedRows(db, 'k', rows.load, 1)).toBe(2);
    expect(await cachedRows(db, 'k', rows.load, 2)).toBe(2);
    expect(await cachedRows(db, 'other', other.load, 2)).toBe(2);
  });

  it('reads again once MAX_AGE_MS has passed', async () => {
    const db = newDb();
    const rows = counter();
    await cachedRows(db, 'k', rows.load, 1000);
    expect(await cachedRows(db, 'k', rows.load, 1000 + MAX_AGE_MS - 1)).toBe(1);
    expect(await cachedRows(db, 'k', rows.load, 1000 + MAX_AGE_MS)).toBe(2);
  });

  it('does not remember a failed read', async () => {
    const db = newDb();
    await expect(cachedRows(db, 'k', () => Promise.reject(new Error('busy')), 0)).rejects.toThrow('busy');
    expect(await cachedRows(db, 'k', () => Promise.resolve('rows'), 1)).toBe('rows');
  });

  it("keeps each database's entries apart", async () => {
    const [one, two] = [newDb(), newDb()];
    await cachedRows(one, 'k', () => Promise.resolve('one'), 0);
    expect(await cachedRows(two, 'k', () => Promise.resolve('two'), 0)).toBe('two');
    noteWrite(two);
    expect(await cachedRows(one, 'k', () => Promise.resolve('again'), 1)).toBe('one');
  });
});
