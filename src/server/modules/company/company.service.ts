import type { Selectable } from 'kysely';
import { withCompanyDefaults } from '../../../shared/company.ts';
import { omit } from '../../../shared/omit.ts';
import type { Company } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import type { CompanySettingsTable } from '../../db/schema.ts';
import { findCompanyRow } from './company.repository.ts';

type CompanyRow = Selectable<CompanySettingsTable>;

/** The one place where company columns and spec field names meet. */
export function companyFromRow(row: CompanyRow | undefined): Company {
  if (!row) return withCompanyDefaults(null);
  // The row's own id and change time are no fields of the company.
  const { public_id, social_facebook, social_instagram, social_twitter, social_linkedin, ...rest } = omit(
    row,
    'id',
    'updated_at',
  );
  const input: Record<string, unknown> = { _id: public_id };
  for (const [key, value] of Object.entries(rest)) if (value !== null) input[key] = value;
  // SQLite keeps a boolean as 0 or 1.
  input['logo_shows_name'] = Boolean(row.logo_shows_name);
  input['social'] = {
    facebook: social_facebook,
    instagram: social_instagram,
    twitter: social_twitter,
    linkedin: social_linkedin,
  };
  return withCompanyDefaults(input);
}

export async function getCompany(db: Db): Promise<Company> {
  return companyFromRow(await findCompanyRow(db));
}
