/** What full-text search indexes, for both databases' search modules (sqlite-search.ts, postgres-search.ts). */
import type { ContentType } from '../../shared/types.ts';

export interface SearchSource {
  type: ContentType;
  table: string;
  title: string;
  /** An SQL expression over the row `X` (portable: coalesce and ||). */
  body: string;
  /** Tables without tags (events) index none. */
  tags?: false;
}

/** What each type contributes: a weighted title, a body (captions, descriptions, text) and its tags. */
export const SEARCH_SOURCES: SearchSource[] = [
  {
    type: 'product',
    table: 'products',
    title: 'name',
    body: "coalesce(X.description,'') || ' ' || coalesce(X.category,'')",
  },
  {
    type: 'blog',
    table: 'blogs',
    title: 'title',
    body: "coalesce(X.caption,'') || ' ' || coalesce(X.category,'') || ' ' || coalesce(X.content,'')",
  },
  { type: 'photo', table: 'photos', title: 'title', body: "coalesce(X.caption,'') || ' ' || coalesce(X.category,'')" },
  {
    type: 'video',
    table: 'videos',
    title: 'name',
    body: "coalesce(X.title,'') || ' ' || coalesce(X.description,'') || ' ' || coalesce(X.category,'')",
  },
  {
    type: 'audio',
    table: 'audios',
    title: 'name',
    body: "coalesce(X.title,'') || ' ' || coalesce(X.artist,'') || ' ' || coalesce(X.description,'') || ' ' || coalesce(X.type,'') || ' ' || coalesce(X.category,'')",
  },
  {
    type: 'event',
    table: 'events',
    title: 'name',
    body: "coalesce(X.title,'') || ' ' || coalesce(X.description,'') || ' ' || coalesce(X.city,'') || ' ' || coalesce(X.location,'') || ' ' || coalesce(X.category,'')",
    tags: false,
  },
];

/** The source row's expressions for the index's title, body and tags, over the row named `row`. */
export function indexedValues(s: SearchSource, row: string): { title: string; body: string; tags: string } {
  return {
    title: `coalesce(${row}.${s.title},'')`,
    body: s.body.replaceAll('X.', `${row}.`),
    tags: s.tags === false ? "''" : `coalesce(${row}.tags,'')`,
  };
}

/** Source columns the index reads: only updates of these need re-indexing (not view or like counters). */
export function indexedColumns(s: SearchSource): string[] {
  const body = [...s.body.matchAll(/X\.(\w+)/g)].flatMap(([, column]) => (column === undefined ? [] : [column]));
  return [...new Set([s.title, ...body, ...(s.tags === false ? [] : ['tags'])])];
}

export interface SearchHit {
  type: ContentType;
  ref_id: string;
}
