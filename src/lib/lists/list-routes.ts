/** The list pages by their address's first segment, and the list data each one shows (lib/build/list-data-file.ts). */
export const LIST_ROUTES = {
  shop: 'products',
  blogs: 'blogs',
  photos: 'photos',
  videos: 'videos',
  audio: 'audios',
  events: 'events',
} as const;

export type ListRoute = keyof typeof LIST_ROUTES;
