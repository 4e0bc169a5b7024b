/**
 * Each page's name where its title and description are set (Update Company) and in the settings' history. Apart from
 * constants.ts, which the public islands share as one chunk: only the admin and the server read these names.
 */
import type { SeoPage } from './constants.ts';

export const SEO_PAGE_LABELS: Record<SeoPage, string> = {
  home: 'Home',
  login: 'Login',
  register: 'Register',
  profile: 'Profile',
  shop: 'Shop',
  blogs: 'Blogs',
  photos: 'Photos',
  videos: 'Videos',
  audio: 'Audio Library',
  events: 'Events',
  notfound: 'Page not found',
  contact: 'Contact',
};
