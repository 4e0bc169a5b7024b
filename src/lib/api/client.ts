/** The one ofetch instance: API base for build time and browser, bearer header when a token is stored. */
import { ofetch } from 'ofetch';
import { readStorage } from '../client/storage.ts';
import { apiBase } from './base.ts';

export const api = ofetch.create({
  baseURL: apiBase(),
  credentials: 'include',
  retry: 0,
  timeout: 15_000,
  onRequest({ options }) {
    const token = readStorage('token');
    if (token) options.headers.set('Authorization', `Bearer ${token}`);
  },
});
