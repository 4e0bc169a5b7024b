/**
 * The Publish checks screen's pure pieces: the order the items and their findings are shown in, the summary sentence,
 * the times of the last run and of the page measurement, and what counts as the new run's report.
 */
import { describe, expect, it } from 'vitest';
import {
  doneText,
  isNewRun,
  kindLabel,
  lastCheckedText,
  NOT_MEASURED,
  NOT_RUN,
  pagesMeasuredText,
  sortFindings,
  sortItems,
  summarySentence,
  urgency,
} from '../../src/components/admin/publish-checks/publish-checks-view.ts';
import type { CheckedItem, CheckFinding, PublishCheckReport } from '../../src/shared/publish-checks.ts';

const ERROR: CheckFinding = { code: 'alt-text', severity: 'error', message: 'The picture cat.jpg has no alt text.' };
const LINK: CheckFinding = { code: 'broken-link', severity: 'error', message: 'The link to /gone answers 404.' };
const WARNING: CheckFinding = {
  code: 'title-length',
  severity: 'warning',
  message: 'The title is 72 characters; search results show about 60.',
};

const item = (kind: CheckedItem['kind'], title: string, findings: CheckFinding[], held = false): CheckedItem => ({
  kind,
  id: `${kind}-${title}`,
  title,
  path: null,
  fixHref: '/admin/content',
  held,
  findings,
});

const report = (overrides: Partial<PublishCheckReport> = {}): PublishCheckReport => ({
  checkedAt: '2026-12-01T09:30:00.000Z',
  pagesMeasuredAt: null,
  checked: 42,
  items: [],
  ...overrides,
});

describe('the order of the items', () => {
  it('ranks an item held back before one with an error, and one with warnings alone last', () => {
    expect(urgency(item('blog', 'a', [ERROR], true))).toBe(0);
    expect(urgency(item('product', 'a', [WARNING, ERROR]))).toBe(1);
    expect(urgency(item('audio', 'a', [WARNING]))).toBe(2);
  });

  it('shows the held items first, then errors, then warnings; within each by kind, then title', () => {
    const items = [
      item('audio', 'Sunset', [WARNING]),
      item('product', 'Mug', [ERROR]),
      item('page', 'About', [WARNING]),
      item('slide', 'Welcome', [ERROR], true),
      item('blog', 'zebra notes', [ERROR], true),
      item('blog', 'Apple pie', [ERROR], true),
      item('event', 'Fair', [LINK, WARNING]),
      item('blog', 'Item 10', [WARNING]),
      item('blog', 'Item 9', [WARNING]),
    ];
    const order = sortItems(items).map((i) => `${kindLabel(i)}: ${i.title}`);
    expect(order).toEqual([
      'Hero slide: Welcome',
      'Post: Apple pie',
      'Post: zebra notes',
      'Event: Fair',
      'Product: Mug',
      'Audio: Sunset',
      'Page: About',
      'Post: Item 9',
      'Post: Item 10',
    ]);
    // A copy: the report as the server sent it stays as it was.
    expect(items[0]?.title).toBe('Sunset');
  });

  it('lists an item’s errors before its warnings, each in the server’s order', () => {
    expect(sortFindings([WARNING, ERROR, LINK]).map((f) => f.code)).toEqual([
      'alt-text',
      'broken-link',
      'title-length',
    ]);
  });
});

describe('the summary', () => {
  it.each([
    [
      'everything there is',
      [item('blog', 'a', [ERROR, LINK], true), item('page', 'b', [ERROR, WARNING]), item('audio', 'c', [WARNING])],
      '42 items checked: 1 held back, 3 errors, 2 warnings.',
    ],
    ['warnings alone', [item('audio', 'c', [WARNING])], '42 items checked: 1 warning.'],
    ['errors that hold nothing back', [item('product', 'd', [ERROR])], '42 items checked: 1 error.'],
    ['nothing found', [], '42 items checked: nothing to fix.'],
  ])('counts %s', (_, items, sentence) => {
    expect(summarySentence(report({ items }))).toBe(sentence);
  });

  it('writes one item and thousands as such', () => {
    expect(summarySentence(report({ checked: 1 }))).toBe('1 item checked: nothing to fix.');
    expect(summarySentence(report({ checked: 1200 }))).toBe('1,200 items checked: nothing to fix.');
  });

  it('says the checks have not run before the first run', () => {
    expect(summarySentence(report({ checkedAt: null, checked: 0 }))).toBe(NOT_RUN);
    expect(NOT_RUN).toBe('The checks have not run yet.');
  });

  it('says when the checks ran and when the pages were weighed, as the other admin screens write a time', () => {
    expect(lastCheckedText('2026-12-01T09:30:00.000Z')).toBe('Last checked Dec 1, 2026, 9:30 AM UTC.');
    expect(lastCheckedText(null)).toBeNull();
    expect(pagesMeasuredText('2026-12-01T21:05:00.000Z')).toBe('Page sizes measured Dec 1, 2026, 9:05 PM UTC.');
    expect(pagesMeasuredText(null)).toBe(NOT_MEASURED);
    expect(NOT_MEASURED).toBe('Page sizes not measured yet.');
  });

  it('tells the new run’s report by its time, and sums it up once it is in', () => {
    expect(isNewRun('2026-12-01T09:30:00.000Z', { checkedAt: '2026-12-01T09:30:00.000Z' })).toBe(false);
    expect(isNewRun('2026-12-01T09:30:00.000Z', { checkedAt: '2026-12-01T09:31:00.000Z' })).toBe(true);
    expect(isNewRun(null, { checkedAt: '2026-12-01T09:31:00.000Z' })).toBe(true);
    expect(isNewRun(null, { checkedAt: null })).toBe(false);
    expect(doneText(report())).toBe('Checked again. 42 items checked: nothing to fix.');
  });
});
