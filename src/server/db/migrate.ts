import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { inspect } from 'node:util';
import { sql } from 'kysely';
import { databaseKind, type Db } from './connection.ts';
import * as createCore from './migrations/2026_11_22_1200_create_core.ts';
import * as createUserViews from './migrations/2026_11_22_1500_create_user_views.ts';
import * as createAuditLog from './migrations/2026_11_24_0400_create_audit_log.ts';
import * as publishStatesAndCents from './migrations/2026_11_24_0700_publish_states_and_cents.ts';
import * as visitorSite from './migrations/2026_11_24_1000_visitor_site.ts';
import * as commerce from './migrations/2026_11_24_1400_commerce.ts';
import * as messagesAccountAnalytics from './migrations/2026_11_24_1800_messages_account_analytics.ts';
import * as attemptLimits from './migrations/2026_11_24_2000_attempt_limits.ts';
import * as adminTwoFactor from './migrations/2026_11_25_0100_admin_two_factor.ts';
import * as mediaPending from './migrations/2026_11_25_0200_media_pending.ts';
import * as sessionDevices from './migrations/2026_11_25_0300_session_devices.ts';
import * as sessionRole from './migrations/2026_11_29_1400_session_role.ts';
import * as otpRequester from './migrations/2026_11_29_1700_otp_requester.ts';
import * as otpOwnBrowserOnly from './migrations/2026_11_30_0900_otp_own_browser_only.ts';
import * as companyTitlePlaceholder from './migrations/2026_11_30_1000_company_title_placeholder.ts';
import * as darkLogoOwn from './migrations/2026_11_30_1100_dark_logo_own.ts';
import * as categories from './migrations/2026_12_01_0900_categories.ts';
import * as menus from './migrations/2026_12_01_1000_menus.ts';
import * as homeAndAbout from './migrations/2026_12_01_1100_home_and_about.ts';
import * as storeTimeZone from './migrations/2026_12_01_1200_store_time_zone.ts';
import * as checkoutRequester from './migrations/2026_12_01_1300_checkout_requester.ts';
import * as priceBands from './migrations/2026_12_01_1400_price_bands.ts';
import * as logoShowsName from './migrations/2026_12_01_1500_logo_shows_name.ts';
import * as activity from './migrations/2026_12_02_0900_activity.ts';
import * as commentsReviews from './migrations/2026_12_02_1000_comments_reviews.ts';
import * as eventRegistrations from './migrations/2026_12_02_1100_event_registrations.ts';
import * as newsletterSending from './migrations/2026_12_02_1200_newsletter_sending.ts';
import * as featuredPins from './migrations/2026_12_02_1300_featured_pins.ts';
import * as guestComments from './migrations/2026_12_03_0900_guest_comments.ts';
import * as eventTickets from './migrations/2026_12_03_1000_event_tickets.ts';
import * as staffInvitations from './migrations/2026_12_04_0900_staff_invitations.ts';
import * as blogAuthors from './migrations/2026_12_04_1000_blog_authors.ts';
import * as scheduledChanges from './migrations/2026_12_05_0900_scheduled_changes.ts';
import * as drafts from './migrations/2026_12_06_0900_drafts.ts';
import * as revisions from './migrations/2026_12_07_0900_revisions.ts';
import * as mediaLibrary from './migrations/2026_12_08_0900_media_library.ts';
import * as passkeys from './migrations/2026_12_09_0900_passkeys.ts';
import * as integrations from './migrations/2026_12_10_0900_integrations.ts';
import * as imports from './migrations/2026_12_11_0900_imports.ts';
import * as publishChecks from './migrations/2026_12_12_0900_publish_checks.ts';

/** Every migration, in order. Add new ones here; never edit a landed one. */
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_22_1200_create_core': createCore,
  '2026_11_22_1500_create_user_views': createUserViews,
  '2026_11_24_0400_create_audit_log': createAuditLog,
  '2026_11_24_0700_publish_states_and_cents': publishStatesAndCents,
  '2026_11_24_1000_visitor_site': visitorSite,
  '2026_11_24_1400_commerce': commerce,
  '2026_11_24_1800_messages_account_analytics': messagesAccountAnalytics,
  '2026_11_24_2000_attempt_limits': attemptLimits,
  '2026_11_25_0100_admin_two_factor': adminTwoFactor,
  '2026_11_25_0200_media_pending': mediaPending,
  '2026_11_25_0300_session_devices': sessionDevices,
  '2026_11_29_1400_session_role': sessionRole,
  '2026_11_29_1700_otp_requester': otpRequester,
  '2026_11_30_0900_otp_own_browser_only': otpOwnBrowserOnly,
  '2026_11_30_1000_company_title_placeholder': companyTitlePlaceholder,
  '2026_11_30_1100_dark_logo_own': darkLogoOwn,
  '2026_12_01_0900_categories': categories,
  '2026_12_01_1000_menus': menus,
  '2026_12_01_1100_home_and_about': homeAndAbout,
  '2026_12_01_1200_store_time_zone': storeTimeZone,
  '2026_12_01_1300_checkout_requester': checkoutRequester,
  '2026_12_01_1400_price_bands': priceBands,
  '2026_12_01_1500_logo_shows_name': logoShowsName,
  '2026_12_02_0900_activity': activity,
  '2026_12_02_1000_comments_reviews': commentsReviews,
  '2026_12_02_1100_event_registrations': eventRegistrations,
  '2026_12_02_1200_newsletter_sending': newsletterSending,
  '2026_12_02_1300_featured_pins': featuredPins,
  '2026_12_03_0900_guest_comments': guestComments,
  '2026_12_03_1000_event_tickets': eventTickets,
  '2026_12_04_0900_staff_invitations': staffInvitations,
  '2026_12_04_1000_blog_authors': blogAuthors,
  '2026_12_05_0900_scheduled_changes': scheduledChanges,
  '2026_12_06_0900_drafts': drafts,
  '2026_12_07_0900_revisions': revisions,
  '2026_12_08_0900_media_library': mediaLibrary,
  '2026_12_09_0900_passkeys': passkeys,
  '2026_12_10_0900_integrations': integrations,
  '2026_12_11_0900_imports': imports,
  '2026_12_12_0900_publish_checks': publishChecks,
};

export const migrationProvider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/** Applies pending migrations; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (databaseKind(db) !== 'postgres') return migrate(db);
  // Start-up work, not a request: a migration may build an index on a large table, or wait for another instance's
  // migrations, longer than an API statement's bounds (postgres-dialect.ts), which come back with the connection.
  return db.connection().execute(async (connection) => {
    await sql`SET statement_timeout = 0`.execute(connection);
    await sql`SET lock_timeout = 0`.execute(connection);
    try {
      return await migrate(connection);
    } finally {
      await sql`RESET statement_timeout`.execute(connection);
      await sql`RESET lock_timeout`.execute(connection);
    }
  });
}

async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = error instanceof Error ? error.message : typeof error === 'string' ? error : inspect(error);
    throw new Error(`migration ${failed} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
