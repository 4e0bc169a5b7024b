import { describe, expect, it } from 'vitest';
import { checkVideo, youtubeEmbed, youtubeId, youtubeThumbnail } from '../../src/shared/schemas/video-admin.ts';

const ID = 'dQw4w9WgXcQ';
const EMBED = `https://www.youtube-nocookie.com/embed/${ID}`;

describe('youtubeEmbed', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s&list=PL123`,
    `https://m.youtube.com/watch?feature=share&v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abcdef`,
    `youtu.be/${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`,
    `https://www.youtube.com/live/${ID}`,
    `  https://youtu.be/${ID}  `,
  ])('normalises %s', (link) => {
    expect(youtubeEmbed(link)).toBe(EMBED);
    expect(youtubeId(link)).toBe(ID);
  });

  it.each([
    '',
    'not a link',
    `https://vimeo.com/${ID}`,
    `https://evil.example/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/watch`,
    `https://www.youtube.com/channel/${ID}`,
    `javascript:alert(1)//youtu.be/${ID}`,
    `https://user:pw@youtu.be/${ID}`,
    `https://youtu.be:8443/${ID}`,
    `ftp://youtu.be/${ID}`,
    `https://youtu.be/${ID}/extra`,
    `https://www.youtube.com/embed/${ID}/extra`,
  ])('refuses %s', (link) => {
    expect(youtubeEmbed(link)).toBeNull();
  });

  it('gives the poster address of the same video', () => {
    expect(youtubeThumbnail(`https://youtu.be/${ID}`)).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
    expect(youtubeThumbnail('nope')).toBeNull();
  });
});

describe('checkVideo', () => {
  it('stores the embed address and fills the defaults', () => {
    const check = checkVideo({ name: ' Launch ', youtube: `https://youtu.be/${ID}` });
    expect(check).toEqual({
      ok: true,
      value: {
        name: 'Launch',
        title: '',
        description: '',
        youtube: EMBED,
        category: '',
        quality: '',
        duration: 0,
        tags: [],
        published: false,
      },
    });
  });

  it('reads multipart text (published, duration, comma tags)', () => {
    const check = checkVideo({
      name: 'A',
      youtube: EMBED,
      published: 'true',
      duration: '95',
      tags: 'a, b,,a',
      category: 'Music',
    });
    expect(check.ok && check.value).toMatchObject({
      published: true,
      duration: 95,
      tags: ['a', 'b'],
      category: 'Music',
    });
  });

  it('names the field at fault', () => {
    expect(checkVideo({ youtube: EMBED })).toMatchObject({ ok: false, field: 'name' });
    expect(checkVideo({ name: 'A', youtube: 'https://vimeo.com/1' })).toMatchObject({ ok: false, field: 'youtube' });
    expect(checkVideo({ name: 'A' })).toMatchObject({ ok: false, field: 'youtube' });
    expect(checkVideo({ name: 'A', youtube: EMBED, category: 'x'.repeat(61) })).toMatchObject({
      ok: false,
      field: 'category',
    });
    expect(checkVideo({ name: 'A', youtube: EMBED, duration: '-1' })).toMatchObject({ ok: false, field: 'duration' });
    expect(checkVideo({ name: 'A', youtube: EMBED, published: 'yes' })).toMatchObject({
      ok: false,
      field: 'published',
    });
  });
});
