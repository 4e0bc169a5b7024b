/**
 * Hostile values for every field a visitor sees, written straight into a fresh DATA_DIR's database (there are no admin
 * write routes yet): the data for tests/e2e/hostile-content.test.ts. The `alert(n)` numbers say which value fired.
 */
import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '../../../src/server/db/connection.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { prepareData } from '../../../src/server/prepare.ts';
import { SEARCH_BUTTON_DEFAULTS } from '../../../src/shared/constants.ts';

/** The payloads of the hostile-content audit. */
export const P = {
  titleBreak: '</title><script>alert(1)</script>X',
  attrBreak: '"><img src=x onerror=alert(2)>',
  svg: '<svg onload=alert(3)>',
  js: 'javascript:alert(4)',
  dataUrl: 'data:text/html,<script>alert(5)</script>',
  jsMixedCase: ' JaVaScRiPt:alert(6)',
  styleBreak: '</style><script>alert(7)</script>',
  scriptBreak: '</script><script>alert(8)</script>',
  template: "{{constructor.constructor('alert(9)')()}}",
  comment: '<!--',
} as const;

/** A sanitised field: tags and links that must not survive, beside ones that must. */
export const BLOG_BODY = [
  '<p>Safe paragraph kept.</p>',
  '<script>alert(11)</script>',
  '<iframe src="javascript:alert(12)"></iframe>',
  '<p><a href="javascript:alert(13)">js link</a> <a href=" JaVaScRiPt:alert(14)">mixed case link</a>',
  ' <a href="data:text/html,<script>alert(15)</script>">data link</a> <a href="https://example.com/ok">good link</a></p>',
  // Described, as the publish checks want every picture of a published text: the payload is the handler.
  '<img src=x alt="A picture" onerror=alert(16)>',
  '<svg onload=alert(17)></svg>',
  '<p onclick="alert(18)" style="color:red">styled paragraph</p>',
  '<form action="javascript:alert(19)"><button formaction="javascript:alert(20)">go</button></form>',
  '<object data="javascript:alert(21)"></object><embed src="javascript:alert(22)">',
  '<style>body{display:none}</style>',
].join('');

export const BLOG_SLUG = 'hostile-post';
/** A link from data that must survive, to prove the filter is not simply dropping everything. */
export const GOOD_SOCIAL = 'https://www.linkedin.com/company/acme';
export const GOOD_BUTTON = { text: 'Plain button', link: 'mailto:hello@example.com' } as const;

/** Company fields before the build (built into every page). */
export const BUILT_COMPANY = {
  name: P.titleBreak,
  tagline: P.attrBreak,
  description: P.svg,
  address: P.scriptBreak,
  phone: P.styleBreak,
  email: `${P.attrBreak}@example.com`,
  website: P.js,
  social_facebook: P.dataUrl,
  social_instagram: P.jsMixedCase,
  social_twitter: 'java\tscript:alert(10)',
  social_linkedin: GOOD_SOCIAL,
  cta_text: P.template,
  cta_link: P.js,
  primary_color: P.styleBreak,
  secondary_color: P.scriptBreak,
  font: P.styleBreak,
  seo_home_description: `${P.attrBreak}${P.comment}`,
  seo_contact_title: P.titleBreak,
} as const;

/** Company fields changed after the build: the page's conditional GET /api/company applies them (apply-branding.ts). */
export const RUNTIME_COMPANY = {
  name: '<img src=x onerror=alert(31)>',
  address: "{{constructor.constructor('alert(32)')()}}",
  phone: '<svg onload=alert(33)>',
  email: '</title><script>alert(34)</script>@example.com',
  website: ' JaVaScRiPt:alert(35)',
  social_facebook: 'javascript:alert(36)',
  social_instagram: 'data:text/html,<script>alert(37)</script>',
  social_twitter: 'https://x.com/acme',
  social_linkedin: 'vbscript:msgbox(38)',
  primary_color: '</style><script>alert(39)</script>',
} as const;

/** The slider changed after the build: the hero refreshes its slides from GET /api/sliders. */
export const RUNTIME_SLIDE = {
  title: '<iframe src="javascript:alert(40)"></iframe>',
  button1_link: 'javascript:alert(41)',
} as const;

export const SLIDE = {
  title: P.svg,
  subtitle: P.template,
  button1_text: P.attrBreak,
  button1_link: '/shop',
  button2_text: P.scriptBreak,
  button2_link: P.jsMixedCase,
} as const;

export const PRODUCT = {
  name: P.titleBreak,
  description: P.svg,
  category: P.comment,
  tags: [P.attrBreak, P.scriptBreak],
};
export const BLOG = { title: P.scriptBreak, caption: P.dataUrl, category: P.attrBreak, tags: [P.svg, P.template] };
export const COMMENT = { author: P.titleBreak, comment: P.attrBreak };
export const PHOTO = {
  title: P.svg,
  caption: P.dataUrl,
  category: P.comment,
  tags: [P.titleBreak, P.jsMixedCase.trim()],
};
export const VIDEO = { name: P.titleBreak, description: P.attrBreak, youtube: P.js, tags: [P.svg] };
export const AUDIO = { name: P.svg, description: P.template, artist: P.attrBreak, tags: [P.scriptBreak] };
export const EVENT = {
  name: P.attrBreak,
  title: P.titleBreak,
  address: P.svg,
  description: P.scriptBreak,
  city: P.comment,
  location: P.template,
};
/** What the Featured row's card of the pinned video shows: its name, its description and its tags. */
export const RECOMMENDATION = { title: VIDEO.name, caption: VIDEO.description, tags: VIDEO.tags };

const DAY_MS = 86_400_000;

/** Migrates an empty DATA_DIR (no demo content) and writes one hostile row of each kind; the product then builds from it. */
export async function writeHostileContent(dataDir: string): Promise<void> {
  const db = createDb({ dataDir });
  try {
    await prepareData(
      db,
      parseEnv({ DATA_DIR: dataDir, SEED: 'none', ADMIN_PASSWORD: 'hostile staff passphrase 2026' }),
      () => undefined,
    );
    await insertRows(db);
  } finally {
    await db.destroy();
  }
}

async function insertRows(db: Db): Promise<void> {
  const now = new Date();
  const iso = (offsetDays: number) => new Date(now.getTime() + offsetDays * DAY_MS).toISOString();
  const companyId = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('company_settings')
      .values({ id: 1, public_id: companyId, ...BUILT_COMPANY, updated_at: iso(0) })
      .execute();

    const searchButton = {
      ...SEARCH_BUTTON_DEFAULTS,
      enabled: true,
      text: P.titleBreak,
      placeholder: P.attrBreak,
      style: { ...SEARCH_BUTTON_DEFAULTS.style, backgroundColor: P.styleBreak, padding: P.scriptBreak },
    };
    // One insert per row: a multi-row insert fills the columns one row leaves out with NULL, not their defaults.
    await trx
      .insertInto('sliders')
      .values({
        id: 'a-hostile-slide',
        ...SLIDE,
        sort_order: 0,
        type: 'photo',
        company: companyId,
        search_button: JSON.stringify(searchButton),
        created_at: iso(-2),
        updated_at: iso(0),
      })
      .execute();
    await trx
      .insertInto('sliders')
      .values({
        id: 'b-hostile-video-slide',
        title: P.titleBreak,
        subtitle: P.comment,
        link: P.dataUrl,
        sort_order: 1,
        type: 'video',
        button1_text: GOOD_BUTTON.text,
        button1_link: GOOD_BUTTON.link,
        button2_text: 'Data button',
        button2_link: P.dataUrl,
        company: companyId,
        created_at: iso(-1),
        updated_at: iso(0),
      })
      .execute();

    await trx
      .insertInto('products')
      .values({
        id: randomUUID(),
        slug: 'hostile-product',
        ...PRODUCT,
        tags: JSON.stringify(PRODUCT.tags),
        price_cents: 1250,
        created_at: iso(-1),
      })
      .execute();

    const blogId = randomUUID();
    await trx
      .insertInto('blogs')
      .values({
        id: blogId,
        ...BLOG,
        tags: JSON.stringify(BLOG.tags),
        slug: BLOG_SLUG,
        content: BLOG_BODY,
        created_at: iso(-1),
      })
      .execute();
    await trx
      .insertInto('blog_comments')
      .values({ id: randomUUID(), blog_id: blogId, ...COMMENT, created_at: iso(0) })
      .execute();

    await trx
      .insertInto('photos')
      .values({
        id: randomUUID(),
        ...PHOTO,
        tags: JSON.stringify(PHOTO.tags),
        image: '',
        published: true,
        created_at: iso(-1),
      })
      .execute();
    const videoId = randomUUID();
    await trx
      .insertInto('videos')
      .values({
        id: videoId,
        ...VIDEO,
        title: VIDEO.name,
        tags: JSON.stringify(VIDEO.tags),
        duration: 60,
        created_at: iso(-1),
      })
      .execute();
    const audioId = randomUUID();
    await trx
      .insertInto('audios')
      .values({
        id: audioId,
        ...AUDIO,
        title: AUDIO.name,
        tags: JSON.stringify(AUDIO.tags),
        duration: 60,
        created_at: iso(-1),
      })
      .execute();
    await trx
      .insertInto('audio_reviews')
      .values({
        id: randomUUID(),
        audio_id: audioId,
        author: P.titleBreak,
        rating: 4,
        comment: P.svg,
        created_at: iso(0),
      })
      .execute();
    await trx
      .insertInto('events')
      .values({
        id: randomUUID(),
        slug: 'a-hostile-event',
        ...EVENT,
        category: 'Music',
        event_type: 'local',
        start_date: iso(2),
        end_date: iso(2.1),
        created_at: iso(-1),
      })
      .execute();
    // The home page's Featured row opens with the pinned video: its card shows RECOMMENDATION's texts.
    await trx
      .insertInto('featured_pins')
      .values({ content_type: 'video', content_id: videoId, position: 0, created_at: iso(-1) })
      .execute();
  });
}

/** Changes the company row and the first slide of a running product's database, as an admin edit after the build would. */
export async function writeRuntimeChanges(dataDir: string): Promise<void> {
  const db = createDb({ dataDir });
  try {
    await db
      .updateTable('company_settings')
      .set({ ...RUNTIME_COMPANY, updated_at: new Date().toISOString() })
      .where('id', '=', 1)
      .execute();
    await db
      .updateTable('sliders')
      .set({ ...RUNTIME_SLIDE, updated_at: new Date().toISOString() })
      .where('id', '=', 'a-hostile-slide')
      .execute();
  } finally {
    await db.destroy();
  }
}
