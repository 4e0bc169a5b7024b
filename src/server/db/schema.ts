/** Kysely table types: snake_case columns as stored. Booleans read back as 0/1 on both databases (postgres-dialect.ts). */
import type { ColumnType } from 'kysely';

type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
type DefaultedText = ColumnType<string, string | undefined, string>;
type DefaultedNumber = ColumnType<number, number | undefined, number>;

export type SeoColumns = {
  [
    K in
      | 'home'
      | 'login'
      | 'register'
      | 'profile'
      | 'shop'
      | 'blogs'
      | 'photos'
      | 'videos'
      | 'audio'
      | 'events'
      | 'notfound'
      | 'contact' as `seo_${K}_title` | `seo_${K}_description`
  ]: string | null;
};

export interface CompanySettingsTable extends SeoColumns {
  id: number;
  public_id: string;
  name: string | null;
  tagline: string | null;
  description: string | null;
  logo: string | null;
  logo_dark: string | null;
  /** Whether an admin uploaded the dark logo; until then a new main logo replaces it (company/dark-logo.ts). */
  logo_dark_own: Bool;
  /** The logo already shows the company name (a wordmark): the header shows the logo without the name beside it. */
  logo_shows_name: Bool;
  icon: string | null;
  hero_image: string | null;
  cta_text: string | null;
  cta_link: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  social_facebook: string | null;
  social_instagram: string | null;
  social_twitter: string | null;
  social_linkedin: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  primary_opacity: number | null;
  secondary_opacity: number | null;
  primary_blur: number | null;
  secondary_blur: number | null;
  header_radius: number | null;
  button_radius: number | null;
  button_blur: number | null;
  button_opacity: number | null;
  font: string | null;
  about_story: string | null;
  about_mission: string | null;
  about_vision: string | null;
  /** JSON text: the home page's sections in order, each { section, visible } (shared/home-layout.ts). */
  home_sections: string | null;
  updated_at: DefaultedText;
}

export interface UsersTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  username_key: string;
  password_hash: string | null;
  role: DefaultedText;
  profile_image: string | null;
  email_verified: Bool;
  must_change_password: Bool;
  oidc_issuer: string | null;
  oidc_subject: string | null;
  disabled: Bool;
  created_at: DefaultedText;
  updated_at: DefaultedText;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  pending_until: string | null;
  /** The browser and system the session was started from, as names only ('Chrome on Linux'); null when unknown or older. */
  device: string | null;
  /** The role the sign-in that made it was judged for; a session whose account now has another role counts for nothing. */
  role: string | null;
}

export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  purpose: string;
  code_hash: string;
  /** Wrong guesses from the browser that asked for the code. */
  attempts: DefaultedNumber;
  created_at: string;
  expires_at: string;
  /** Keyed hash of the asking browser's cookie (otp-browser.ts): only that browser can use the code. */
  requester_hash: string | null;
}

export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface MediaTable {
  id: string;
  file_name: string;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  created_at: DefaultedText;
  /** Epoch ms of the store while no record names the file yet (media/pending-media.ts); null once in use. */
  pending_since: ColumnType<number | null, number | null | undefined, number | null>;
  /** The library's details (migration 2026_12_08_0900; modules/media-library): tags as a JSON array, focal point in percent. */
  title: DefaultedText;
  alt: DefaultedText;
  caption: DefaultedText;
  tags: DefaultedText;
  focal_x: DefaultedNumber;
  focal_y: DefaultedNumber;
  /** Bumped when the file is replaced at the same address; references carry it as ?v= so caches fetch the new one. */
  version: DefaultedNumber;
  uploaded_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Kept while nothing uses it (uploaded to the library, or given details there); else released with its last use. */
  kept: Bool;
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SlidersTable {
  id: string;
  title: DefaultedText;
  subtitle: DefaultedText;
  link: DefaultedText;
  sort_order: DefaultedNumber;
  type: DefaultedText;
  image: DefaultedText;
  button1_text: DefaultedText;
  button1_link: DefaultedText;
  button2_text: DefaultedText;
  button2_link: DefaultedText;
  content_alignment: DefaultedText;
  is_active: Bool;
  is_global_settings: Bool;
  company: DefaultedText;
  /** JSON text of SearchButton. */
  search_button: DefaultedText;
  created_at: string;
  updated_at: string;
}

/** `tags` columns hold a JSON array of strings. */
export interface ProductsTable {
  id: string;
  name: string;
  description: DefaultedText;
  /** Minor units (cents), no longer a float. */
  price_cents: DefaultedNumber;
  stock: DefaultedNumber;
  image: DefaultedText;
  category: DefaultedText;
  tags: DefaultedText;
  views: DefaultedNumber;
  published: Bool;
  /** The product's page is /shop/{slug}; unique, made from the name, kept when it is renamed. */
  slug: string;
  /** Extra pictures after `image`: a JSON array of stored picture URLs (parseStringArray). */
  gallery: DefaultedText;
  created_at: string;
  updated_at: string | null;
  /** The mean of the approved reviews (product_reviews), 0 with none. */
  rating: DefaultedNumber;
  /** The event whose tickets this product sells (kept out of the shop's lists), null for the shop's own products. */
  event_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BlogsTable {
  id: string;
  title: string;
  slug: string;
  content: DefaultedText;
  caption: DefaultedText;
  image: DefaultedText;
  category: DefaultedText;
  tags: DefaultedText;
  views: DefaultedNumber;
  published: Bool;
  created_at: string;
  updated_at: string | null;
  /** The account that wrote it (blogs.admin.service.ts); null for posts from before authors were recorded. */
  author_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When its author sent it for review; null when not waiting for an editor. */
  submitted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BlogCommentsTable {
  id: string;
  blog_id: string;
  author: string;
  comment: string;
  created_at: string;
  /** Moderation (comments module): 'pending' | 'approved' | 'rejected' | 'spam'; rows before it are approved. */
  status: DefaultedText;
  /** The account that wrote it; null for the demo rows. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  author_email: DefaultedText;
  moderated_at: ColumnType<string | null, string | null | undefined, string | null>;
  edited_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The text as sent, kept when an admin edits it. */
  original_comment: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PhotosTable {
  id: string;
  title: DefaultedText;
  caption: DefaultedText;
  image: string;
  tags: DefaultedText;
  category: DefaultedText;
  resolution: DefaultedText;
  views: DefaultedNumber;
  likes: DefaultedNumber;
  downloads: DefaultedNumber;
  published: Bool;
  created_at: string;
}

export interface VideosTable {
  id: string;
  name: string;
  title: DefaultedText;
  description: DefaultedText;
  youtube: DefaultedText;
  /** A stored picture URL shown before the video plays or when it cannot load; '' for none. */
  poster: DefaultedText;
  category: DefaultedText;
  duration: DefaultedNumber;
  quality: DefaultedText;
  tags: DefaultedText;
  views: DefaultedNumber;
  likes: DefaultedNumber;
  published: Bool;
  created_at: string;
  updated_at: string | null;
}

export interface AudiosTable {
  id: string;
  name: string;
  title: DefaultedText;
  description: DefaultedText;
  artist: DefaultedText;
  audio_file: DefaultedText;
  /** Cover art, a stored picture URL; '' for none. */
  cover: DefaultedText;
  type: DefaultedText;
  category: DefaultedText;
  duration: DefaultedNumber;
  quality: DefaultedText;
  tags: DefaultedText;
  plays: DefaultedNumber;
  downloads: DefaultedNumber;
  rating: DefaultedNumber;
  published: Bool;
  created_at: string;
  updated_at: string | null;
}

export interface AudioReviewsTable {
  id: string;
  audio_id: string;
  author: string;
  rating: number;
  comment: DefaultedText;
  created_at: string;
  /** Moderation (comments module): 'pending' | 'approved' | 'rejected' | 'spam'; rows before it are approved. */
  status: DefaultedText;
  /** The account that wrote it; null for the demo rows. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  author_email: DefaultedText;
  moderated_at: ColumnType<string | null, string | null | undefined, string | null>;
  edited_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The text as sent, kept when an admin edits it. */
  original_comment: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A visitor's review of a product, moderated like audio_reviews. */
export interface ProductReviewsTable {
  id: string;
  product_id: string;
  author: string;
  rating: number;
  comment: DefaultedText;
  created_at: string;
  /** Moderation (comments module): 'pending' | 'approved' | 'rejected' | 'spam'; rows before it are approved. */
  status: DefaultedText;
  /** The account that wrote it; null for the demo rows. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  author_email: DefaultedText;
  moderated_at: ColumnType<string | null, string | null | undefined, string | null>;
  edited_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The text as sent, kept when an admin edits it. */
  original_comment: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The site's one moderation rule (id 1): 'hold-first' | 'hold-all' | 'publish'; no row is 'hold-first'. */
export interface CommentSettingsTable {
  id: number;
  moderation: DefaultedText;
  updated_at: DefaultedText;
  /** Whether guests may comment and review with a code mailed to their address. */
  guests: Bool;
}

/** Accounts an admin blocked from commenting and reviewing. */
export interface CommentBlocksTable {
  user_id: string;
  blocked_by: string | null;
  created_at: string;
}

/** A guest's one live comment code per address, as a keyed hash (otp.ts), with its wrong guesses. */
export interface GuestCommentCodesTable {
  email: string;
  code_hash: string;
  attempts: DefaultedNumber;
  created_at: string;
  expires_at: string;
}

/** Guest addresses an admin blocked from commenting and reviewing. */
export interface CommentEmailBlocksTable {
  email: string;
  blocked_by: string | null;
  created_at: string;
}

export interface EventsTable {
  id: string;
  name: string;
  title: DefaultedText;
  description: DefaultedText;
  image: DefaultedText;
  address: DefaultedText;
  city: DefaultedText;
  start_date: string;
  end_date: string;
  location: DefaultedText;
  category: DefaultedText;
  event_type: DefaultedText;
  is_virtual: Bool;
  registrations: DefaultedNumber;
  views: DefaultedNumber;
  /** Minor units (cents), no longer a float. */
  price_cents: DefaultedNumber;
  /** IANA zone the event's times are shown in; start_date and end_date are UTC instants. */
  time_zone: DefaultedText;
  /** Seats a free event takes; 0 = unlimited. registrations counts the confirmed ones. */
  capacity: DefaultedNumber;
  /** The product that sells a paid event's tickets (stock = seats left), or null. */
  ticket_product_id: string | null;
  /** The event's own page is /events/{slug}; unique, made from the name like blog slugs. */
  slug: string;
  published: Bool;
  created_at: string;
  updated_at: string | null;
}

/** One sign-up for an event; status is 'confirmed' | 'waiting' | 'cancelled' (src/shared/schemas/event-registration.ts). */
export interface EventRegistrationsTable {
  id: string;
  event_id: string;
  user_id: string | null;
  name: string;
  /** Trimmed and lower-cased; one live registration per address and event. */
  email: string;
  seats: number;
  status: string;
  /** SHA-256 of the mailed cancel link's token. */
  cancel_token_hash: string;
  created_at: string;
  cancelled_at: string | null;
  /** 'form' (the event page's sign-up) or 'order' (tickets of a paid order, order_id names it). */
  source: DefaultedText;
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RecommendationsTable {
  id: string;
  image: DefaultedText;
  title: string;
  caption: DefaultedText;
  tags: DefaultedText;
  popularity: DefaultedNumber;
  created_at: string;
}

/** status is one of ORDER_STATUSES (src/shared/order-status.ts); total_cents is the sum of its items. */
export interface OrdersTable {
  id: string;
  user_id: string | null;
  status: DefaultedText;
  total_cents: DefaultedNumber;
  /** Copies taken when the order is placed, so the order reads the same after the account changes. */
  customer_name: DefaultedText;
  customer_email: DefaultedText;
  /** Priced by the server when the order is placed: total = subtotal + shipping (+ tax unless included). */
  subtotal_cents: DefaultedNumber;
  tax_cents: DefaultedNumber;
  shipping_cents: DefaultedNumber;
  currency: DefaultedText;
  tax_rate_bp: DefaultedNumber;
  tax_inclusive: Bool;
  /** 'manual' or 'stripe'; payment_ref is the provider's id (a Checkout Session id), '' for manual. */
  payment_method: DefaultedText;
  payment_ref: DefaultedText;
  ship_name: DefaultedText;
  ship_line1: DefaultedText;
  ship_line2: DefaultedText;
  ship_city: DefaultedText;
  ship_region: DefaultedText;
  ship_postal_code: DefaultedText;
  ship_country: DefaultedText;
  /** The Idempotency-Key the order was placed with; the same key again answers this order. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of the token in a guest's confirmation link. */
  access_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string | null;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  /** null once the product is deleted; name and price are the ones the customer paid for. */
  product_id: string | null;
  name: string;
  unit_price_cents: number;
  quantity: number;
}

/** One status change; from_status is null for the order's creation. */
export interface OrderStatusHistoryTable {
  id: string;
  order_id: string;
  from_status: string | null;
  to_status: string;
  at: string;
  actor_id: string | null;
  actor_name: DefaultedText;
  note: DefaultedText;
}

/** A downloadable file a company publishes; `file` is the stored media file name, served as an attachment. */
export interface DocumentsTable {
  id: string;
  title: string;
  description: DefaultedText;
  file: string;
  download_name: string;
  content_type: string;
  bytes: number;
  downloads: DefaultedNumber;
  published: Bool;
  created_at: DefaultedText;
  updated_at: string | null;
}

/** A pricing plan shown on /pricing; features is a JSON array of strings. */
export interface PlansTable {
  id: string;
  name: string;
  description: DefaultedText;
  price_cents: DefaultedNumber;
  billing_period: DefaultedText;
  features: DefaultedText;
  highlighted: Bool;
  sort_order: DefaultedNumber;
  published: Bool;
  created_at: DefaultedText;
  updated_at: string | null;
}

/** A simple page (privacy, terms) with sanitised rich text, published at /pages/{slug}/. */
export interface PagesTable {
  id: string;
  title: string;
  slug: string;
  content: DefaultedText;
  in_footer: Bool;
  published: Bool;
  created_at: DefaultedText;
  updated_at: string | null;
}

/** A newsletter address: double opt-in, so 'pending' until the emailed link is opened. */
export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  status: ColumnType<
    'pending' | 'confirmed' | 'unsubscribed',
    'pending' | 'confirmed' | 'unsubscribed' | undefined,
    'pending' | 'confirmed' | 'unsubscribed'
  >;
  /** SHA-256 (hex) of the emailed tokens; null once confirmed. */
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  unsubscribe_token_hash: string;
  created_at: DefaultedText;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** Where the address signed up: 'form' (the site's sign-up forms) or 'import' (an admin's CSV). */
  source: DefaultedText;
}

/** A newsletter issue: composed as a draft, then sent once to every confirmed subscriber. */
export interface NewsletterIssuesTable {
  id: string;
  subject: string;
  /** Sanitised rich text. */
  body: DefaultedText;
  status: ColumnType<
    'draft' | 'sending' | 'sent',
    'draft' | 'sending' | 'sent' | undefined,
    'draft' | 'sending' | 'sent'
  >;
  recipient_count: DefaultedNumber;
  created_at: string;
  updated_at: string;
  send_started_at: string | null;
  sent_at: string | null;
}

/** One issue to one subscriber: claimed ('sending') before it is mailed, so that nothing is mailed twice. */
export interface NewsletterDeliveriesTable {
  issue_id: string;
  subscriber_id: string;
  email: string;
  status: ColumnType<NewsletterDeliveryStatus, NewsletterDeliveryStatus | undefined, NewsletterDeliveryStatus>;
  attempts: DefaultedNumber;
  claimed_at: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  failure: string | null;
  unsubscribe_token_hash: string | null;
}

export type NewsletterDeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

/** A thread between a visitor and the company: a signed-in visitor's, or a guest's from the contact form. */
export interface ConversationsTable {
  id: string;
  /** The account's id; null for a guest's contact-form thread. */
  user_id: string | null;
  name: string;
  /** Where replies are mailed. */
  email: string;
  subject: string;
  source: ColumnType<'contact' | 'account', 'contact' | 'account' | undefined, 'contact' | 'account'>;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  /** Messages the other side has not read yet. */
  admin_unread: DefaultedNumber;
  visitor_unread: DefaultedNumber;
  created_at: DefaultedText;
  last_message_at: DefaultedText;
}

export interface ConversationMessagesTable {
  id: string;
  conversation_id: string;
  author: 'visitor' | 'company';
  /** The admin who answered, or the signed-in visitor; null for a guest. */
  author_id: string | null;
  body: string;
  created_at: DefaultedText;
}

/** An address whose messages the company no longer accepts, lower-cased. */
export interface BlockedSendersTable {
  email: string;
  blocked_by: string | null;
  created_at: DefaultedText;
}

/** One pending email change per account: the new address and a hashed code sent to it. */
export interface EmailChangesTable {
  user_id: string;
  new_email: string;
  code_hash: string;
  attempts: DefaultedNumber;
  created_at: DefaultedText;
  expires_at: string;
}

/** Page views per day, path and referring host ('' for none or this site): no address, cookie or user id. */
export interface PageViewsTable {
  day: string;
  path: string;
  referrer_host: DefaultedText;
  views: DefaultedNumber;
}

/** A unique visitor of a day: a hash of the day's salt, address and browser; the salt is deleted when the day ends. */
export interface PageVisitorsTable {
  day: string;
  visitor_hash: string;
}

export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

/** A person on the About page, in sort_order. */
export interface TeamMembersTable {
  id: string;
  name: string;
  role: DefaultedText;
  bio: DefaultedText;
  /** A stored picture URL (/media/…), or '' for none. */
  photo: DefaultedText;
  sort_order: DefaultedNumber;
  created_at: DefaultedText;
  updated_at: string | null;
}

/** A visitor counted for an item and kind on a day: a hash only (activity.rules.ts seenKey); older days are deleted. */
export interface ActivitySeenTable {
  day: string;
  seen_key: string;
}

/** One like per visitor and item: liker is 'user:<id>' or 'anon:<hash of the guest's signed key>'. */
export interface ContentLikesTable {
  content_type: string;
  content_id: string;
  liker: string;
  user_id: string | null;
  created_at: string;
}

/** An item the admin pins to the front of the Featured row, in `position` order (0 first). */
export interface FeaturedPinsTable {
  content_type: string;
  content_id: string;
  position: number;
  created_at: string;
}

export interface UserViewsTable {
  user_id: string;
  content_type: string;
  ref_id: string;
  /** JSON array of the item's tags when it was viewed. */
  tags: DefaultedText;
  viewed_at: string;
}

/** An invitation of a person to a staff role (users/invitations.repository.ts); the token only as SHA-256. */
export interface StaffInvitationsTable {
  id: string;
  email: string;
  role: string;
  token_hash: string;
  invited_by: string;
  invited_by_name: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

/** An item published or unpublished at run_at (migration 2026_12_05_0900; src/shared/schemas/schedule.ts). */
export interface ScheduledChangesTable {
  id: string;
  item_type: string;
  item_id: string;
  item_title: string;
  action: string;
  run_at: string;
  status: string;
  created_by: string;
  created_by_name: string;
  created_at: string;
  claimed_at: string | null;
  finished_at: string | null;
  error: string | null;
}

/** An item's changes saved as a draft, one per item (migration 2026_12_06_0900; modules/drafts). */
export interface DraftsTable {
  item_type: string;
  item_id: string;
  /** The form's values as JSON. */
  fields: string;
  /** The picture the draft names ('' for none), apart so the media release finds it. */
  picture: ColumnType<string, string | undefined, string>;
  saved_by: string;
  saved_by_name: string;
  saved_at: string;
}

/** A passkey (WebAuthn credential) of an account (migration 2026_12_09_0900; modules/passkeys). */
export interface PasskeysTable {
  /** The credential's id, base64url, as the authenticator names it. */
  id: string;
  user_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: ColumnType<number, number | undefined, number>;
  /** JSON list of the transports the browser reported. */
  transports: ColumnType<string, string | undefined, string>;
  backed_up: Bool;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** An API token an admin made for another system: only its SHA-256 is kept. */
export interface ApiTokensTable {
  id: string;
  name: string;
  /** SHA-256 (hex) of the whole token. */
  token_hash: string;
  /** The token's last characters, so the admin can tell tokens apart. */
  token_hint: string;
  /** JSON list of scopes (shared/api-scopes.ts). */
  scopes: string;
  created_by: string;
  created_by_name: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** An old address answered with a 301 to its new one (imports make them; the server and the build's _redirects serve them). */
export interface RedirectsTable {
  /** A path as redirect-path.ts normalises it: no trailing slash, percent-encoding decoded. */
  from_path: string;
  to_path: string;
  /** 'import' or 'admin'. */
  source: DefaultedText;
  created_at: DefaultedText;
}

/** An import from another platform: its dry run, then its progress and report. */
export interface ImportJobsTable {
  id: string;
  /** 'wordpress' | 'shopify'. */
  kind: string;
  file_name: string;
  media_file_name: string | null;
  /** shared/schemas/imports.ts ImportStatus. */
  status: DefaultedText;
  /** JSON ImportPlan. */
  plan: string;
  /** JSON ImportReport, once the job has run. */
  report: string | null;
  done: DefaultedNumber;
  total: DefaultedNumber;
  error: string | null;
  created_by: string;
  created_by_name: string;
  created_at: DefaultedText;
  started_at: string | null;
  finished_at: string | null;
  /** Until when the runner working on it holds it; a lapsed lease is picked up again (after a restart). */
  lease_until: string | null;
}

/** A checked item with findings (modules/publish-checks); `held` keeps it from visitors until its errors are fixed. */
export interface PublishChecksTable {
  /** shared/publish-checks.ts CheckedKind. */
  kind: string;
  item_id: string;
  title: string;
  path: string | null;
  fix_href: string;
  held: Bool;
  /** JSON CheckFinding[] of the checks before the build. */
  findings: DefaultedText;
  /** JSON CheckFinding[] of the built page (its weight). */
  page_findings: DefaultedText;
}

/** The last run of the publish checks (one row, id 'last'). */
export interface PublishCheckRunsTable {
  id: string;
  checked_at: string;
  checked: number;
  pages_measured_at: string | null;
  /** JSON of the ten theme fields that last passed the checks; visitors get them while the theme is held back. */
  kept_theme: ColumnType<string | null, string | null | undefined, string | null>;
}

/** What an item of an import's source became here. */
export interface ImportSourcesTable {
  /** The item's name in its source: 'wp:post:42', 'shopify:product:mug'. */
  source_key: string;
  target_type: string;
  target_id: string;
  /** SHA-256 of the item as the source had it when last imported. */
  source_hash: string;
  job_id: string;
  created_at: DefaultedText;
  updated_at: DefaultedText;
}

/** Where the site posts signed events. */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: ColumnType<string, string | undefined, string>;
  /** JSON list of the events it hears. */
  events: string;
  /** The signing secret, sealed with the server secret. */
  secret: string;
  enabled: Bool;
  created_at: string;
  updated_at: string;
}

/** One event for one endpoint: the queue (pending, with its next try) and the log (delivered, failed). */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event: string;
  /** The JSON body sent. */
  payload: string;
  status: ColumnType<'pending' | 'delivered' | 'failed', 'pending' | 'delivered' | 'failed' | undefined>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** A passkey ceremony's challenge, single use: by SHA-256 of the handle the browser holds. */
export interface PasskeyChallengesTable {
  id: string;
  handle_hash: string;
  challenge: string;
  /** 'add' (an account adding a passkey) or 'sign-in'. */
  purpose: string;
  user_id: string | null;
  expires_at: string;
}

/** A version of an item's fields kept at a save (migration 2026_12_07_0900; modules/revisions). */
export interface RevisionsTable {
  id: string;
  item_type: string;
  item_id: string;
  number: number;
  action: string;
  /** Written to the item itself (not to its draft): the newest such version is the item's own, never pruned. */
  item_write: Bool;
  /** The fields' values as JSON, the picture apart. */
  fields: string;
  picture: ColumnType<string, string | undefined, string>;
  /** JSON: the labels of the fields that differ from the version before. */
  changed: string;
  restored_from: number | null;
  saved_by: string;
  saved_by_name: string;
  saved_at: string;
}

/** The company's revision limit (one row, id 1; none: the default). */
export interface RevisionSettingsTable {
  id: number;
  revision_limit: number;
  updated_at: string;
}

/** One admin write; actor_name is a copy, so the entry reads the same after the account changes. */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: DefaultedText;
  summary: string;
}

/** One row (id 1): the store's currency, tax, shipping and manual payment. */
export interface StoreSettingsTable {
  id: number;
  currency: DefaultedText;
  /** Basis points: 2000 = 20 %. */
  tax_rate_bp: DefaultedNumber;
  tax_inclusive: Bool;
  shipping_cents: DefaultedNumber;
  manual_payment_enabled: Bool;
  manual_payment_instructions: DefaultedText;
  /** IANA zone in which order times are shown. */
  time_zone: DefaultedText;
  /** The shop's and search's price bands as JSON ({ shop, search } bounds in cents); null for the spec's. */
  price_bands: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: DefaultedText;
}

/** A guest checkout's email check: a hashed code, then a hashed checkout token once the code was right. */
export interface CheckoutVerificationsTable {
  id: string;
  email: string;
  code_hash: string;
  attempts: DefaultedNumber;
  created_at: DefaultedText;
  expires_at: string;
  token_hash: string | null;
  token_expires_at: string | null;
  /** Keyed hash of the asking browser's checkout_browser cookie: only that browser may use the code. */
  requester_hash: DefaultedText;
}

/** One attempt limit's state for one key: the key only as a keyed hash (attempt-store.ts). */
export interface AttemptLimitsTable {
  key_hash: string;
  /** JSON of the rule's state. */
  state: string;
  /** Epoch milliseconds; the row may be pruned after it. */
  expires_at: number;
}

/** An account's authenticator (TOTP); `secret` is encrypted (two-factor-secret.ts). */
export interface UserTwoFactorTable {
  user_id: string;
  secret: string;
  enabled: Bool;
  last_used_step: number | null;
  created_at: DefaultedText;
  enabled_at: string | null;
}

export interface TwoFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: DefaultedText;
}

/** A sign-in waiting for its second factor (or, with ADMIN_2FA=required, for an authenticator to be set up). */
export interface TwoFactorChallengesTable {
  id: string;
  token_hash: string;
  user_id: string;
  purpose: string;
  method: string;
  bound: Bool;
  pending_secret: string | null;
  attempts: DefaultedNumber;
  created_at: DefaultedText;
  expires_at: string;
}

/** A payment provider's event applied once, by the provider's own event id. */
export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  order_id: string | null;
  received_at: DefaultedText;
}

/** A category the company owns for one content type (`kind`); items name it by `name`, filter links by `slug`. */
export interface CategoriesTable {
  id: string;
  kind: string;
  name: string;
  slug: string;
  sort_order: DefaultedNumber;
  created_at: DefaultedText;
  updated_at: string | null;
}

export interface Database {
  categories: CategoriesTable;
  company_settings: CompanySettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  media: MediaTable;
  sliders: SlidersTable;
  products: ProductsTable;
  blogs: BlogsTable;
  blog_comments: BlogCommentsTable;
  photos: PhotosTable;
  videos: VideosTable;
  audios: AudiosTable;
  audio_reviews: AudioReviewsTable;
  product_reviews: ProductReviewsTable;
  comment_settings: CommentSettingsTable;
  comment_blocks: CommentBlocksTable;
  guest_comment_codes: GuestCommentCodesTable;
  comment_email_blocks: CommentEmailBlocksTable;
  events: EventsTable;
  event_registrations: EventRegistrationsTable;
  recommendations: RecommendationsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  documents: DocumentsTable;
  plans: PlansTable;
  pages: PagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_issues: NewsletterIssuesTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  blocked_senders: BlockedSendersTable;
  email_changes: EmailChangesTable;
  page_views: PageViewsTable;
  page_visitors: PageVisitorsTable;
  analytics_salts: AnalyticsSaltsTable;
  team_members: TeamMembersTable;
  user_views: UserViewsTable;
  featured_pins: FeaturedPinsTable;
  activity_seen: ActivitySeenTable;
  content_likes: ContentLikesTable;
  audit_log: AuditLogTable;
  staff_invitations: StaffInvitationsTable;
  scheduled_changes: ScheduledChangesTable;
  drafts: DraftsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  api_tokens: ApiTokensTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  redirects: RedirectsTable;
  import_jobs: ImportJobsTable;
  import_sources: ImportSourcesTable;
  publish_checks: PublishChecksTable;
  publish_check_runs: PublishCheckRunsTable;
  revisions: RevisionsTable;
  revision_settings: RevisionSettingsTable;
  store_settings: StoreSettingsTable;
  checkout_verifications: CheckoutVerificationsTable;
  payment_events: PaymentEventsTable;
  attempt_limits: AttemptLimitsTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  /** A saved menu ('header', 'footer'); a menu without a row shows the defaults (src/shared/navigation.ts). */
  menus: { name: string; updated_at: string };
  /** A saved menu's links in `position` order; kind is 'section' | 'page' | 'link', visibility 'auto' | 'always' | 'hidden'. */
  menu_items: {
    menu: string;
    position: number;
    label: string;
    kind: string;
    target: string;
    visibility: DefaultedText;
  };
}
