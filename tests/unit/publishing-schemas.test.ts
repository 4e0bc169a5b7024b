import { describe, expect, it } from 'vitest';
import { checkBlogChanges, checkBlogCreate } from '../../src/shared/schemas/blog-admin.ts';
import { checkPageChanges, checkPageCreate, checkPageToggles } from '../../src/shared/schemas/page-admin.ts';

describe('blog form rules', () => {
  it('fills a new post with draft defaults', () => {
    expect(checkBlogCreate({ title: ' Post ' })).toEqual({
      ok: true,
      value: { title: 'Post', caption: '', content: '', category: '', tags: [], slug: '', published: false },
    });
  });

  it('takes multipart text and JSON alike', () => {
    const fromForm = checkBlogCreate({ title: 'T', published: 'true', tags: 'a, b,,a ', category: 'Food' });
    const fromJson = checkBlogCreate({ title: 'T', published: true, tags: ['a', 'b', 'a'], category: 'Food' });
    expect(fromForm).toEqual(fromJson);
    expect(fromForm.ok && fromForm.value.tags).toEqual(['a', 'b']);
  });

  it('stores CRLF as LF in caption and content', () => {
    const check = checkBlogCreate({ title: 'T', caption: 'a\r\nb', content: '<p>x</p>\r\n<p>y</p>' });
    expect(check.ok && [check.value.caption, check.value.content]).toEqual(['a\nb', '<p>x</p>\n<p>y</p>']);
  });

  it.each([
    [{}, 'title'],
    [{ title: 'T', slug: 'UPPER' }, 'slug'],
    [{ title: 'T', slug: 'a'.repeat(101) }, 'slug'],
    // Which names are categories is the company's list, checked by the server (categories-api.test.ts).
    [{ title: 'T', category: 'x'.repeat(61) }, 'category'],
    [{ title: 'T', published: 'on' }, 'published'],
    [{ title: 'T', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
    [{ title: 'T', tags: ['x'.repeat(41)] }, 'tags'],
  ])('refuses %j naming %s', (fields, field) => {
    const check = checkBlogCreate(fields);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.field).toBe(field);
      // A whole sentence, not '<field>: <rule>'.
      expect(check.message).toMatch(/^[A-Z].*\.$/);
      expect(check.message).not.toContain(`${field}:`);
    }
  });

  it('a change holds only the sent fields (no defaults filled in)', () => {
    expect(checkBlogChanges({ caption: 'new' })).toEqual({ ok: true, value: { caption: 'new' } });
    expect(checkBlogChanges({ title: '' })).toMatchObject({ ok: false, field: 'title' });
  });
});

describe('page form rules', () => {
  it('fills a new page with draft defaults, not in the footer', () => {
    expect(checkPageCreate({ title: 'Privacy' })).toEqual({
      ok: true,
      value: { title: 'Privacy', slug: '', content: '', in_footer: false, published: false },
    });
  });

  it.each([['admin'], ['blogs'], ['api'], ['pages']])('refuses the reserved slug %s', (slug) => {
    expect(checkPageCreate({ title: 'T', slug })).toMatchObject({ ok: false, field: 'slug' });
  });

  it('refuses a body that is not an object, naming title', () => {
    expect(checkPageCreate(null)).toMatchObject({ ok: false, field: 'title' });
    expect(checkPageChanges([])).toMatchObject({ ok: false });
  });

  it('toggles take booleans only', () => {
    expect(checkPageToggles({ published: true })).toEqual({ ok: true, value: { published: true } });
    expect(checkPageToggles({ in_footer: 'x' })).toMatchObject({ ok: false, field: 'in_footer' });
  });
});
