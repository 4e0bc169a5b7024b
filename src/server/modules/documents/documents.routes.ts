/**
 * Documents: public GET /api/documents (published only) and GET /api/documents/:id/download (the only way a
 * document file is served: an attachment, nosniff, sandboxed); admin GET/POST /api/admin/documents and
 * PUT/PATCH/DELETE /api/admin/documents/:id. POST and PUT take multipart (field `file`, at most 20 MiB), PUT and PATCH JSON too.
 * The document's drafts and history hang from the same path (document-draft.routes.ts).
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { revalidate } from '../../http/revalidate.ts';
import { readUploadForm, readWriteBody, uploadBodyLimit } from '../../http/upload-form.ts';
import { mediaType } from '../../http/media-type.ts';
import { attachmentDisposition, DOCUMENT_MAX_BYTES } from '../../media/document-check.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { countRequest } from '../activity/activity.routes.ts';
import {
  allDocuments,
  createDocument,
  deleteDocument,
  documentDownload,
  publishedDocuments,
  updateDocument,
  type DocumentWriteContext,
} from './documents.service.ts';
import { siteChanged } from '../../site/site-changed.ts';

function writeContext(c: Context<AppEnv>): DocumentWriteContext {
  // The admin guard ran first, so the user is set.
  return { db: c.get('db'), dataDir: c.get('env').DATA_DIR, actor: signedInUser(c) };
}

const isMultipart = (c: Context<AppEnv>) => mediaType(c.req.header('content-type')) === 'multipart/form-data';

/** A multipart form with at most the `file` field as a file. */
async function documentForm(c: Context<AppEnv>) {
  if (!isMultipart(c)) throw new ApiError(415, 'Content-Type must be multipart/form-data');
  return readUploadForm(c, ['file']);
}

export function documentRoutes() {
  const router = new Hono<AppEnv>();
  const uploadLimit = uploadBodyLimit(1, DOCUMENT_MAX_BYTES);

  router.get('/documents', revalidate, async (c) => c.json({ results: await publishedDocuments(c.get('db')) }));

  router.get('/documents/:id/download', async (c) => {
    const { row, body } = await documentDownload(c.get('db'), c.get('env').DATA_DIR, c.req.param('id'));
    // Counted here rather than by the page: every way to the file counts, and the visitor sends nothing more.
    await countRequest(c, { kind: 'download', type: 'document', id: row.id }, { tags: '[]' });
    // The stored file name changes whenever the file is replaced, so it validates the cached copy.
    const etag = `"${row.file}"`;
    const headers: Record<string, string> = {
      'Cache-Control': 'public, no-cache',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': attachmentDisposition(row.download_name),
    };
    if (
      c.req
        .header('if-none-match')
        ?.split(',')
        .some((tag) => tag.trim() === etag)
    ) {
      await body.cancel();
      return c.body(null, 304, headers);
    }
    const type = row.content_type.startsWith('text/') ? `${row.content_type}; charset=utf-8` : row.content_type;
    return c.body(body, 200, { ...headers, 'Content-Type': type, 'Content-Length': String(row.bytes) });
  });

  router.get('/admin/documents', async (c) => c.json({ results: await allDocuments(c.get('db')) }));

  router.post('/admin/documents', uploadLimit, async (c) => {
    const form = await documentForm(c);
    const { document, publicChanged } = await createDocument(writeContext(c), form.fields, form.files['file']);
    siteChanged(c, 'documents', publicChanged);
    return c.json({ message: 'Document uploaded', document }, 201);
  });

  router.put('/admin/documents/:id', uploadLimit, async (c) => {
    const form = await readWriteBody(c, ['file']);
    const { document, publicChanged } = await updateDocument(
      writeContext(c),
      c.req.param('id'),
      form.fields,
      form.files['file'],
    );
    siteChanged(c, 'documents', publicChanged);
    return c.json({ message: 'Document updated', document });
  });

  router.patch('/admin/documents/:id', async (c) => {
    const { fields } = await readWriteBody(c, []);
    const { document, publicChanged } = await updateDocument(writeContext(c), c.req.param('id'), fields);
    siteChanged(c, 'documents', publicChanged);
    const onlyPublished = Object.keys(fields).length === 1 && 'published' in fields;
    const message = onlyPublished
      ? document.published
        ? 'Document published'
        : 'Document unpublished'
      : 'Document updated';
    return c.json({ message, document });
  });

  router.delete('/admin/documents/:id', async (c) => {
    siteChanged(c, 'documents', await deleteDocument(writeContext(c), c.req.param('id')));
    return c.json({ message: 'Document deleted' });
  });

  return router;
}
