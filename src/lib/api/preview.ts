/** GET /api/preview/{token}: the item a preview link names, with its draft applied. */
import type { PreviewAnswer } from '../../shared/drafts.ts';
import { api } from './client.ts';

export const fetchPreview = (token: string) => api<PreviewAnswer>(`/api/preview/${encodeURIComponent(token)}`);
