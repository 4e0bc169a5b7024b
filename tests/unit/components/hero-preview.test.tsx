/**
 * A hero slide's preview: the home page's hero with the slide among the active ones, opened on that slide and paused
 * there (the visitor's Play starts the rotation), in the home page's carousel frame.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HeroPreview from '../../../src/components/home/HeroPreview.tsx';
import { withSearchButtonDefaults } from '../../../src/shared/slider.ts';
import type { Slider } from '../../../src/shared/types.ts';

const slide = (id: string, title: string, overrides: Partial<Slider> = {}): Slider => ({
  _id: id,
  title,
  subtitle: '',
  link: '',
  order: 0,
  type: 'photo',
  image: '',
  button1_text: '',
  button1_link: '',
  button2_text: '',
  button2_link: '',
  contentAlignment: 'center',
  isActive: true,
  isGlobalSettings: false,
  company: 'c1',
  searchButton: withSearchButtonDefaults({}),
  ...overrides,
});

describe('HeroPreview', () => {
  it('opens on the previewed slide among the others, paused', () => {
    const draft = slide('s3', 'Summer menu', { subtitle: 'Cold soups', button1_text: 'Book', button1_link: '/book' });
    render(<HeroPreview preview={{ slide: draft, slides: [slide('s1', 'Autumn'), slide('s2', 'Winter'), draft] }} />);
    expect(screen.getByRole('region', { name: 'Highlights' }).getAttribute('aria-roledescription')).toBe('carousel');
    expect(screen.getByRole('heading', { name: 'Summer menu' })).toBeTruthy();
    expect(screen.getByText('Cold soups')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book' }).getAttribute('href')).toBe('/book');
    expect(screen.getByRole('button', { name: 'Go to slide 3' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Play slides' })).toBeTruthy();
  });

  it('shows a slide alone when no other is active', () => {
    const only = slide('s1', 'Only one');
    render(<HeroPreview preview={{ slide: only, slides: [only] }} />);
    expect(screen.getByRole('heading', { name: 'Only one' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /slides/ })).toBeNull();
  });
});
