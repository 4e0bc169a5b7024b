import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pagePolicy } from '../../src/server/site/page-csp.ts';

describe('the page CSP header', () => {
  const root = mkdtempSync(join(tmpdir(), 'page-csp-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const page = (hash: string) =>
    `<meta http-equiv="content-security-policy" content="script-src 'self' 'sha256-${hash}=';"><h1>x</h1>`;

  it('follows a build swapped in at the same path, even when its file has the same size and mtime', async () => {
    const dist = join(root, 'dist');
    const next = join(root, 'dist.next');
    mkdirSync(dist);
    mkdirSync(next);
    writeFileSync(join(dist, 'index.html'), page('old'));
    writeFileSync(join(next, 'index.html'), page('new'));
    // Builds seconds apart give different mtimes in practice; the cache must not depend on it.
    for (const dir of [dist, next]) utimesSync(join(dir, 'index.html'), 1_800_000_000, 1_800_000_000);

    expect(await pagePolicy(join(dist, 'index.html'))).toBe("script-src 'self' 'sha256-old='; frame-ancestors 'none'");
    renameSync(dist, join(root, 'dist.old'));
    renameSync(next, dist);
    expect(await pagePolicy(join(dist, 'index.html'))).toBe("script-src 'self' 'sha256-new='; frame-ancestors 'none'");
  });
});
