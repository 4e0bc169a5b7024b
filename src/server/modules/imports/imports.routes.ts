/**
 * Moving in from WordPress or Shopify, the admin's alone (/api/admin/* behind the admin guard):
 *   GET    /admin/imports                 earlier imports, newest first
 *   POST   /admin/imports?kind=           the export as the body (application/octet-stream) → 201 { job } with its dry run
 *   PUT    /admin/imports/:id/media       the pictures' .zip as the body → { job } planned again
 *   POST   /admin/imports/:id/start       → 202 { job }, queued for the runner
 *   GET    /admin/imports/:id             { job }: its plan, progress and report
 *   DELETE /admin/imports/:id             a dry run discarded with its files
 */
import { Hono, type Context } from 'hono';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_KINDS,
  IMPORT_MEDIA_MAX_BYTES,
  type ImportKind,
} from '../../../shared/schemas/imports.ts';
import type { AppEnv } from '../../app-env.ts';
import { fieldError } from '../../http/errors.ts';
import { fileBodyOf } from '../../http/file-body.ts';
import { signedInUser } from '../../middleware/auth.ts';
import {
  addImportMedia,
  createImport,
  discardImport,
  getImport,
  listImports,
  startImport,
  type ImportContext,
} from './imports.service.ts';

const ctx = (c: Context<AppEnv>): ImportContext => ({
  db: c.get('db'),
  dataDir: c.get('env').DATA_DIR,
  actor: signedInUser(c),
});

function kindOf(c: Context<AppEnv>): ImportKind {
  const kind = c.req.query('kind');
  if (!(IMPORT_KINDS as readonly (string | undefined)[]).includes(kind))
    throw fieldError(400, 'Choose WordPress or Shopify.', 'kind');
  return kind as ImportKind;
}

export function importRoutes() {
  return new Hono<AppEnv>()
    .get('/admin/imports', async (c) => c.json({ results: await listImports(c.get('db')) }))
    .post('/admin/imports', async (c) => {
      const kind = kindOf(c);
      const file = fileBodyOf(c, {
        field: 'file',
        what: 'the export file',
        max: IMPORT_FILE_MAX_BYTES,
        tooLarge: `The export is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB`,
        fallbackName: kind === 'wordpress' ? 'export.xml' : 'products.csv',
      });
      const job = await createImport(ctx(c), kind, file);
      return c.json({ job, message: 'The export was read. Check what the import will do, then start it.' }, 201);
    })
    .put('/admin/imports/:id/media', async (c) => {
      const file = fileBodyOf(c, {
        field: 'media',
        what: 'the pictures’ archive',
        max: IMPORT_MEDIA_MAX_BYTES,
        tooLarge: `The pictures’ archive is larger than ${IMPORT_MEDIA_MAX_BYTES / 1024 ** 3} GB`,
        fallbackName: 'pictures.zip',
      });
      const job = await addImportMedia(ctx(c), c.req.param('id'), file);
      return c.json({ job, message: 'The pictures’ archive was added and the plan made again.' });
    })
    .post('/admin/imports/:id/start', async (c) => {
      const job = await startImport(ctx(c), c.req.param('id'));
      return c.json(
        {
          job,
          message:
            'The import has started. It goes on in the server if you leave this page, and resumes after a restart.',
        },
        202,
      );
    })
    .get('/admin/imports/:id', async (c) => c.json({ job: await getImport(c.get('db'), c.req.param('id')) }))
    .delete('/admin/imports/:id', async (c) => {
      await discardImport(ctx(c), c.req.param('id'));
      return c.json({ message: 'The dry run and its files were discarded; nothing was imported.' });
    });
}
