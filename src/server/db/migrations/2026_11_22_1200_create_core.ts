// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { sql, type Kysely } from 'kysely';

const SEO_PAGES = [
  'home',
  'login',
  'register',
  'profile',
  'shop',
  'blogs',
  'photos',
  'videos',
  'audio',
  'events',
  'notfound',
  'contact',
];
const now = sql`CURRENT_TIMESTAMP`;

export async function up(db: Kysely<unknown>): Promise<void> {
  let company = db.schema
    .createTable('company_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull());
  for (const col of [
    'name',
    'tagline',
    'description',
    'logo',
    'logo_dark',
    'icon',
    'hero_image',
    'cta_text',
    'cta_link',
    'address',
    'phone',
    'email',
    'website',
    'social_facebook',
    'social_instagram',
    'social_twitter',
    'social_linkedin',
    'primary_color',
    'secondary_color',
    'font',
  ]) {
    company = company.addColumn(col, 'text');
  }
  for (const col of ['primary_opacity', 'secondary_opacity', 'button_opacity'])
    company = company.addColumn(col, 'double precision');
  for (const col of ['primary_blur', 'secondary_blur', 'header_radius', 'button_radius', 'button_blur'])
    company = company.addColumn(col, 'integer');
  for (const page of SEO_PAGES) {
    company = company.addColumn(`seo_${page}_title`, 'text').addColumn(`seo_${page}_description`, 'text');
  }
  await company.addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now)).execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer'))
    .addColumn('profile_image', 'text')
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('oidc_issuer', 'text')
    .addColumn('oidc_subject', 'text')
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('users_oidc_unique', ['oidc_issuer', 'oidc_subject'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('pending_until', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('one_time_codes_user_idx').on('one_time_codes').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('sliders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('photo'))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('button1_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('button1_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('button2_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('button2_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_alignment', 'text', (c) => c.notNull().defaultTo('center'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_global_settings', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_button', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('blogs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('blog_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('blog_id', 'text', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blog_comments_blog_idx').on('blog_comments').column('blog_id').execute();

  await db.schema
    .createTable('photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('Other'))
    .addColumn('resolution', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('videos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('youtube', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quality', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audios')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('artist', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('audio_file', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quality', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('plays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audio_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('audio_id', 'text', (c) => c.notNull().references('audios.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audio_reviews_audio_idx').on('audio_reviews').column('audio_id').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('Other'))
    .addColumn('event_type', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('is_virtual', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('registrations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recommendations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('total', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'messages',
    'orders',
    'recommendations',
    'events',
    'audio_reviews',
    'audios',
    'videos',
    'photos',
    'blog_comments',
    'blogs',
    'products',
    'sliders',
    'media',
    'password_reset_tokens',
    'one_time_codes',
    'sessions',
    'users',
    'company_settings',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
