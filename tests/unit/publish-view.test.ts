import { describe, expect, it } from 'vitest';
import {
  etaShort,
  etaText,
  isPublishCall,
  isPublishing,
  PUBLISH_LABEL,
  PUBLISH_TONE,
  publicPageFor,
  publishSentence,
  secondsUntilLive,
} from '../../src/lib/admin/publish-view.ts';
import type { PublishStatus } from '../../src/shared/admin.ts';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const iso = (ms: number) => new Date(NOW + ms).toISOString();
const building = (inMs: number | null): PublishStatus => ({
  state: 'building',
  since: iso(-5000),
  ...(inMs === null ? {} : { expectedLiveAt: iso(inMs) }),
});

describe('publish state to text', () => {
  it('names each state by its tone, with one short label per tone', () => {
    expect(PUBLISH_TONE).toEqual({ 'up-to-date': 'live', scheduled: 'busy', building: 'busy', failed: 'failed' });
    expect(PUBLISH_LABEL).toEqual({ busy: 'Publishing…', live: 'Live', failed: 'Build failed' });
    expect([null, undefined].map(isPublishing)).toEqual([false, false]);
    expect(isPublishing({ state: 'scheduled', since: iso(0) })).toBe(true);
    expect(isPublishing({ state: 'failed', since: iso(0) })).toBe(false);
  });

  it.each([
    ['a build due in 12.2 s', building(12_200), 13, 'in about 13 s', '~13 s'],
    ['a build due in 89 s', building(89_000), 89, 'in about 89 s', '~89 s'],
    ['a build due in 2.5 min', building(150_000), 150, 'in about 3 min', '~3 min'],
    ['a build past its estimate', building(-4000), 1, 'any moment now', ''],
    ['a build without an estimate', building(null), null, 'any moment now', ''],
  ] as const)('%s: %s', (_title, status, seconds, eta, short) => {
    expect(secondsUntilLive(status, NOW)).toBe(seconds);
    expect(etaText(status, NOW)).toBe(eta);
    expect(etaShort(status, NOW)).toBe(short);
  });

  it('gives no estimate for a state that is not publishing, even with a stray time', () => {
    expect(secondsUntilLive({ state: 'up-to-date', since: iso(0), expectedLiveAt: iso(9000) }, NOW)).toBeNull();
    expect(secondsUntilLive({ state: 'scheduled', since: iso(0), expectedLiveAt: 'soon' }, NOW)).toBeNull();
  });

  it.each([
    [building(25_000), 'Publishing… visitors see this in about 25 s'],
    [{ state: 'scheduled', since: iso(0) }, 'Publishing… visitors see this any moment now'],
    [{ state: 'up-to-date', since: iso(0), lastBuiltAt: iso(0) }, 'Live: visitors see the latest changes'],
    [
      { state: 'failed', since: iso(0), reason: 'astro build exited with code 1' },
      'Build failed: astro build exited with code 1',
    ],
    [{ state: 'failed', since: iso(0), reason: '  ' }, 'Build failed: The build stopped without a reason.'],
  ] as const)('says %j as %s', (status: PublishStatus, sentence) => {
    expect(publishSentence(status, NOW)).toBe(sentence);
  });
});

describe('the public page of a change', () => {
  it.each([
    ['/api/admin/blogs/12', '/blogs'],
    ['/api/admin/blogs', '/blogs'],
    ['/api/admin/plans/3', '/pricing'],
    ['/api/admin/products', '/shop'],
    ['/api/admin/photos/7', '/photos'],
    ['/api/admin/videos/7', '/videos'],
    ['/api/admin/audios/7', '/audio'],
    ['/api/admin/events/1', '/events'],
    ['/api/admin/documents/1', '/documents'],
    ['https://api.example.com/api/admin/blogs/1', '/blogs'],
    ['/api/company', '/'],
    ['/api/sliders/4', '/'],
    ['/api/admin/blogsxyz', '/'],
    ['/api/admin/users/1', '/'],
    ['not an api path', '/'],
  ])('%s shows on %s', (path, page) => {
    expect(publicPageFor(path)).toBe(page);
  });

  it.each([
    ['/api/admin/blogs/12', { blog: { slug: 'spring-notes', published: true } }, '/blogs/spring-notes'],
    ['/api/admin/products', { product: { slug: 'aero-hub', published: true } }, '/shop/aero-hub'],
    ['/api/admin/events/1', { event: { slug: 'jazz-night', published: true } }, '/events/jazz-night'],
    ['/api/admin/pages/2', { page: { slug: 'privacy', published: true } }, '/pages/privacy'],
    ['/api/admin/blogs/12', { blog: { slug: 'a-draft', published: false } }, '/blogs'],
    ['/api/admin/blogs/12', { message: 'Blog deleted' }, '/blogs'],
    ['/api/admin/blogs/12', { blog: { slug: '../admin', published: true } }, '/blogs'],
    ['/api/admin/blogs/12', { product: { slug: 'aero-hub', published: true } }, '/blogs'],
    ['/api/admin/photos/7', { photo: { slug: 'x', published: true } }, '/photos'],
    ['/api/admin/pages/2', null, '/'],
  ])('%s answered %j shows on %s', (path, answer, page) => {
    expect(publicPageFor(path, answer)).toBe(page);
  });

  it('knows the publish calls themselves (Retry names no changed page)', () => {
    expect(isPublishCall('/api/admin/site-rebuild')).toBe(true);
    expect(isPublishCall('/api/admin/site-status')).toBe(true);
    expect(isPublishCall('/api/admin/site-rebuilds')).toBe(false);
    expect(isPublishCall('/api/company')).toBe(false);
  });
});
