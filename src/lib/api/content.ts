/** One typed function per public content endpoint (spec section 7), for the build and the islands alike. */
import type {
  Audio,
  Blog,
  ContentType,
  ListResponse,
  Photo,
  Product,
  Recommendation,
  SearchResult,
  SiteEvent,
  Slider,
  Video,
} from '../../shared/types.ts';
import { api } from './client.ts';

const list = async <T>(path: string, query?: Record<string, string | number>): Promise<T[]> =>
  (await api<ListResponse<T>>(path, query ? { query } : {})).results;

export const fetchProducts = () => list<Product>('/api/products');
export const fetchProduct = (slug: string) => api<Product>(`/api/products/${encodeURIComponent(slug)}`);
export const fetchBlogs = () => list<Blog>('/api/blogs');
export const fetchBlog = (slug: string) => api<Blog>(`/api/blogs/${encodeURIComponent(slug)}`);
export const fetchPhotos = () => list<Photo>('/api/photos');
export const fetchVideos = () => list<Video>('/api/videos');
export const fetchAudios = () => list<Audio>('/api/audios');
export const fetchEvents = () => list<SiteEvent>('/api/events');
export const fetchSliders = () => list<Slider>('/api/sliders');
export const fetchRecommendations = (limit: number, offset = 0) =>
  list<Recommendation>('/api/recommendations/personalized', { limit, offset });
export const searchContent = (k: string, type?: ContentType) =>
  list<SearchResult>('/api/search', type ? { k, type } : { k });

/** Build-time read that never fails the build: a failure is logged and the page renders its empty state. */
export async function orEmpty<T>(load: () => Promise<T[]>, what: string): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    console.error(`Failed to load ${what}:`, error instanceof Error ? error.message : error);
    return [];
  }
}
