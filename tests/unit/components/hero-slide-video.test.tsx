import { fireEvent, render } from '@testing-library/react';
import { assert, describe, expect, it } from 'vitest';
import HeroSlide from '../../../src/components/home/HeroSlide.tsx';
import { defaultSlide } from '../../../src/lib/hero/slides.ts';
import { withCompanyDefaults } from '../../../src/shared/company.ts';
import type { Slider } from '../../../src/shared/types.ts';

const video: Slider = {
  ...defaultSlide(withCompanyDefaults({ _id: 'c1', name: 'Northwind Studio' })),
  _id: 'v1',
  title: 'Behind the scenes',
  type: 'video',
  link: '/media/11111111-2222-3333-4444-555555555555.mp4',
  image: '/media/11111111-2222-3333-4444-555555555555.webp',
};

function renderSlide(playVideo = true) {
  const { container } = render(<HeroSlide slide={video} index={1} count={3} active eager playVideo={playVideo} />);
  const slide = container.firstElementChild as HTMLElement;
  return {
    slide,
    poster: () => {
      const img = slide.querySelector('img[data-hero-poster]');
      assert(img, 'the poster image');
      return img;
    },
    player: () => slide.querySelector('video'),
  };
}

describe('a hero video slide', () => {
  it('keeps its image over the video until the video plays, then uncovers it', () => {
    const { slide, poster, player } = renderSlide();
    const element = player();
    assert(element !== null, 'the video');
    expect(element.getAttribute('poster')).toBe(video.image);
    // The video comes first in the slide, so the image paints over it.
    expect(element.compareDocumentPosition(poster()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(slide.dataset['video']).toBe('poster');
    expect(poster().className).not.toMatch(/opacity-0/);
    fireEvent.playing(element);
    expect(slide.dataset['video']).toBe('playing');
    expect(poster().className).toMatch(/opacity-0/);
  });

  it('shows its poster image when the video fails to load', () => {
    const { slide, poster, player } = renderSlide();
    const element = player();
    assert(element, 'the video');
    fireEvent.error(element);
    expect(player()).toBeNull();
    expect(slide.dataset['video']).toBe('poster');
    expect(poster().className).not.toMatch(/opacity-0/);
  });

  it('plays nothing with reduced motion or before hydration, and shows the image', () => {
    const { slide, poster, player } = renderSlide(false);
    expect(player()).toBeNull();
    expect(slide.querySelector('iframe')).toBeNull();
    expect(poster()).not.toBeNull();
  });
});
