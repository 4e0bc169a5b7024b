/**
 * What the publish checks hold back, as the public reads apply it: the one filter every public read of posts, pages
 * and hero slides adds to its own (an item held back is left out, as an unpublished one is, until a run finds its
 * errors fixed), and the theme colours visitors get while the saved ones are held back.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { DEFAULT_COMPANY } from '../../../shared/company.ts';
import type { HoldableKind } from '../../../shared/publish-checks.ts';
import { THEME_FIELDS, type ThemeField } from '../../../shared/schemas/company.ts';
import type { Company } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';

/** The tables whose rows a publish check can hold back, and the kind it records them as. */
export const HOLDABLE_TABLES = { blogs: 'blog', pages: 'page', sliders: 'slide' } as const satisfies Record<
  string,
  HoldableKind
>;

export type ThemeColours = Pick<Company, ThemeField>;

/** The ten theme fields of `company`, as the checks keep the last ones that passed. */
export function themeColours(company: ThemeColours): ThemeColours {
  return Object.fromEntries(THEME_FIELDS.map((field) => [field, company[field]])) as ThemeColours;
}

/** Kept colours as stored: each field of the right type, else the default's (a new site's colours pass). */
function keptColours(text: string | null | undefined): ThemeColours {
  let stored: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    if (value && typeof value === 'object') stored = value as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults stand in.
  }
  const pick = (field: ThemeField) =>
    typeof stored[field] === typeof DEFAULT_COMPANY[field] ? stored[field] : DEFAULT_COMPANY[field];
  return Object.fromEntries(THEME_FIELDS.map((field) => [field, pick(field)])) as ThemeColours;
}

/** The colours visitors get while the saved theme is held back; null while it is not. */
export async function heldThemeColours(db: Db): Promise<ThemeColours | null> {
  const held = await db
    .selectFrom('publish_checks')
    .select('item_id')
    .where('kind', '=', 'theme')
    .where('held', '=', true)
    .executeTakeFirst();
  if (!held) return null;
  const run = await db.selectFrom('publish_check_runs').select('kept_theme').executeTakeFirst();
  return keptColours(run?.kept_theme);
}

const always: RawBuilder<SqlBool> = sql<SqlBool>`1 = 1`;

/**
 * True for a row of `table` that no check holds back (always true for a table whose rows are never held), for a
 * query's where(): `.where(notHeld('blogs'))`.
 */
export function notHeld(table: string): RawBuilder<SqlBool> {
  const kind = (HOLDABLE_TABLES as Record<string, HoldableKind | undefined>)[table];
  if (kind === undefined) return always;
  return sql<SqlBool>`not exists (select 1 from publish_checks where publish_checks.kind = ${kind} and publish_checks.item_id = ${sql.ref(`${table}.id`)} and publish_checks.held = ${sql.lit(true)})`;
}
