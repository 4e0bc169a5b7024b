/** GET /api/documents for the build, and the address a document's download link must use. */
import type { PublicDocument } from '../../shared/documents.ts';
import type { ListResponse } from '../../shared/types.ts';
import { api } from './client.ts';

export const fetchDocuments = async (): Promise<PublicDocument[]> =>
  (await api<ListResponse<PublicDocument>>('/api/documents')).results;

/** A download path as the browser must request it: on the API's origin when the API lives elsewhere (PUBLIC_API_URL). */
export function documentHref(path: string): string {
  const base = import.meta.env.PUBLIC_API_URL ?? '';
  return `${base.replace(/\/+$/, '')}${path}`;
}
