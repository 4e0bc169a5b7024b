/**
 * Success and error colours on every form reach the built CSS. UnoCSS only writes rules for the
 * classes it reads in the modules Vite builds, and by default it skips plain .ts files: a status class written only in
 * one (a page script, a lib helper) had no rule. These read the site's sources the way the build does.
 */
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGenerator } from 'unocss';
import { beforeAll, describe, expect, it } from 'vitest';
import config, { CLASS_FILES, CLASS_SOURCES } from '../../uno.config.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** Every module of the site (the server's never pass through its build). */
const FILES = globSync('src/**/*.{ts,tsx,astro}', { cwd: ROOT }).filter((f) => !f.startsWith('src/server/'));
/** A success, error or warning colour as forms write them: text-red-700, dark:bg-green-500/10, border-emerald-600/50. */
const STATUS_CLASS =
  /(?<![\w-])(?:[\w-]+:|data-\[[^\]]+\]:|aria-\[[^\]]+\]:)*(?:text|bg|border)-(?:red|green|emerald|amber)-\d{2,3}(?:\/\d+)?(?![\w-])/g;

const uno = await createGenerator(config);
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const isRead = (file: string) => CLASS_SOURCES.some((pattern) => pattern.test(join(ROOT, file)));
async function matched(files: readonly string[]): Promise<Set<string>> {
  return (await uno.generate(files.map(read).join('\n'), { preflights: false })).matched;
}

describe('UnoCSS reads every module of the site', () => {
  let all: Set<string>;
  let built: Set<string>;
  beforeAll(async () => {
    all = await matched(FILES);
    built = await matched(FILES.filter(isRead));
  });

  it('reads .ts page scripts and helpers, and never the server', () => {
    expect(isRead('src/lib/browser/contact-form.ts')).toBe(true);
    expect(isRead('src/lib/hero/search.ts')).toBe(true);
    expect(isRead('src/components/admin/products/product-form.ts')).toBe(true);
    expect(isRead('src/pages/contact.astro')).toBe(true);
    expect(isRead('src/server/modules/contact/contact.routes.ts')).toBe(false);
    expect(CLASS_SOURCES.some((p) => p.test(join(ROOT, 'node_modules/some-lib/src/index.ts')))).toBe(false);
  });

  it('reads the islands and the lib modules from disk, as the Astro integration would (a `content` in the config replaces its own)', () => {
    const globs = (config.content?.filesystem ?? []).map((g) => g.replaceAll('\\', '/'));
    expect(globs).toEqual(CLASS_FILES.map((g) => g.replaceAll('\\', '/')));
    expect(globs.some((g) => g.endsWith('/src/components/**/*'))).toBe(true);
    expect(globs.some((g) => g.endsWith('/src/lib/**/*.ts'))).toBe(true);
  });

  it('finds every utility written anywhere in the site among the files it reads', () => {
    expect([...all].filter((token) => !built.has(token)).sort()).toEqual([]);
  });
});

describe('form status colours', () => {
  const written = new Map<string, string>();
  for (const file of FILES)
    for (const [token] of read(file).matchAll(STATUS_CLASS)) if (!written.has(token)) written.set(token, file);

  it('are written in the forms (the scan finds them)', () => {
    for (const token of [
      'data-[outcome=success]:text-green-700',
      'data-[outcome=failure]:text-red-700',
      'text-red-700',
      'dark:text-red-300',
    ]) {
      expect([...written.keys()]).toContain(token);
    }
  });

  it('each has a rule with a colour in the CSS UnoCSS writes', async () => {
    const { css } = await uno.generate([...written.keys()].join(' '), { preflights: false });
    const missing = [...written]
      .filter(([token]) => !css.includes(`.${token.replace(/[[\]=:/.]/g, (c) => `\\${c}`)}`))
      .map(([token, file]) => `${token} (${file})`);
    expect(missing).toEqual([]);
    expect(css).toMatch(/\[data-outcome=success\]\{color:/);
    expect(css).toMatch(/\[data-outcome=failure\]\{color:/);
  });
});
