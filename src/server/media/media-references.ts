/**
 * Every place a record names a stored file, the one list of them: what keeps a file from being released
 * (media-release.ts), what the media library shows as an item's uses and refuses to delete while they last, and what
 * is rewritten when a file's version or focal point changes (its address never does).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { MEDIA_URL_PREFIX, type MediaPresentation, presentedMediaUrl } from '../../shared/media-url.ts';
import type { MediaUse } from '../../shared/media-library.ts';

type Scope = Kysely<Database>;

interface Reference {
  table: keyof Database;
  /** The columns that hold a URL, whole. */
  columns: readonly string[];
  /** What a use is called in the library ('Blog post'), and the column or expression that names the record. */
  label: string;
  name: RawBuilder<string>;
  key: string;
  /**
   * A use: what visitors see, or will once a draft is published, which blocks a delete. An earlier version keeps its
   * file stored while it is kept, but is no use of it.
   */
  isUse: boolean;
  /** `name` is a draft's or version's fields (JSON), named by their title or name. */
  namedByFields?: true;
}

/** Columns holding rich text (HTML) or a draft's or version's fields (JSON), which name files inside them. */
interface TextReference extends Omit<Reference, 'columns'> {
  column: string;
  format: 'html' | 'json';
}

const ref = (column: string) => sql<string>`${sql.ref(column)}`;

const WHOLE: readonly Reference[] = [
  {
    table: 'company_settings',
    columns: ['logo', 'logo_dark', 'icon', 'hero_image'],
    label: 'Company settings',
    name: sql<string>`'Logo, icon and home'`,
    key: 'public_id',
    isUse: true,
  },
  { table: 'sliders', columns: ['image'], label: 'Hero slide', name: ref('title'), key: 'id', isUse: true },
  { table: 'products', columns: ['image'], label: 'Product', name: ref('name'), key: 'id', isUse: true },
  { table: 'blogs', columns: ['image'], label: 'Blog post', name: ref('title'), key: 'id', isUse: true },
  { table: 'photos', columns: ['image'], label: 'Photo', name: ref('title'), key: 'id', isUse: true },
  { table: 'events', columns: ['image'], label: 'Event', name: ref('name'), key: 'id', isUse: true },
  {
    table: 'recommendations',
    columns: ['image'],
    label: 'Recommendation',
    name: ref('title'),
    key: 'id',
    isUse: true,
  },
  {
    table: 'audios',
    columns: ['audio_file', 'cover'],
    label: 'Audio',
    name: ref('name'),
    key: 'id',
    isUse: true,
  },
  { table: 'videos', columns: ['poster'], label: 'Video', name: ref('name'), key: 'id', isUse: true },
  { table: 'team_members', columns: ['photo'], label: 'Team member', name: ref('name'), key: 'id', isUse: true },
  {
    table: 'users',
    columns: ['profile_image'],
    label: 'Account picture',
    name: sql<string>`${sql.ref('first_name')} || ' ' || ${sql.ref('last_name')}`,
    key: 'id',
    isUse: true,
  },
  {
    table: 'drafts',
    columns: ['picture'],
    label: 'Draft',
    name: ref('fields'),
    key: 'item_id',
    isUse: true,
    namedByFields: true,
  },
  {
    table: 'revisions',
    columns: ['picture'],
    label: 'Earlier version',
    name: ref('fields'),
    key: 'item_id',
    isUse: false,
    namedByFields: true,
  },
];

const INSIDE: readonly TextReference[] = [
  {
    table: 'blogs',
    column: 'content',
    format: 'html',
    label: 'Blog post',
    name: ref('title'),
    key: 'id',
    isUse: true,
  },
  {
    table: 'pages',
    column: 'content',
    format: 'html',
    label: 'Page',
    name: ref('title'),
    key: 'id',
    isUse: true,
  },
  {
    table: 'drafts',
    column: 'fields',
    format: 'json',
    label: 'Draft',
    name: ref('fields'),
    key: 'item_id',
    isUse: true,
    namedByFields: true,
  },
  {
    table: 'revisions',
    column: 'fields',
    format: 'json',
    label: 'Earlier version',
    name: ref('fields'),
    key: 'item_id',
    isUse: false,
    namedByFields: true,
  },
];

/** The title or name a draft's or version's fields (JSON) give their item. */
function nameInFields(json: string | null): string {
  try {
    const fields: unknown = JSON.parse(json ?? '');
    if (!fields || typeof fields !== 'object') return '';
    const { title, name } = fields as { title?: unknown; name?: unknown };
    return typeof title === 'string' ? title : typeof name === 'string' ? name : '';
  } catch {
    return '';
  }
}

/** Stored names are made by the server (uuid, variant width, extension): none holds a LIKE wildcard. */
const wholeMatch = (column: string, address: string) =>
  sql<boolean>`(${sql.ref(column)} = ${address} or ${sql.ref(column)} like ${`${address}?%`})`;

/** Whether any record names the file at `address` (a /media/ path without query), whole or inside its text. */
export async function isReferenced(db: Scope, address: string): Promise<boolean> {
  for (const reference of WHOLE) {
    const found = await sql`select 1 as found from ${sql.table(reference.table)} where ${sql.join(
      reference.columns.map((column) => wholeMatch(column, address)),
      sql` or `,
    )} limit 1`.execute(db);
    if (found.rows.length > 0) return true;
  }
  for (const reference of INSIDE) {
    const found = await sql`select 1 as found from ${sql.table(reference.table)} where ${sql.ref(
      reference.column,
    )} like ${`%${address}%`} limit 1`.execute(db);
    if (found.rows.length > 0) return true;
  }
  return false;
}

/** The records naming any file of the stored picture or audio file `id` (the uuid of its name): one entry per record. */
export async function usesOf(db: Scope, id: string): Promise<MediaUse[]> {
  const prefix = `${MEDIA_URL_PREFIX}${id}`;
  const uses = new Map<string, MediaUse>();
  const add = (reference: Reference | TextReference, rows: { item_key: string; name: string | null }[]) => {
    for (const row of rows) {
      const use: MediaUse = {
        label: reference.label,
        name: (reference.namedByFields ? nameInFields(row.name) : row.name)?.trim() ?? '',
        id: row.item_key,
      };
      uses.set(`${reference.label}\u0000${use.id}`, use);
    }
  };
  for (const reference of WHOLE) {
    if (!reference.isUse) continue;
    const { rows } = await sql<{
      item_key: string;
      name: string | null;
    }>`select ${sql.ref(reference.key)} as item_key, ${
      reference.name
    } as name from ${sql.table(reference.table)} where ${sql.join(
      reference.columns.map((column) => sql`${sql.ref(column)} like ${`${prefix}%`}`),
      sql` or `,
    )} limit 100`.execute(db);
    add(reference, rows);
  }
  for (const reference of INSIDE) {
    if (!reference.isUse) continue;
    const { rows } = await sql<{
      item_key: string;
      name: string | null;
    }>`select ${sql.ref(reference.key)} as item_key, ${
      reference.name
    } as name from ${sql.table(reference.table)} where ${sql.ref(reference.column)} like ${`%${prefix}%`} limit 100`.execute(
      db,
    );
    add(reference, rows);
  }
  return [...uses.values()];
}

/** A /media/ URL of a file of `id` (its picture or a variant), with whatever query it has, inside any text. */
const filesOf = (id: string) =>
  new RegExp(
    `${MEDIA_URL_PREFIX.replace(/\//g, '\\/')}${id}((?:-w\\d{2,4})?\\.[a-z0-9]{2,5})(?:\\?[^"'\\s<>\\\\]*)?`,
    'g',
  );

/**
 * `text` with every URL of the stored file `id` given the query of `shown`: a URL standing alone (a column, a JSON
 * value) carries the version and focal point; one inside HTML the version only, the picture showing whole there.
 */
export function represented(text: string, id: string, shown: MediaPresentation, inHtml: boolean): string {
  return text.replace(filesOf(id), (_url, file: string) =>
    presentedMediaUrl(`${MEDIA_URL_PREFIX}${id}${file}`, shown, !inHtml),
  );
}

/** The values of a draft's or version's fields (JSON) with the file's URLs given their new query. */
function representedJson(json: string, id: string, shown: MediaPresentation): string {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const alone = filesOf(id).exec(value);
      return represented(value, id, shown, !(alone?.index === 0 && alone[0].length === value.length));
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    return value;
  };
  try {
    return JSON.stringify(walk(JSON.parse(json)));
  } catch {
    return json;
  }
}

/**
 * Gives every reference to the stored file `id` the URL of its new version or focal point, in the transaction that
 * changed them: the address stays, the query changes, so the rebuilt pages fetch the new file past every cache.
 * Returns how many records changed.
 */
export async function representEverywhere(db: Scope, id: string, shown: MediaPresentation): Promise<number> {
  const prefix = `${MEDIA_URL_PREFIX}${id}`;
  let changed = 0;
  for (const reference of WHOLE) {
    for (const column of reference.columns) {
      const { rows } = await sql<{
        item_key: string;
        value: string;
      }>`select ${sql.ref(reference.key)} as item_key, ${sql.ref(
        column,
      )} as value from ${sql.table(reference.table)} where ${sql.ref(column)} like ${`${prefix}%`}`.execute(db);
      for (const row of rows) {
        const value = represented(row.value, id, shown, false);
        if (value === row.value) continue;
        await sql`update ${sql.table(reference.table)} set ${sql.ref(column)} = ${value} where ${sql.ref(
          reference.key,
        )} = ${row.item_key} and ${sql.ref(column)} = ${row.value}`.execute(db);
        changed += 1;
      }
    }
  }
  for (const reference of INSIDE) {
    const { rows } = await sql<{
      item_key: string;
      value: string;
    }>`select ${sql.ref(reference.key)} as item_key, ${sql.ref(
      reference.column,
    )} as value from ${sql.table(reference.table)} where ${sql.ref(reference.column)} like ${`%${prefix}%`}`.execute(
      db,
    );
    for (const row of rows) {
      const value =
        reference.format === 'html' ? represented(row.value, id, shown, true) : representedJson(row.value, id, shown);
      if (value === row.value) continue;
      await sql`update ${sql.table(reference.table)} set ${sql.ref(reference.column)} = ${value} where ${sql.ref(
        reference.key,
      )} = ${row.item_key} and ${sql.ref(reference.column)} = ${row.value}`.execute(db);
      changed += 1;
    }
  }
  return changed;
}

const STORED_IDS = /\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/g;

/** How many records use a stored file, and the name of the first (what an untitled file is called after). */
export interface UseCount {
  count: number;
  firstName: string;
}

/**
 * How many records use each stored file now (by the uuid of its name), in one pass over the references: what the
 * library's list shows, and its "unused" filter. Earlier versions are not uses.
 */
export async function useCounts(db: Scope): Promise<Map<string, UseCount>> {
  const users = new Map<string, { records: Set<string>; firstName: string }>();
  const count = (
    reference: Reference | TextReference,
    row: { item_key: string; item_name: string | null },
    values: readonly (string | null)[],
  ) => {
    const name = (reference.namedByFields ? nameInFields(row.item_name) : (row.item_name ?? '')).trim();
    for (const value of values)
      for (const [, id] of (value ?? '').matchAll(STORED_IDS)) {
        if (!id) continue;
        const found = users.get(id) ?? { records: new Set<string>(), firstName: name };
        found.records.add(`${reference.label}\u0000${row.item_key}`);
        found.firstName ||= name;
        users.set(id, found);
      }
  };
  for (const reference of WHOLE) {
    if (!reference.isUse) continue;
    const { rows } = await sql<Record<string, string | null>>`select ${sql.ref(reference.key)} as item_key, ${
      reference.name
    } as item_name, ${sql.join(reference.columns.map((column) => sql.ref(column)))} from ${sql.table(
      reference.table,
    )} where ${sql.join(
      reference.columns.map((column) => sql`${sql.ref(column)} like ${`${MEDIA_URL_PREFIX}%`}`),
      sql` or `,
    )}`.execute(db);
    for (const row of rows)
      count(
        reference,
        { item_key: String(row['item_key']), item_name: row['item_name'] ?? null },
        reference.columns.map((column) => row[column] ?? null),
      );
  }
  for (const reference of INSIDE) {
    if (!reference.isUse) continue;
    const { rows } = await sql<{ item_key: string; item_name: string | null; value: string }>`select ${sql.ref(
      reference.key,
    )} as item_key, ${reference.name} as item_name, ${sql.ref(reference.column)} as value from ${sql.table(
      reference.table,
    )} where ${sql.ref(reference.column)} like ${`%${MEDIA_URL_PREFIX}%`}`.execute(db);
    for (const row of rows) count(reference, row, [row.value]);
  }
  return new Map([...users].map(([id, { records, firstName }]) => [id, { count: records.size, firstName }]));
}
