/** Site-spec section 9: defaults and limits, in one place. */

export const SEO_PAGES = [
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
] as const;
export type SeoPage = (typeof SEO_PAGES)[number];

export const DEFAULT_THEME = {
  primary_color: '#0091ea',
  secondary_color: '#FF5722',
  primary_opacity: 0.3,
  secondary_opacity: 0.3,
  /** Blurs and radii are whole pixels. */
  primary_blur: 12,
  secondary_blur: 8,
  header_radius: 10,
  button_radius: 6,
  button_blur: 8,
  button_opacity: 0.8,
  font: 'Inter',
} as const;

export const DEFAULT_BRAND = {
  name: 'Brand',
  tagline: 'Welcome to our platform',
  logo: '/logo.png',
} as const;

export const FONTS = [
  'Inter',
  'Roboto',
  'Open Sans',
  'Lato',
  'Montserrat',
  'Poppins',
  'Source Sans 3',
  'Nunito',
  'Raleway',
  'Merriweather',
  'Playfair Display',
  'Work Sans',
  'Rubik',
  'Noto Sans',
  'System UI',
] as const;

export const OPACITY = { min: 0, max: 1, step: 0.1 } as const;
export const RADIUS = { min: 0, max: 20, step: 1 } as const;
export const SECONDARY_BLURS = [0, 4, 8, 12, 16] as const;
export const PRIMARY_BLURS = [0, 4, 8, 12, 16, 24, 40, 64] as const;

export const HERO_AUTOPLAY_MS = 3000;
export const HERO_SPEED_MS = 500;
export const RECOMMENDATIONS_LIMIT = 4;
/** 5 MiB = 5,242,880 bytes. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const OTP_LENGTH = 6;
export const RESET_REDIRECT_MS = 3000;
export const PHOTO_SKELETONS = 8;
export const SLIDER_ORDER_DEFAULT = 0;

export const SEARCH_BUTTON_DEFAULTS = {
  enabled: true,
  text: 'Search',
  placeholder: 'Search...',
  icon: 'FaSearch',
  position: 'right',
  style: {
    backgroundColor: '#0091ea',
    textColor: '#ffffff',
    borderRadius: '6px',
    padding: '0.5rem 1rem',
    hoverEffect: 'darken',
  },
  voiceSearch: { enabled: false },
  recentSearches: { enabled: true, limit: 5 },
} as const;

export const PRODUCT_CATEGORIES = ['Electronics', 'Clothing', 'Books', 'Accessories'] as const;
export const BLOG_CATEGORIES = ['Technology', 'Lifestyle', 'Travel', 'Food', 'Business'] as const;
export const PHOTO_CATEGORIES = ['Nature', 'Architecture', 'People', 'Events', 'Abstract', 'Other'] as const;
export const PHOTO_RESOLUTIONS = ['HD 720p', 'Full HD 1080p', '2K', '4K', '8K'] as const;
export const VIDEO_CATEGORIES = ['Entertainment', 'Education', 'Music', 'Sports', 'Gaming', 'News'] as const;
export const VIDEO_QUALITIES = ['HD', 'Full HD', '2K', '4K', '8K'] as const;
export const AUDIO_TYPES = ['Music', 'Podcast', 'Audiobook', 'Interview', 'Live Recording', 'Sound Effect'] as const;
export const AUDIO_QUALITIES = ['Low 128', 'Medium 192', 'High 320', 'Lossless'] as const;
export const EVENT_CATEGORIES = [
  'Concert',
  'Festival',
  'Exhibition',
  'Conference',
  'Workshop',
  'Sport',
  'Other',
] as const;
export const EVENT_TYPES = ['local', 'national', 'international', 'virtual'] as const;
export const CONTENT_TYPES = ['product', 'blog', 'photo', 'video', 'audio', 'event'] as const;
/** The categories a new site starts with, per content type (audio's are its types); the admin's own replace them. */
export const DEFAULT_CATEGORIES = {
  product: PRODUCT_CATEGORIES,
  blog: BLOG_CATEGORIES,
  photo: PHOTO_CATEGORIES,
  video: VIDEO_CATEGORIES,
  audio: AUDIO_TYPES,
  event: EVENT_CATEGORIES,
} as const satisfies Record<(typeof CONTENT_TYPES)[number], readonly string[]>;

/**
 * Cards on one page of a list: what its page renders as static HTML (enough to fill the first viewport and a scroll
 * at every width), what "Show more" adds, and a list endpoint's page when only an offset is given.
 */
export const LIST_PAGE_SIZE = 24;
