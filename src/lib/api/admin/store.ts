/** The admin's Store settings calls, one function per endpoint. */
import type { StoreSettings } from '../../../shared/commerce.ts';
import type { StoreSettingsValues } from '../../../shared/schemas/store.ts';
import { api } from '../client.ts';

/** GET /api/admin/store: the settings as they are now (a failure throws: the form never starts from guessed values). */
export const fetchAdminStore = () => api<StoreSettings>('/api/admin/store');

/** PUT /api/admin/store: every setting at once; answers the settings as saved (the site is rebuilt with them). */
export const updateAdminStore = (body: StoreSettingsValues) =>
  api<StoreSettings>('/api/admin/store', { method: 'PUT', body });
