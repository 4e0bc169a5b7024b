/** The pure rules of full-text search on both databases: the words of a query and each database's query text. */
import { describe, expect, it } from 'vitest';
import { isPostgresUrl } from '../../src/server/db/connection.ts';
import { toTsQuery } from '../../src/server/db/postgres-search.ts';
import { toMatchQuery } from '../../src/server/db/sqlite-search.ts';
import { searchWords } from '../../src/server/db/search-words.ts';

describe('searchWords', () => {
  it('keeps letters and digits, lower-cased and NFKC-normalised, split on everything else', () => {
    expect(searchWords('  Walnut-DESK  lamp!! ')).toEqual(['walnut', 'desk', 'lamp']);
    expect(searchWords('Café Ｍｕｓｉｃ 2026')).toEqual(['café', 'music', '2026']);
  });
  it('ignores operators and quotes either database would read', () => {
    expect(searchWords('"a" OR b* & !c | (d) <-> e:*')).toEqual(['a', 'or', 'b', 'c', 'd', 'e']);
  });
  it('takes at most 8 words, and none from text without any', () => {
    expect(searchWords('one two three four five six seven eight nine ten')).toHaveLength(8);
    expect(searchWords(' -- ')).toEqual([]);
  });
});

describe('each database query text', () => {
  it('SQLite FTS5: quoted prefix terms, all required', () => {
    expect(toMatchQuery('Harp work')).toBe('"harp"* "work"*');
  });
  it('PostgreSQL tsquery: prefix terms joined with &', () => {
    expect(toTsQuery('Harp work')).toBe('harp:* & work:*');
  });
  it('nothing to search gives an empty query on both', () => {
    expect(toMatchQuery('!!')).toBe('');
    expect(toTsQuery('!!')).toBe('');
  });
});

describe('isPostgresUrl', () => {
  it('accepts postgres:// and postgresql:// only', () => {
    expect(isPostgresUrl('postgres://u@h/db')).toBe(true);
    expect(isPostgresUrl('POSTGRESQL://u@h/db')).toBe(true);
    expect(isPostgresUrl('mysql://u@h/db')).toBe(false);
    expect(isPostgresUrl('file:./site.db')).toBe(false);
  });
});
