/** Two versions side by side: which fields changed, and the words kept, removed and added in each. */
import { describe, expect, it } from 'vitest';
import {
  changedLabels,
  compareVersions,
  fieldText,
  type RevisionField,
} from '../../src/server/modules/revisions/compare-versions.ts';

const FIELDS: RevisionField[] = [
  { name: 'title', label: 'Title', kind: 'text' },
  { name: 'tags', label: 'Tags', kind: 'list' },
  { name: 'image', label: 'Cover image', kind: 'picture' },
  { name: 'content', label: 'Content', kind: 'html' },
];

const field = (older: Record<string, unknown>, newer: Record<string, unknown>, name: string) =>
  compareVersions(FIELDS, older, newer).find((f) => f.name === name);

describe('changedLabels', () => {
  it.each([
    [{ title: 'A' }, { title: 'A' }, []],
    [{ title: 'A' }, { title: 'B' }, ['Title']],
    [{ tags: ['a', 'b'] }, { tags: ['b', 'a'] }, ['Tags']],
    [{}, { title: '' }, []],
    [{ image: '/media/x.webp' }, { image: '' }, ['Cover image']],
    [{ title: 'A', content: '<p>x</p>' }, { title: 'B', content: '<p>y</p>' }, ['Title', 'Content']],
  ])('%j → %j changes %j', (before, after, labels) => {
    expect(changedLabels(FIELDS, before, after)).toEqual(labels);
  });
});

describe('compareVersions', () => {
  it('marks words removed from the older and added in the newer, keeping the rest', () => {
    expect(field({ title: 'Tide tables' }, { title: 'Tide charts' }, 'title')).toMatchObject({
      label: 'Title',
      changed: true,
      before: 'Tide tables',
      after: 'Tide charts',
      parts: [{ value: 'Tide ' }, { value: 'tables', removed: true }, { value: 'charts', added: true }],
    });
  });

  it('shows an unchanged field whole, and an empty one as nothing', () => {
    expect(field({ title: 'Same' }, { title: 'Same' }, 'title')).toMatchObject({
      changed: false,
      parts: [{ value: 'Same' }],
    });
    expect(field({}, {}, 'title')).toMatchObject({ changed: false, before: '', parts: [] });
  });

  it('adds and removes tags whole', () => {
    expect(field({ tags: ['sea', 'tides'] }, { tags: ['sea', 'moon'] }, 'tags')).toMatchObject({
      before: 'sea, tides',
      after: 'sea, moon',
      parts: [{ value: 'sea' }, { value: 'tides', removed: true }, { value: 'moon', added: true }],
    });
  });

  it('replaces a picture whole', () => {
    expect(field({ image: '/media/a.webp' }, { image: '' }, 'image')?.parts).toEqual([
      { value: '/media/a.webp', removed: true },
    ]);
  });

  it('compares rich text as its markup with one block per line, never as rendered HTML', () => {
    const compared = field(
      { content: '<h2>Times</h2><p>High water at <b>noon</b>.</p>' },
      { content: '<h2>Times</h2><p>High water at <b>one</b>.</p><script>x</script>' },
      'content',
    );
    expect(compared?.before).toBe('<h2>Times</h2>\n<p>High water at <b>noon</b>.</p>');
    expect(compared?.parts).toEqual(
      expect.arrayContaining([
        { value: 'noon', removed: true },
        { value: 'one', added: true },
      ]),
    );
    expect(fieldText('html', '')).toBe('');
  });

  it('reads a yes-or-no field as Yes or No, and a number as its digits', () => {
    expect([fieldText('text', true), fieldText('text', false), fieldText('text', 12.5)]).toEqual(['Yes', 'No', '12.5']);
  });

  it('shows two values with too many differences whole rather than word by word', () => {
    const older = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const newer = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    expect(field({ title: older }, { title: newer }, 'title')?.parts).toEqual([
      { value: older, removed: true },
      { value: newer, added: true },
    ]);
  });
});
