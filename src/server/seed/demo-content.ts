/** Demo content for the fictional "Northwind Studio": plain data; dates are ages/offsets relative to the seed's `now`. */
import type {
  AUDIO_QUALITIES,
  AUDIO_TYPES,
  BLOG_CATEGORIES,
  EVENT_CATEGORIES,
  EVENT_TYPES,
  PHOTO_CATEGORIES,
  PHOTO_RESOLUTIONS,
  PRODUCT_CATEGORIES,
  VIDEO_CATEGORIES,
  VIDEO_QUALITIES,
} from '../../shared/constants.ts';
import type { SeoPage } from '../../shared/constants.ts';

type Of<T extends readonly string[]> = T[number];

/** The photographs in assets/photos/ (`<name>.webp`, credited in assets/CREDITS.md). */
export const PHOTO_FILES = [
  'aitzgorri',
  'bridge-cables',
  'clock-face',
  'dandelion-meadow',
  'dandelion-seeds',
  'djembe',
  'dragonfly',
  'dune-grass',
  'evening-glow',
  'fallen-leaf',
  'fig',
  'forest-path',
  'forest-stream',
  'glass-bird',
  'hilltop-sunset',
  'jetty-boards',
  'kite',
  'ladybird',
  'leaf-veins',
  'midsummer-night',
  'nuthatch',
  'one-stands-out',
  'paint-brushes',
  'paper-cups',
  'picos-de-europa',
  'pier-in-fog',
  'storm-front',
  'two-dogs',
  'water-crown',
  'wood-grain',
  'woven-facade',
  'yellow-flower',
] as const;
export type PhotoFile = (typeof PHOTO_FILES)[number];

/** A cover picture: one of the photographs, or the illustration of the product with this name. */
export type DemoCover = PhotoFile | { product: string };

/** Ages are in days before `now`; fractions under 1 stay within today. */
export interface DemoProduct {
  name: string;
  description: string;
  price: number;
  category: Of<typeof PRODUCT_CATEGORIES>;
  tags: string[];
  views: number;
  ageDays: number;
}

export interface DemoComment {
  author: string;
  comment: string;
}

export interface DemoBlog {
  title: string;
  slug: string;
  cover: DemoCover;
  caption: string;
  category: Of<typeof BLOG_CATEGORIES>;
  tags: string[];
  views: number;
  ageDays: number;
  content: string;
  comments: DemoComment[];
}

export interface DemoPhoto {
  /** The photograph shown; no two gallery photos share one. */
  file: PhotoFile;
  title: string;
  caption: string;
  category: Of<typeof PHOTO_CATEGORIES>;
  resolution: Of<typeof PHOTO_RESOLUTIONS>;
  tags: string[];
  views: number;
  likes: number;
  downloads: number;
  published: boolean;
  ageDays: number;
}

export interface DemoVideo {
  name: string;
  description: string;
  /** YouTube video id; the seed builds the privacy-enhanced embed link and tries its thumbnail as the poster. */
  youtubeId: string;
  category: Of<typeof VIDEO_CATEGORIES>;
  /** Seconds. */
  duration: number;
  quality: Of<typeof VIDEO_QUALITIES>;
  tags: string[];
  views: number;
  likes: number;
  ageDays: number;
}

export interface DemoReview {
  author: string;
  rating: number;
  comment: string;
}

export interface DemoAudio {
  name: string;
  description: string;
  artist: string;
  type: Of<typeof AUDIO_TYPES>;
  category: string;
  /** Seconds: the length of the clip generated for this item (audio.ts), so the listing tells the truth. */
  duration: number;
  quality: Of<typeof AUDIO_QUALITIES>;
  /** Which sound (see audio.ts) the item's clip is made of. */
  track: number;
  tags: string[];
  plays: number;
  downloads: number;
  rating: number;
  ageDays: number;
  reviews: DemoReview[];
}

export interface DemoEvent {
  name: string;
  description: string;
  address: string;
  city: string;
  location: string;
  category: Of<typeof EVENT_CATEGORIES>;
  eventType: Of<typeof EVENT_TYPES>;
  /** 0 = today (starts at `now`), 1 = tomorrow, ... */
  startInDays: number;
  /** Hour of the start on the clocks of `timeZone` (today's event: when that hour is still ahead today). */
  startHour: number;
  /** IANA zone where the event happens (a virtual one: the organiser's). */
  timeZone: string;
  cover: DemoCover;
  /** Pull the start inside the current calendar month/year when there is room after the first week. */
  within?: 'month' | 'year';
  durationHours: number;
  registrations: number;
  price: number;
}

export interface DemoSlider {
  image: PhotoFile;
  title: string;
  subtitle: string;
  type: 'photo' | 'video';
  youtubeId: string | null;
  button1_text: string;
  button1_link: string;
  button2_text: string;
  button2_link: string;
  content_alignment: 'left' | 'center' | 'right';
  searchEnabled: boolean;
  searchPlaceholder: string;
}

export interface DemoRecommendation {
  /** The name of the product, post, event, photo or audio item it recommends; it shows that item's picture. */
  title: string;
  caption: string;
  tags: string[];
  popularity: number;
}

export interface DemoTeamMember {
  name: string;
  role: string;
  bio: string;
}

export const COMPANY = {
  name: 'Northwind Studio',
  tagline: 'Thoughtful design for everyday life',
  description:
    'Northwind Studio is an independent design house in Portland, Oregon. We make durable goods, publish stories about craft and travel, and host events that bring makers together. Everything we sell is tested in our own studio first.',
  cta_text: 'Explore the shop',
  cta_link: '/shop',
  address: '1200 NW Marshall Street, Suite 300, Portland, OR 97209',
  phone: '+1 (503) 555-0142',
  email: 'hello@northwind.example',
  website: 'northwind.example',
  social_facebook: 'https://facebook.com/northwindstudio',
  social_instagram: 'https://instagram.com/northwindstudio',
  social_twitter: 'https://x.com/northwindstudio',
  social_linkedin: 'https://linkedin.com/company/northwind-studio',
  primary_color: '#0f766e',
  secondary_color: '#f59e0b',
  primary_opacity: 0.3,
  secondary_opacity: 0.3,
  primary_blur: 12,
  secondary_blur: 8,
  header_radius: 12,
  button_radius: 8,
  button_blur: 8,
  button_opacity: 0.9,
  font: 'Inter',
} as const;

/** The demo's page titles and descriptions: {company} is filled in with the company's current name (lib/seo.ts). */
export const SEO: Record<SeoPage, { title: string; description: string }> = {
  home: {
    title: '{company} · Thoughtful design for everyday life',
    description:
      'Durable goods, stories, photos, videos, audio and events from an independent design studio in Portland.',
  },
  login: {
    title: 'Sign in · {company}',
    description: 'Sign in to your {company} account to track orders and save favourites.',
  },
  register: {
    title: 'Create an account · {company}',
    description: 'Join {company} for early access to new collections and event tickets.',
  },
  profile: {
    title: 'Your profile · {company}',
    description: 'Manage your {company} profile and preferences.',
  },
  shop: {
    title: 'Shop · {company}',
    description: 'Electronics, clothing, books and accessories chosen and tested by our studio.',
  },
  blogs: {
    title: 'Journal · {company}',
    description: 'Stories about technology, lifestyle, travel, food and running a small business.',
  },
  photos: {
    title: 'Photo gallery · {company}',
    description: 'Nature, architecture, people and abstract photography from our team and friends.',
  },
  videos: {
    title: 'Videos · {company}',
    description: 'The open movies of our film nights: Blender Studio’s short films, free to watch and share.',
  },
  audio: {
    title: 'Audio library · {company}',
    description: 'Music, podcasts, audiobooks, interviews, live recordings and sound effects.',
  },
  events: {
    title: 'Events · {company}',
    description: 'Concerts, festivals, workshops and conferences, in Portland and online.',
  },
  notfound: {
    title: 'Page not found · {company}',
    description: 'The page you were looking for does not exist.',
  },
  contact: {
    title: 'Contact · {company}',
    description: 'Write to us, call the studio or visit us in Portland’s Pearl District.',
  },
};

export const PRODUCTS: DemoProduct[] = [
  {
    name: 'Aero USB-C Hub',
    description:
      'Seven ports in an aluminium shell: HDMI 4K60, two USB-A, SD and microSD, 100 W pass-through charging.',
    price: 39,
    category: 'Electronics',
    tags: ['usb-c', 'desk', 'travel'],
    views: 842,
    ageDays: 3,
  },
  {
    name: 'Pulse Wireless Earbuds',
    description:
      'Compact earbuds with active noise cancelling, 28 hours of battery with the case and multipoint pairing.',
    price: 79,
    category: 'Electronics',
    tags: ['audio', 'wireless'],
    views: 2310,
    ageDays: 21,
  },
  {
    name: 'Linear Mechanical Keyboard',
    description: 'A 75% layout with hot-swappable switches, gasket mount and PBT keycaps in studio grey.',
    price: 149,
    category: 'Electronics',
    tags: ['keyboard', 'desk', 'mechanical'],
    views: 1766,
    ageDays: 48,
  },
  {
    name: 'Quiet Hours Headphones',
    description:
      'Over-ear headphones tuned for long listening sessions, with adaptive noise cancelling and a 40-hour battery.',
    price: 299,
    category: 'Electronics',
    tags: ['audio', 'headphones'],
    views: 3120,
    ageDays: 95,
  },
  {
    name: 'Studio 27 4K Monitor',
    description:
      'A 27-inch IPS panel with 98% DCI-P3 coverage, factory calibration and a single-cable USB-C connection.',
    price: 649,
    category: 'Electronics',
    tags: ['monitor', 'colour', 'desk'],
    views: 1204,
    ageDays: 160,
  },
  {
    name: 'Pocket SSD 1 TB',
    description: 'A palm-sized solid-state drive with 1,050 MB/s transfers and a drop-tested rubber sleeve.',
    price: 119,
    category: 'Electronics',
    tags: ['storage', 'travel'],
    views: 690,
    ageDays: 7,
  },
  {
    name: 'Everyday Organic Tee',
    description: 'Heavyweight organic cotton, garment-dyed for a soft hand and cut with a relaxed shoulder.',
    price: 29,
    category: 'Clothing',
    tags: ['cotton', 'basics'],
    views: 1980,
    ageDays: 12,
  },
  {
    name: 'Merino Crew Sweater',
    description: 'Fine-gauge merino that regulates temperature and resists odour, knitted in Portugal.',
    price: 89,
    category: 'Clothing',
    tags: ['wool', 'knitwear'],
    views: 1120,
    ageDays: 33,
  },
  {
    name: 'Harbour Shell Jacket',
    description: 'A three-layer waterproof shell with taped seams, pit zips and a helmet-compatible hood.',
    price: 229,
    category: 'Clothing',
    tags: ['outdoor', 'waterproof'],
    views: 1543,
    ageDays: 70,
  },
  {
    name: 'Cashmere Overcoat',
    description: 'Double-faced wool and cashmere, unlined for a light drape, with horn buttons.',
    price: 620,
    category: 'Clothing',
    tags: ['coat', 'winter', 'cashmere'],
    views: 874,
    ageDays: 210,
  },
  {
    name: 'Linen Camp Shirt',
    description: 'Washed European linen with a camp collar and a straight hem worn untucked.',
    price: 59,
    category: 'Clothing',
    tags: ['linen', 'summer'],
    views: 655,
    ageDays: 0.2,
  },
  {
    name: 'Canvas Court Sneakers',
    description: 'Vulcanised rubber soles, organic canvas uppers and a cushioned cork footbed.',
    price: 45,
    category: 'Clothing',
    tags: ['shoes', 'canvas'],
    views: 2205,
    ageDays: 120,
  },
  {
    name: 'The Quiet Studio',
    description: 'Our paperback guide to designing calm, focused workspaces at home and at the office.',
    price: 24,
    category: 'Books',
    tags: ['design', 'workspace'],
    views: 1432,
    ageDays: 55,
  },
  {
    name: 'Design Systems Handbook',
    description: 'A practical hardcover on building and governing component libraries across teams.',
    price: 42,
    category: 'Books',
    tags: ['design', 'ux'],
    views: 1890,
    ageDays: 140,
  },
  {
    name: 'Field Guide to Light',
    description: 'A photography field guide on reading natural light, with 180 annotated images.',
    price: 36,
    category: 'Books',
    tags: ['photography', 'guide'],
    views: 760,
    ageDays: 4,
  },
  {
    name: 'Slow Kitchen Cookbook',
    description: 'Ninety seasonal recipes from Pacific Northwest cooks, with a chapter on preserving.',
    price: 58,
    category: 'Books',
    tags: ['cooking', 'seasonal'],
    views: 980,
    ageDays: 26,
  },
  {
    name: 'Modern Craft Box Set',
    description: 'Four clothbound volumes on woodworking, ceramics, textiles and metalwork in a slipcase.',
    price: 129,
    category: 'Books',
    tags: ['craft', 'collector'],
    views: 412,
    ageDays: 250,
  },
  {
    name: 'Signed First Edition: Northwind at Ten',
    description: 'A numbered, signed first edition of our ten-year retrospective, limited to 250 copies.',
    price: 540,
    category: 'Books',
    tags: ['limited', 'signed', 'collector'],
    views: 318,
    ageDays: 380,
  },
  {
    name: 'Bridle Leather Wallet',
    description: 'English bridle leather, hand-stitched with waxed linen thread; holds eight cards and notes.',
    price: 65,
    category: 'Accessories',
    tags: ['leather', 'wallet'],
    views: 1310,
    ageDays: 15,
  },
  {
    name: 'Market Canvas Tote',
    description: 'A waxed canvas tote with leather handles and an inside zip pocket.',
    price: 32,
    category: 'Accessories',
    tags: ['bag', 'canvas'],
    views: 1675,
    ageDays: 9,
  },
  {
    name: 'Meridian Titanium Watch',
    description: 'A 38 mm titanium automatic with sapphire crystal and 100 m water resistance.',
    price: 780,
    category: 'Accessories',
    tags: ['watch', 'titanium'],
    views: 2540,
    ageDays: 300,
  },
  {
    name: 'Polarised Acetate Sunglasses',
    description: 'Hand-polished acetate frames with polarised mineral-glass lenses.',
    price: 145,
    category: 'Accessories',
    tags: ['eyewear', 'summer'],
    views: 990,
    ageDays: 62,
  },
  {
    name: 'Commuter Laptop Backpack',
    description: 'Holds a 16-inch laptop, with a weatherproof zip, luggage pass-through and hidden pocket.',
    price: 110,
    category: 'Accessories',
    tags: ['bag', 'travel', 'laptop'],
    views: 2012,
    ageDays: 1,
  },
  {
    name: 'Walnut Desk Organiser',
    description: 'Solid walnut tray for pens, cards and a phone, finished with hard wax oil.',
    price: 48,
    category: 'Accessories',
    tags: ['desk', 'wood'],
    views: 540,
    ageDays: 180,
  },
];

export const BLOGS: DemoBlog[] = [
  {
    title: 'How We Test Every Product Before It Ships',
    slug: 'how-we-test-every-product',
    cover: 'two-dogs',
    category: 'Technology',
    tags: ['process', 'quality'],
    views: 1840,
    ageDays: 0.1,
    caption: 'Six weeks of daily use, a drop rig and a very patient studio dog.',
    content:
      '<p>Nothing reaches the shop until someone in the studio has used it every day for at least six weeks. Spec sheets tell you what a product should do; daily use tells you what it actually does.</p><h2>Our three checks</h2><ul><li>Daily use by two people with different habits.</li><li>A drop and abrasion rig built from an old bookshelf.</li><li>A repairability review: can a normal person fix it?</li></ul><p>About a third of what we try fails one of these checks. We publish the reasons on the journal, because knowing why something did not make it is often more useful than a list of what did.</p>',
    comments: [
      { author: 'Maya R.', comment: 'Love that you publish the failures too. Very useful.' },
      { author: 'Tom Becker', comment: 'Would be great to see the drop rig in a video!' },
      { author: 'Ines', comment: 'The repairability check is why I buy here.' },
    ],
  },
  {
    title: 'A Weekend in the Columbia River Gorge',
    slug: 'weekend-columbia-river-gorge',
    cover: 'forest-stream',
    category: 'Travel',
    tags: ['oregon', 'hiking', 'weekend'],
    views: 960,
    ageDays: 0.4,
    caption: 'Waterfalls, windsurfers and the best pie stop on Highway 30.',
    content:
      '<p>The Gorge is forty minutes from the studio and still feels like another country. We spent two days walking, eating and not looking at email.</p><h2>Where we walked</h2><ul><li>Multnomah Falls early, before the buses.</li><li>The Latourell loop for quiet forest.</li><li>Dog Mountain for wildflowers in late spring.</li></ul><p>Pack a shell jacket even in summer: the wind funnels through the Gorge and the weather changes within an hour. Finish in Hood River, where the windsurfers put on a show until sunset.</p>',
    comments: [{ author: 'Priya', comment: 'Dog Mountain in May is unreal. Great list.' }],
  },
  {
    title: 'Five Pantry Staples We Never Run Out Of',
    slug: 'five-pantry-staples',
    cover: 'fig',
    category: 'Food',
    tags: ['cooking', 'pantry'],
    views: 2210,
    ageDays: 2,
    caption: 'The short list behind most of our studio lunches.',
    content:
      '<p>Our studio kitchen is tiny, so every jar has to earn its place. These five cover most of our weekday lunches.</p><h2>The list</h2><ul><li>Good olive oil, bought in tins.</li><li>Preserved lemons.</li><li>Miso, both white and red.</li><li>Dried chickpeas, cooked on Mondays.</li><li>Flaky sea salt.</li></ul><p>With these and whatever is in season at the Saturday market, lunch takes fifteen minutes. The cookbook in our shop has a chapter on each of them.</p>',
    comments: [],
  },
  {
    title: 'What We Learned From Our First Pop-Up Shop',
    slug: 'lessons-first-pop-up-shop',
    cover: 'paper-cups',
    category: 'Business',
    tags: ['retail', 'small-business'],
    views: 1430,
    ageDays: 5,
    caption: 'Foot traffic, pricing and why we will never sell from a folding table again.',
    content:
      '<p>Last spring we rented an empty storefront for three weekends. It was exhausting and it was the best research we have ever done.</p><h2>What surprised us</h2><ul><li>People touched everything; products with texture sold best.</li><li>Round prices felt more honest than prices ending in 99.</li><li>Most sales came from people who had read the journal.</li></ul><p>We came away convinced that a small, permanent space beats occasional events. That is why the Portland studio now opens to visitors every Saturday.</p>',
    comments: [
      { author: 'Jonas Weber', comment: 'The pricing point is so true.' },
      { author: 'Alicia', comment: 'See you on Saturday!' },
      { author: 'Chen Li', comment: 'How did you handle payments at the pop-up?' },
      { author: 'Northwind Studio', comment: 'A card reader and a lot of patience. We wrote it up in the newsletter.' },
    ],
  },
  {
    title: 'Building a Calm Home Office',
    slug: 'building-a-calm-home-office',
    cover: 'glass-bird',
    category: 'Lifestyle',
    tags: ['workspace', 'home'],
    views: 3050,
    ageDays: 12,
    caption: 'Light, sound and one rule about cables.',
    content:
      '<p>A calm workspace is less about buying things and more about removing friction. We redesigned three home offices for the team this year.</p><h2>Principles we kept</h2><ul><li>Face a window, but not directly.</li><li>Soft surfaces absorb echo on video calls.</li><li>Every cable has a home you can reach without crawling.</li></ul><p>The last rule made the biggest difference. A single hub under the desk and one cable to the laptop turned a daily chore into nothing.</p>',
    comments: [
      { author: 'Sam', comment: 'The cable rule changed my life.' },
      { author: 'Hannah K.', comment: 'Any lamp recommendations?' },
    ],
  },
  {
    title: 'Why We Switched to a Four-Day Week',
    slug: 'why-we-switched-to-a-four-day-week',
    cover: 'clock-face',
    category: 'Business',
    tags: ['team', 'culture'],
    views: 4120,
    ageDays: 19,
    caption: 'One year in: output, hiring and the Friday problem.',
    content:
      '<p>A year ago the studio moved to a four-day week with no change in pay. We were nervous; here is what happened.</p><h2>The numbers</h2><ul><li>Shipped projects went up slightly.</li><li>Sick days halved.</li><li>Hiring got easier: every applicant mentioned it.</li></ul><p>The hard part was customers who expected Friday replies. We now rotate one person on Fridays for urgent orders, and everyone else is properly offline.</p>',
    comments: [
      { author: 'Olivia', comment: 'Inspiring. Sharing with my manager.' },
      { author: 'Marco', comment: 'How do you handle deadlines that land on a Friday?' },
    ],
  },
  {
    title: 'Slow Travel by Train Across Japan',
    slug: 'slow-travel-by-train-across-japan',
    cover: 'storm-front',
    category: 'Travel',
    tags: ['japan', 'rail'],
    views: 2675,
    ageDays: 26,
    caption: 'Local lines, onsen towns and a notebook full of sketches.',
    content:
      '<p>We skipped the bullet trains for most of this trip and took local lines instead. The journey became the point.</p><h2>Route highlights</h2><ul><li>The Gono Line along the Sea of Japan coast.</li><li>Two nights in an onsen town with no phone signal.</li><li>Kanazawa for craft museums and a very good market.</li></ul><p>Slow travel asks you to plan less and notice more. Bring a rail map, a paper notebook and shoes you can walk in all day.</p>',
    comments: [],
  },
  {
    title: 'The Case for Repairable Electronics',
    slug: 'case-for-repairable-electronics',
    cover: { product: 'Aero USB-C Hub' },
    category: 'Technology',
    tags: ['repair', 'sustainability'],
    views: 1985,
    ageDays: 60,
    caption: 'Screws over glue, and why it matters for the things we sell.',
    content:
      '<p>A device that cannot be opened has a lifespan set by its weakest part, usually the battery. We now favour products that use screws instead of glue.</p><h2>What we look for</h2><ul><li>Replaceable batteries.</li><li>Published repair guides and spare parts.</li><li>Standard connectors, preferably USB-C.</li></ul><p>Repairable products cost a little more up front and much less over their life. They also keep our customers coming back for years, which is the only kind of growth we want.</p>',
    comments: [{ author: 'Dev Patel', comment: 'Agree. The USB-C hub has been going for two years.' }],
  },
  {
    title: 'Sourdough for Busy People',
    slug: 'sourdough-for-busy-people',
    cover: 'wood-grain',
    category: 'Food',
    tags: ['baking', 'bread'],
    views: 3320,
    ageDays: 140,
    caption: 'A schedule that fits around a working week.',
    content:
      '<p>Most sourdough guides assume you are home all day. This schedule uses the fridge to do the waiting for you.</p><h2>The schedule</h2><ul><li>Evening: mix, then stretch and fold twice.</li><li>Overnight: bulk ferment in the fridge.</li><li>Next evening: shape, proof briefly and bake.</li></ul><p>The long cold ferment gives more flavour, not less. Our slow kitchen cookbook has the full recipe with weights.</p>',
    comments: [
      { author: 'Anna', comment: 'Worked first try!' },
      { author: 'Ben', comment: 'What hydration do you use?' },
      { author: 'Northwind Studio', comment: 'Around 72 percent with a bread flour blend.' },
    ],
  },
  {
    title: 'Designing for Accessibility From Day One',
    slug: 'designing-for-accessibility-from-day-one',
    cover: 'yellow-flower',
    category: 'Technology',
    tags: ['accessibility', 'web'],
    views: 1520,
    ageDays: 250,
    caption: 'Contrast, focus and labels are cheaper early than late.',
    content:
      '<p>Retrofitting accessibility is slow and expensive. Building it in from the first sketch costs almost nothing.</p><h2>Our baseline</h2><ul><li>Text contrast of at least 4.5 to 1.</li><li>Visible focus styles on every control.</li><li>Labels on every input, not just placeholders.</li></ul><p>These three rules fix most problems we find in reviews. The rest come from testing with real people, which we now do for every release.</p>',
    comments: [
      { author: 'Grace', comment: 'Thank you for writing about focus styles.' },
      { author: 'Luis', comment: 'Placeholders as labels is my pet peeve too.' },
      { author: 'Fatima', comment: 'Would love a follow-up on screen reader testing.' },
      { author: 'Noah', comment: 'Bookmarked.' },
    ],
  },
  {
    title: 'A Capsule Wardrobe That Lasts a Decade',
    slug: 'capsule-wardrobe-that-lasts',
    cover: { product: 'Merino Crew Sweater' },
    category: 'Lifestyle',
    tags: ['clothing', 'minimalism'],
    views: 2890,
    ageDays: 420,
    caption: 'Fewer pieces, better fabrics, more outfits.',
    content:
      '<p>Our team wardrobe experiment started with one rule: buy nothing new for a season unless it replaces something worn out.</p><h2>What stayed</h2><ul><li>Two heavyweight tees and a linen shirt.</li><li>One merino sweater.</li><li>A waterproof shell that works in town and on the trail.</li></ul><p>Good fabrics age well and make a small wardrobe feel generous. The money saved on impulse buys paid for the pieces that last.</p>',
    comments: [{ author: 'Emma', comment: 'The shell jacket is worth every cent.' }],
  },
  {
    title: 'Ten Years of Northwind Studio',
    slug: 'ten-years-of-northwind-studio',
    cover: 'hilltop-sunset',
    category: 'Business',
    tags: ['anniversary', 'studio'],
    views: 5210,
    ageDays: 800,
    caption: 'From a garage workbench to a studio in the Pearl District.',
    content:
      '<p>Northwind started as a workbench in a rented garage and a blog read by our parents. Ten years later we are a team of fourteen.</p><h2>Milestones</h2><ul><li>Year one: the first product, a walnut desk tray.</li><li>Year four: the journal reached ten thousand readers.</li><li>Year eight: the Portland studio opened to visitors.</li></ul><p>We still make decisions the way we did in the garage: slowly, together, and with the customer in the room. Thank you for reading along.</p>',
    comments: [
      { author: 'Rosa', comment: 'Congratulations on ten years!' },
      { author: 'Kai', comment: 'I still use that first desk tray.' },
    ],
  },
];

const photo = (
  file: PhotoFile,
  title: string,
  caption: string,
  category: DemoPhoto['category'],
  resolution: DemoPhoto['resolution'],
  tags: string[],
  views: number,
  likes: number,
  downloads: number,
  ageDays: number,
  published = true,
): DemoPhoto => ({ file, title, caption, category, resolution, tags, views, likes, downloads, ageDays, published });

/**
 * The gallery: photographs from Debian's wallpaper packages (assets/CREDITS.md). Titles and captions say what each
 * picture shows; resolution is the original's (longest side: 2K from 2560 px, 4K from 3840 px, HD 720p below 1920 px).
 */
export const PHOTOS: DemoPhoto[] = [
  photo(
    'picos-de-europa',
    'Trail below the Picos de Europa',
    'A grassy track climbing towards the limestone peaks of northern Spain.',
    'Nature',
    '2K',
    ['mountains', 'hiking', 'spain'],
    4210,
    512,
    230,
    1,
  ),
  photo(
    'aitzgorri',
    'Autumn below Aitzgorri',
    'Beech woods turning copper under the Basque mountain.',
    'Nature',
    '2K',
    ['mountains', 'autumn', 'forest'],
    1320,
    140,
    62,
    9,
  ),
  photo(
    'forest-stream',
    'Forest Stream',
    'Clear water stepping down over mossy limestone.',
    'Nature',
    '2K',
    ['forest', 'water', 'green'],
    2480,
    301,
    118,
    40,
  ),
  photo(
    'dandelion-meadow',
    'Dandelion Clocks at Sunset',
    'A meadow gone to seed in the last low light of the day.',
    'Nature',
    '4K',
    ['flowers', 'sunset', 'summer'],
    980,
    96,
    31,
    130,
  ),
  photo(
    'ladybird',
    'Ladybird on a Grass Stem',
    'A seven-spot ladybird climbing past forget-me-nots.',
    'Nature',
    '2K',
    ['macro', 'insects', 'spring'],
    1580,
    201,
    44,
    3,
  ),
  photo(
    'dragonfly',
    'Dragonfly at Rest',
    'A dragonfly perched on a bare twig in front of sunlit leaves.',
    'Nature',
    '4K',
    ['insects', 'summer', 'sky'],
    2240,
    260,
    120,
    22,
  ),
  photo(
    'nuthatch',
    'Nuthatch on the Trunk',
    'A nuthatch working its way down a tree, head first as nuthatches do.',
    'Nature',
    '4K',
    ['birds', 'wildlife'],
    3300,
    420,
    150,
    6,
  ),
  photo(
    'storm-front',
    'Storm Front',
    'Dark cloud rolling in over open country, the foreground blurred by speed.',
    'Nature',
    'Full HD 1080p',
    ['weather', 'clouds', 'travel'],
    760,
    58,
    12,
    75,
  ),
  photo(
    'midsummer-night',
    'Midsummer Night',
    'One in the morning on a northern lake, and the sky is still light.',
    'Nature',
    '2K',
    ['lake', 'night', 'summer'],
    6120,
    880,
    410,
    50,
  ),
  photo(
    'bridge-cables',
    'Bridge Cables',
    'Looking up through the stays of a cable bridge on a clear day.',
    'Architecture',
    '4K',
    ['bridge', 'lines', 'sky'],
    1210,
    118,
    40,
    30,
  ),
  photo(
    'woven-facade',
    'Woven Facade',
    'Ribbons of white cladding wrapping a modern building.',
    'Architecture',
    '2K',
    ['modern', 'lines', 'black-and-white'],
    2890,
    355,
    72,
    365,
  ),
  photo(
    'pier-in-fog',
    'Pier in the Fog',
    'A wooden pier running out into still grey water.',
    'Architecture',
    '2K',
    ['pier', 'fog', 'black-and-white'],
    1705,
    230,
    95,
    15,
  ),
  photo(
    'jetty-boards',
    'Jetty Boards',
    'Evening sun on the weathered planks of a lakeside jetty.',
    'Architecture',
    '2K',
    ['wood', 'lake', 'evening'],
    410,
    33,
    8,
    2,
  ),
  photo(
    'kite',
    'Kite Day',
    'A single kite riding high in a deep blue sky.',
    'Events',
    '2K',
    ['festival', 'sky', 'summer'],
    5020,
    690,
    310,
    11,
  ),
  photo(
    'djembe',
    'Djembe and Beanbag',
    'A djembe resting on a beanbag beside a table set for the evening.',
    'Events',
    '2K',
    ['music', 'workshop', 'studio'],
    890,
    77,
    21,
    100,
  ),
  photo(
    'water-crown',
    'Water Crown',
    'A single drop caught at the moment it splashes.',
    'Abstract',
    '2K',
    ['macro', 'water', 'motion'],
    3740,
    530,
    260,
    8,
  ),
  photo(
    'paper-cups',
    'Cups in Rows',
    'Rows of paper cups seen from above, rims catching the light.',
    'Abstract',
    '2K',
    ['pattern', 'colour'],
    1190,
    150,
    66,
    45,
  ),
  photo(
    'leaf-veins',
    'Leaf Veins',
    'Backlit veins of a fresh green leaf.',
    'Abstract',
    'Full HD 1080p',
    ['macro', 'green', 'texture'],
    220,
    18,
    4,
    0.3,
    false,
  ),
  photo(
    'one-stands-out',
    'One Stands Out',
    'One copper moss star in a field of green ones.',
    'Abstract',
    '2K',
    ['moss', 'pattern', 'green'],
    940,
    102,
    39,
    160,
  ),
  photo(
    'wood-grain',
    'Wood Grain',
    'Soft light across pale, brushed timber.',
    'Abstract',
    '2K',
    ['wood', 'texture'],
    410,
    33,
    8,
    2,
    false,
  ),
  photo(
    'two-dogs',
    'Two Dogs at the Window',
    'Two spaniels keeping watch from a wooden cabin.',
    'Other',
    '2K',
    ['animals', 'dogs'],
    7340,
    1210,
    520,
    18,
  ),
  photo(
    'fig',
    'Fig on a Red Dish',
    'A halved fig on a glazed red dish, set on bare concrete.',
    'Other',
    '2K',
    ['food', 'ceramics', 'colour'],
    2630,
    300,
    140,
    4,
  ),
  photo(
    'clock-face',
    'Clock Face',
    'Raking light across the face of a plain wall clock.',
    'Other',
    '2K',
    ['design', 'time', 'detail'],
    1880,
    205,
    77,
    90,
  ),
  photo(
    'paint-brushes',
    'Paint Brushes',
    'Well-used brushes standing together, bristles still full of colour.',
    'Other',
    'HD 720p',
    ['craft', 'colour', 'workshop'],
    1020,
    111,
    45,
    280,
  ),
];

const video = (
  name: string,
  description: string,
  youtubeId: string,
  duration: number,
  quality: DemoVideo['quality'],
  tags: string[],
  views: number,
  likes: number,
  ageDays: number,
): DemoVideo => ({
  name,
  description,
  youtubeId,
  category: 'Entertainment',
  duration,
  quality,
  tags,
  views,
  likes,
  ageDays,
});

/**
 * The films of our open film nights: Blender Studio's open movies, free to share under Creative Commons. Durations are
 * the films' running times on YouTube; all are entertainment, so the other video categories have no demo items.
 */
export const VIDEOS: DemoVideo[] = [
  video(
    'Big Buck Bunny',
    'A giant, gentle rabbit takes comic revenge on three bullying rodents. Blender’s 2008 open movie, remastered in 4K at 60 frames per second.',
    'aqz-KE-bpKQ',
    635,
    '4K',
    ['animation', 'comedy', 'open-movie'],
    15200,
    980,
    5,
  ),
  video(
    'Sintel',
    'A young woman searches a harsh world for the baby dragon she once rescued. Blender’s third open movie, from 2010.',
    'eRsGyueVLvQ',
    888,
    'Full HD',
    ['animation', 'fantasy', 'open-movie'],
    41300,
    5100,
    14,
  ),
  video(
    'Tears of Steel',
    'Warriors and scientists gather in Amsterdam to save the world from destructive robots. Live action with visual effects made in Blender, 2012.',
    'R6MlUcmOul8',
    734,
    'Full HD',
    ['live-action', 'science-fiction', 'open-movie'],
    23400,
    1900,
    35,
  ),
  video(
    'Spring',
    'A shepherd girl and her dog face ancient spirits to bring back the cycle of life. Blender Studio’s painterly short from 2019.',
    'WhWc3b3KhnY',
    464,
    '4K',
    ['animation', 'fantasy', 'open-movie'],
    35600,
    4200,
    70,
  ),
  video(
    'Cosmos Laundromat',
    'A suicidal sheep on a desolate island meets a mysterious salesman who offers him the gift of a lifetime. Blender’s 2015 pilot.',
    'Y-rmzh0PI3c',
    730,
    '2K',
    ['animation', 'drama', 'open-movie'],
    27500,
    3600,
    120,
  ),
  video(
    'Agent 327: Operation Barbershop',
    'Agent 327 goes undercover in a barbershop that hides a secret laboratory. A 2017 teaser for the feature, based on Martin Lodewijk’s comics.',
    'mN0zPOpADL4',
    231,
    '2K',
    ['animation', 'action', 'comedy'],
    56700,
    6800,
    45,
  ),
  video(
    'Sprite Fright',
    'Rowdy teenagers on a weekend trip to the woods meet a forest full of not-so-friendly mushroom sprites. Blender Studio, 2021.',
    '_cMxraX_5RE',
    629,
    '4K',
    ['animation', 'horror', 'comedy'],
    18100,
    1400,
    2,
  ),
  video(
    'Elephants Dream',
    'Two men explore a strange, endless machine that one of them believes he controls. The first open movie, made in 2006.',
    'TLkA0RELQ1g',
    654,
    'HD',
    ['animation', 'surreal', 'open-movie'],
    9800,
    640,
    300,
  ),
];

export const AUDIOS: DemoAudio[] = [
  {
    name: 'Harbour Lights',
    description: 'A warm, plucked instrumental sketch recorded in the studio loft.',
    artist: 'The Marshall Street Band',
    type: 'Music',
    category: 'Rock',
    duration: 22,
    quality: 'High 320',
    track: 0,
    tags: ['instrumental', 'guitar'],
    plays: 5420,
    downloads: 830,
    rating: 4.6,
    ageDays: 3,
    reviews: [
      { author: 'Leah', rating: 5, comment: 'On repeat all week.' },
      { author: 'Omar', rating: 4, comment: 'Lovely tone.' },
    ],
  },
  {
    name: 'Blue Pearl',
    description: 'A slow, bell-like late-night piece from the trio’s rehearsal tapes.',
    artist: 'Ana Ortega Trio',
    type: 'Music',
    category: 'Jazz',
    duration: 18,
    quality: 'Lossless',
    track: 2,
    tags: ['jazz', 'trio'],
    plays: 3110,
    downloads: 640,
    rating: 4.8,
    ageDays: 25,
    reviews: [{ author: 'Viktor', rating: 5, comment: 'The lossless file sounds incredible.' }],
  },
  {
    name: 'Studio Notes #42: Pricing With Confidence',
    description: 'The opening theme of our episode on setting prices a small brand can defend.',
    artist: 'Studio Notes Podcast',
    type: 'Podcast',
    category: 'Business',
    duration: 12,
    quality: 'Medium 192',
    track: 0,
    tags: ['pricing', 'retail'],
    plays: 2870,
    downloads: 1210,
    rating: 4.3,
    ageDays: 7,
    reviews: [
      { author: 'Kim', rating: 4, comment: 'Practical advice.' },
      { author: 'Joel', rating: 5, comment: 'Best episode yet.' },
      { author: 'Sara', rating: 4, comment: 'Wanted it longer!' },
    ],
  },
  {
    name: 'Studio Notes #43: The Repairable Future',
    description: 'The opening theme of our conversation on right-to-repair and what it means for designers.',
    artist: 'Studio Notes Podcast',
    type: 'Podcast',
    category: 'Technology',
    duration: 14,
    quality: 'Low 128',
    track: 1,
    tags: ['repair', 'design'],
    plays: 1940,
    downloads: 760,
    rating: 4.1,
    ageDays: 40,
    reviews: [],
  },
  {
    name: 'The Lighthouse Keeper',
    description: 'The chime that opens each chapter of the reading of a novel about a keeper on the Oregon coast.',
    artist: 'Narrated by Helen Park',
    type: 'Audiobook',
    category: 'Fiction',
    duration: 16,
    quality: 'Medium 192',
    track: 2,
    tags: ['novel', 'coast'],
    plays: 1280,
    downloads: 450,
    rating: 4.7,
    ageDays: 90,
    reviews: [{ author: 'Greta', rating: 5, comment: 'Helen’s narration is perfect.' }],
  },
  {
    name: 'Made by Hand',
    description: 'The title music of an audiobook on the revival of craft in the digital age.',
    artist: 'Narrated by David Moss',
    type: 'Audiobook',
    category: 'Non-fiction',
    duration: 15,
    quality: 'High 320',
    track: 0,
    tags: ['craft', 'history'],
    plays: 860,
    downloads: 300,
    rating: 4.2,
    ageDays: 210,
    reviews: [
      { author: 'Paul', rating: 4, comment: 'Thoughtful and well read.' },
      { author: 'Nina', rating: 3, comment: 'A bit slow in the middle.' },
    ],
  },
  {
    name: 'In Conversation: Mira Chen',
    description: 'Room tone from the kiln shed where the ceramicist talked about failure, kilns and teaching.',
    artist: 'Northwind Interviews',
    type: 'Interview',
    category: 'Arts',
    duration: 11,
    quality: 'Lossless',
    track: 3,
    tags: ['ceramics', 'craft'],
    plays: 1520,
    downloads: 290,
    rating: 4.5,
    ageDays: 1,
    reviews: [],
  },
  {
    name: 'In Conversation: Founders of Fieldwork',
    description: 'The sting that opens our talk with two founders on building a bootstrapped outdoor brand.',
    artist: 'Northwind Interviews',
    type: 'Interview',
    category: 'Business',
    duration: 13,
    quality: 'Low 128',
    track: 1,
    tags: ['founders', 'outdoor'],
    plays: 2230,
    downloads: 510,
    rating: 3.9,
    ageDays: 150,
    reviews: [{ author: 'Tariq', rating: 4, comment: 'Honest about the hard parts.' }],
  },
  {
    name: 'Live at the Pearl Loft',
    description: 'The opening of the acoustic set recorded at our spring open studio.',
    artist: 'June & the Weather',
    type: 'Live Recording',
    category: 'Concert',
    duration: 18,
    quality: 'High 320',
    track: 0,
    tags: ['acoustic', 'live'],
    plays: 4010,
    downloads: 920,
    rating: 4.9,
    ageDays: 18,
    reviews: [
      { author: 'Ella', rating: 5, comment: 'I was there! Brings it all back.' },
      { author: 'Hugo', rating: 5, comment: 'Great mix.' },
      { author: 'Ivy', rating: 5, comment: 'Wonderful.' },
    ],
  },
  {
    name: 'Festival Session: Night Market',
    description: 'A pulsing bass loop from the electronic set on the festival’s closing night.',
    artist: 'Kestrel',
    type: 'Live Recording',
    category: 'Electronic',
    duration: 16,
    quality: 'Medium 192',
    track: 1,
    tags: ['electronic', 'festival'],
    plays: 3380,
    downloads: 700,
    rating: 4.4,
    ageDays: 55,
    reviews: [{ author: 'Rafa', rating: 4, comment: 'That drop at the end!' }],
  },
  {
    name: 'Forest Rain Ambience',
    description: 'Soft rain over a low drone, for focus and sleep; loops seamlessly.',
    artist: 'Northwind Field Recordings',
    type: 'Sound Effect',
    category: 'Nature',
    duration: 16,
    quality: 'Lossless',
    track: 3,
    tags: ['rain', 'ambient', 'focus'],
    plays: 7810,
    downloads: 2650,
    rating: 4.6,
    ageDays: 10,
    reviews: [{ author: 'Mei', rating: 5, comment: 'Perfect for deep work.' }],
  },
  {
    name: 'Interface Chimes Pack',
    description: 'Short notification chimes for apps and games.',
    artist: 'Northwind Sound Lab',
    type: 'Sound Effect',
    category: 'UI',
    duration: 6,
    quality: 'Low 128',
    track: 2,
    tags: ['ui', 'chimes'],
    plays: 2140,
    downloads: 1890,
    rating: 4.0,
    ageDays: 400,
    reviews: [],
  },
];

const event = (
  name: string,
  description: string,
  address: string,
  city: string,
  location: string,
  category: DemoEvent['category'],
  eventType: DemoEvent['eventType'],
  startInDays: number,
  startHour: number,
  timeZone: string,
  durationHours: number,
  registrations: number,
  price: number,
  cover: DemoCover,
  within?: 'month' | 'year',
): DemoEvent => ({
  name,
  description,
  address,
  city,
  location,
  category,
  eventType,
  startInDays,
  startHour,
  timeZone,
  durationHours,
  registrations,
  price,
  cover,
  ...(within ? { within } : {}),
});

const PORTLAND = 'America/Los_Angeles';

/** Start hours are wall-clock hours where the event happens; virtual events keep the studio's (Portland) time. */
export const EVENTS: DemoEvent[] = [
  event(
    'Lunchtime Sketching Workshop',
    'Bring a notebook: an hour of quick perspective sketching with our designers.',
    '1200 NW Marshall Street',
    'Portland',
    'Northwind Studio, Portland',
    'Workshop',
    'local',
    0,
    12,
    PORTLAND,
    2,
    18,
    0,
    'paint-brushes',
  ),
  event(
    'Harbour Jazz Night',
    'The Ana Ortega Trio plays two sets on the waterfront terrace.',
    '1020 SW Naito Parkway',
    'Portland',
    'Waterfront Terrace, Portland',
    'Concert',
    'local',
    1,
    19,
    PORTLAND,
    3,
    140,
    35,
    'evening-glow',
  ),
  event(
    'Remote Product Summit',
    'Talks and panels on building physical products with distributed teams.',
    'Online',
    'Online',
    'Online (livestream)',
    'Conference',
    'virtual',
    3,
    9,
    PORTLAND,
    6,
    860,
    0,
    'dandelion-seeds',
  ),
  event(
    'Bridge City Half Marathon',
    'A flat, fast course across four bridges, with a finish-line market.',
    'Tom McCall Waterfront Park',
    'Portland',
    'Waterfront Park, Portland',
    'Sport',
    'national',
    5,
    7,
    PORTLAND,
    5,
    2400,
    45,
    'bridge-cables',
  ),
  event(
    'Open Studio: New Collection',
    'See the new collection, meet the makers and try everything on.',
    '1200 NW Marshall Street',
    'Portland',
    'Northwind Studio, Portland',
    'Exhibition',
    'local',
    10,
    17,
    PORTLAND,
    4,
    95,
    0,
    'dune-grass',
    'month',
  ),
  event(
    'Design Systems Conference',
    'Two days of talks on component libraries, tokens and governance.',
    '777 NE Martin Luther King Jr Blvd',
    'Portland',
    'Oregon Convention Center',
    'Conference',
    'national',
    16,
    9,
    PORTLAND,
    32,
    640,
    249,
    'woven-facade',
  ),
  event(
    'Photography Basics Online',
    'A live class on composition and natural light, with homework reviews.',
    'Online',
    'Online',
    'Online (video call)',
    'Workshop',
    'virtual',
    24,
    18,
    PORTLAND,
    2,
    120,
    15,
    'fallen-leaf',
  ),
  event(
    'Riverfront Light Festival',
    'Light installations, food trucks and live music along the river.',
    'Marine Drive',
    'Vancouver',
    'Columbia River waterfront',
    'Festival',
    'international',
    45,
    16,
    PORTLAND,
    56,
    5200,
    89,
    'jetty-boards',
    'year',
  ),
  event(
    'Global Craft Week',
    'Makers from twelve countries share their studios and techniques.',
    'Kunstgewerbemuseum, Matthäikirchplatz',
    'Berlin',
    'Berlin, Germany',
    'Other',
    'international',
    75,
    10,
    'Europe/Berlin',
    120,
    1300,
    0,
    'djembe',
  ),
  event(
    'Indie Game Jam',
    'Forty-eight hours to make a game around a surprise theme.',
    'Online',
    'Online',
    'Online (Discord)',
    'Other',
    'virtual',
    110,
    12,
    PORTLAND,
    48,
    410,
    0,
    'one-stands-out',
  ),
  event(
    'Nordic Sound Festival',
    'Three days of Scandinavian folk, jazz and electronic music.',
    'Slottsparken',
    'Oslo',
    'Oslo, Norway',
    'Festival',
    'international',
    150,
    14,
    'Europe/Oslo',
    72,
    3800,
    149,
    'midsummer-night',
  ),
  event(
    'Ceramics & Craft Fair',
    'Over one hundred independent makers under one roof.',
    '2060 N Marine Drive',
    'Portland',
    'Portland Expo Center',
    'Exhibition',
    'national',
    200,
    10,
    PORTLAND,
    8,
    760,
    12,
    'fig',
  ),
];

/** The picture of the company's hero (the default slide, and link previews). */
export const HERO_IMAGE: PhotoFile = 'evening-glow';

export const SLIDERS: DemoSlider[] = [
  {
    image: 'forest-path',
    title: 'Design that works as hard as you do',
    subtitle: 'Durable goods, tested in our studio for six weeks before they reach you.',
    type: 'photo',
    youtubeId: null,
    button1_text: 'Shop now',
    button1_link: '/shop',
    button2_text: 'Our story',
    button2_link: '/about',
    content_alignment: 'left',
    searchEnabled: true,
    searchPlaceholder: 'Search products, stories and events...',
  },
  {
    image: 'dune-grass',
    title: 'The new season collection',
    subtitle: 'Linen, merino and waxed canvas in colours from the Oregon coast.',
    type: 'photo',
    youtubeId: null,
    button1_text: 'Browse the collection',
    button1_link: '/shop',
    button2_text: 'Read the journal',
    button2_link: '/blogs',
    content_alignment: 'center',
    searchEnabled: false,
    searchPlaceholder: 'Search...',
  },
  {
    // White text needs a dark enough picture behind it: the publish checks hold back a slide under 4.5:1.
    image: 'evening-glow',
    title: 'Open film nights',
    subtitle: 'Blender Studio’s open movies on the big screen in our loft, free for everyone.',
    type: 'video',
    youtubeId: 'aqz-KE-bpKQ',
    button1_text: 'Watch videos',
    button1_link: '/videos',
    button2_text: 'Upcoming events',
    button2_link: '/events',
    content_alignment: 'right',
    searchEnabled: false,
    searchPlaceholder: 'Search...',
  },
];

export const RECOMMENDATIONS: DemoRecommendation[] = [
  {
    title: 'Quiet Hours Headphones',
    caption: 'Our most-loved product for focused work.',
    tags: ['audio', 'focus'],
    popularity: 980,
  },
  {
    title: 'Building a Calm Home Office',
    caption: 'Light, sound and one rule about cables.',
    tags: ['workspace', 'journal'],
    popularity: 870,
  },
  {
    title: 'Harbour Jazz Night',
    caption: 'Two sets with the Ana Ortega Trio on the waterfront terrace.',
    tags: ['music', 'event'],
    popularity: 760,
  },
  {
    title: 'Midsummer Night',
    caption: 'The most downloaded photo in our gallery.',
    tags: ['photo', 'lake'],
    popularity: 720,
  },
  {
    title: 'Merino Crew Sweater',
    caption: 'Warm, light and made to last.',
    tags: ['clothing', 'wool'],
    popularity: 640,
  },
  {
    title: 'Forest Rain Ambience',
    caption: 'Sixteen seconds of calm, on loop.',
    tags: ['audio', 'ambient'],
    popularity: 590,
  },
  {
    title: 'Sourdough for Busy People',
    caption: 'A schedule that fits a working week.',
    tags: ['food', 'baking'],
    popularity: 510,
  },
  {
    title: 'Field Guide to Light',
    caption: 'Read natural light like a pro.',
    tags: ['books', 'photography'],
    popularity: 430,
  },
];

/** The people of the studio on the About page, in this order; portraits are assets/illustrations/team/<slug of the name>.svg. */
export const TEAM: DemoTeamMember[] = [
  {
    name: 'Elena Marsh',
    role: 'Founder & Creative Director',
    bio: 'Elena started Northwind at a garage workbench ten years ago and still signs off every product after its six weeks of daily use.',
  },
  {
    name: 'Daniel Okafor',
    role: 'Head of Product',
    bio: 'Daniel runs the drop rig and the repairability reviews, and has opened more gadgets with a screwdriver than anyone we know.',
  },
  {
    name: 'Sofia Lindqvist',
    role: 'Photographer & Journal Editor',
    bio: 'Sofia edits the journal and the photo gallery, and never leaves the studio without a film camera.',
  },
  {
    name: 'Marcus Bell',
    role: 'Workshops & Events Lead',
    bio: 'Marcus hosts the Saturday open studio, the lunchtime sketching sessions and our open film nights.',
  },
  {
    name: 'Aiko Tanaka',
    role: 'Customer Care Lead',
    bio: 'Aiko answers every message within a working day and keeps the Friday rota for urgent orders.',
  },
];
