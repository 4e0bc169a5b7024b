/** DTOs with the exact field names of site-spec section 3; shared by the server and the browser. */
import type { CONTENT_TYPES, SEO_PAGES } from './constants.ts';
import type { HomeSectionSetting } from './home-layout.ts';
import type { Role } from './staff-roles.ts';

export type SeoFields = {
  [K in (typeof SEO_PAGES)[number] as `seo_${K}_title` | `seo_${K}_description`]: string;
};

export interface Social {
  facebook: string;
  instagram: string;
  twitter: string;
  linkedin: string;
}

export interface Company extends SeoFields {
  _id: string;
  name: string;
  tagline: string;
  description: string;
  logo: string;
  logo_dark: string;
  /** The logo already shows the company name (a wordmark): the header shows the logo alone, the name kept for screen readers. */
  logo_shows_name: boolean;
  icon: string;
  hero_image: string;
  cta_text: string;
  cta_link: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  social: Social;
  primary_color: string;
  secondary_color: string;
  primary_opacity: number;
  secondary_opacity: number;
  primary_blur: number;
  secondary_blur: number;
  header_radius: number;
  button_radius: number;
  button_blur: number;
  button_opacity: number;
  font: string;
  /** The About page's texts; '' shows the page's own default (lib/about.ts). */
  about_story: string;
  about_mission: string;
  about_vision: string;
  /** The home page's sections in order, each shown or hidden; always the full list (home-layout.ts). */
  home_sections: HomeSectionSetting[];
}

export type { Role } from './staff-roles.ts';

export interface User {
  _id: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  role: Role;
  profile_image: string;
  /** Set by /api/auth/me: a generated password must be replaced before anything else. */
  must_change_password?: boolean;
}

export interface SearchButton {
  enabled: boolean;
  text: string;
  placeholder: string;
  icon: 'FaSearch' | 'FaMicrophone' | 'FaStar';
  position: 'left' | 'right' | 'inline' | 'below';
  style: {
    backgroundColor: string;
    textColor: string;
    borderRadius: string;
    padding: string;
    hoverEffect: 'darken' | 'lighten' | 'scale' | 'underline';
  };
  voiceSearch: { enabled: boolean };
  recentSearches: { enabled: boolean; limit: number };
}

export interface Slider {
  _id: string;
  title: string;
  subtitle: string;
  link: string;
  order: number;
  type: 'photo' | 'video';
  image: string;
  button1_text: string;
  button1_link: string;
  button2_text: string;
  button2_link: string;
  contentAlignment: 'left' | 'center' | 'right';
  isActive: boolean;
  isGlobalSettings: boolean;
  company: string;
  searchButton: SearchButton;
}

export interface Recommendation {
  _id: string;
  image: string;
  title: string;
  caption: string;
  tags: string[];
  /** The published item of the same title the card opens (recommendationPath); null when none has it. */
  item: RecommendedItem | null;
}

/** What a recommendation is about: the kind of item, its id, and its page's slug where the kind has pages. */
export interface RecommendedItem {
  kind: 'product' | 'blog' | 'event' | 'photo' | 'video' | 'audio';
  id: string;
  slug: string | null;
}

export interface Product {
  _id: string;
  /** Its page is /shop/{slug}. */
  slug: string;
  name: string;
  description: string;
  price: number;
  image: string;
  /** Every picture of the product: `image` first, then the gallery's. */
  images: string[];
  category: string;
  tags: string[];
  createdAt: string;
  views: number;
  /** How many can be ordered now; 0 is out of stock. */
  stock: number;
}

export interface BlogComment {
  _id: string;
  author: string;
  comment: string;
  createdAt: string;
}

export interface Blog {
  _id: string;
  title: string;
  content: string;
  caption: string;
  image: string;
  slug: string;
  category: string;
  tags: string[];
  createdAt: string;
  views: number;
  comments: BlogComment[];
}

/** A post as the blogs list holds it: what its card shows and its filters read; no body, no comment texts. */
export type BlogSummary = Omit<Blog, 'content' | 'comments'> & { commentCount: number };

export interface Photo {
  _id: string;
  title: string;
  caption: string;
  image: string;
  tags: string[];
  category: string;
  resolution: string;
  createdAt: string;
  views: number;
  likes: number;
  downloads: number;
  published: boolean;
}

export interface Video {
  _id: string;
  name: string;
  title: string;
  description: string;
  youtube: string;
  /** A stored picture shown before the video plays or when it cannot load; '' for none. */
  poster: string;
  category: string;
  duration: number;
  quality: string;
  tags: string[];
  createdAt: string;
  views: number;
  likes: number;
}

export interface AudioReview {
  _id: string;
  author: string;
  rating: number;
  comment: string;
  createdAt: string;
}

export interface Audio {
  _id: string;
  name: string;
  title: string;
  description: string;
  artist: string;
  audio_file: string;
  /** Cover art, a stored picture; '' for none. */
  cover: string;
  type: string;
  category: string;
  duration: number;
  quality: string;
  tags: string[];
  createdAt: string;
  plays: number;
  downloads: number;
  rating: number;
  reviews: AudioReview[];
}

export type EventType = 'local' | 'national' | 'international' | 'virtual';

export interface SiteEvent {
  _id: string;
  /** The event's page is /events/{slug}. */
  slug: string;
  name: string;
  title: string;
  description: string;
  image: string;
  address: string;
  city: string;
  start_date: string;
  end_date: string;
  date: string;
  location: string;
  category: string;
  eventType: EventType;
  isVirtual: boolean;
  registrations: number;
  price: number;
  /** IANA zone the event's times are shown in (start_date and end_date are UTC instants). */
  timeZone: string;
}

export type ContentType = (typeof CONTENT_TYPES)[number];

export interface SearchResult {
  _id: string;
  type: ContentType;
  data: {
    name?: string;
    title?: string;
    caption: string;
    createdAt?: string;
    date?: string;
    views: number;
    price?: number;
    /** Blogs and events: the item's page is /blogs/{slug} or /events/{slug}. */
    slug?: string;
  };
}

export interface Order {
  _id: string;
  status: string;
  createdAt: string;
}

export interface Message {
  id: string;
  sender: string;
  message: string;
  createdAt: string;
  senderId: string;
  receiverId: string;
}

export interface DashboardStats {
  totalUsers: number;
  totalProducts: number;
  totalOrders: number;
  totalRevenue: number;
}

export interface ListResponse<T> {
  results: T[];
}

/** One page of a public list (limit, offset) and how many items the whole list holds. */
export interface ListPageResponse<T> extends ListResponse<T> {
  total: number;
}
