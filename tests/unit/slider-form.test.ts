import { describe, expect, it } from 'vitest';
import {
  addSliderFormData,
  addSliderProblem,
  emptyAddSlider,
  emptySliderForm,
  formFromSlider,
  moveItem,
  normaliseSlider,
  normaliseSliders,
  orderNumber,
  previewSlide,
  saveFailureMessage,
  serverMessage,
  sliderFormData,
  SLIDER_TEXTS,
} from '../../src/lib/admin/slider-form.ts';
import { SEARCH_BUTTON_DEFAULTS } from '../../src/shared/constants.ts';
import type { Slider } from '../../src/shared/types.ts';

/** A complete slider as GET /api/admin/sliders gives it. */
const stored: Slider = {
  ...normaliseSlider({}, 'c1'),
  _id: 's1',
  title: 'Summer',
  subtitle: 'Long days',
  order: 3,
  image: '/media/sliders/a.webp',
  button1_text: 'Shop',
  button1_link: '/shop',
  contentAlignment: 'left',
  isActive: false,
  isGlobalSettings: true,
};

const fields = (form: FormData) =>
  Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `<file ${v.name}>`]));

describe('defaults', () => {
  it('a new slider in the editor is a centred, active, non-global photo with the section 3 search button', () => {
    const form = emptySliderForm('c9');
    expect(form).toMatchObject({
      title: '',
      order: '0',
      type: 'photo',
      contentAlignment: 'center',
      isActive: true,
      isGlobalSettings: false,
      company: 'c9',
      link: '',
    });
    expect(form.searchButton).toEqual(SEARCH_BUTTON_DEFAULTS);
  });

  it('the search button defaults are exactly the spec table', () => {
    expect(emptySliderForm('').searchButton).toEqual({
      enabled: true,
      text: 'Search',
      placeholder: 'Search...',
      icon: 'FaSearch',
      position: 'right',
      style: {
        backgroundColor: '#0091ea',
        textColor: '#ffffff',
        borderRadius: '6px',
        padding: '0.5rem 1rem',
        hoverEffect: 'darken',
      },
      voiceSearch: { enabled: false },
      recentSearches: { enabled: true, limit: 5 },
    });
  });

  it('the add form starts empty with order 0 and type Photo', () => {
    expect(emptyAddSlider()).toEqual({ title: '', subtitle: '', order: '0', type: 'photo', link: '' });
  });
});

describe('normalising older sliders', () => {
  it('fills a missing isActive as true, a missing isGlobalSettings as false and the company from the first listed slider', () => {
    const [first, older] = normaliseSliders([
      { _id: 'a', title: 'First', company: 'c1', isActive: false, isGlobalSettings: true },
      { _id: 'b', title: 'Older' },
    ]);
    expect(first).toMatchObject({ isActive: false, isGlobalSettings: true, company: 'c1' });
    expect(older).toMatchObject({
      _id: 'b',
      title: 'Older',
      isActive: true,
      isGlobalSettings: false,
      company: 'c1',
      type: 'photo',
      order: 0,
      contentAlignment: 'center',
    });
  });

  it('keeps a slider’s own company and parses a searchButton that arrives as JSON text', () => {
    const slider = normaliseSlider(
      { company: 'own', searchButton: JSON.stringify({ text: 'Find', voiceSearch: { enabled: true } }) },
      'c1',
    );
    expect(slider.company).toBe('own');
    expect(slider.searchButton).toMatchObject({
      text: 'Find',
      voiceSearch: { enabled: true },
      placeholder: 'Search...',
      position: 'right',
    });
  });

  it('turns anything unexpected into the defaults instead of failing', () => {
    const [slider] = normaliseSliders([
      { type: 'gif', contentAlignment: 'middle', order: 'x', isActive: 'yes', searchButton: '{broken' },
    ]);
    expect(slider).toMatchObject({ type: 'photo', contentAlignment: 'center', order: 0, isActive: true, company: '' });
    expect(slider?.searchButton).toEqual(SEARCH_BUTTON_DEFAULTS);
  });
});

describe('the editor form', () => {
  it('is prefilled from the slider, with the order as text', () => {
    const form = formFromSlider(stored);
    expect(form).toMatchObject({
      title: 'Summer',
      subtitle: 'Long days',
      order: '3',
      contentAlignment: 'left',
      isActive: false,
      isGlobalSettings: true,
      button1_link: '/shop',
    });
    expect(form).not.toHaveProperty('_id');
    expect(form).not.toHaveProperty('image');
  });

  it('reads the typed order as a whole number, 0 when blank or not a number', () => {
    expect([orderNumber('4'), orderNumber(' 2.7 '), orderNumber(''), orderNumber('abc'), orderNumber('-1')]).toEqual([
      4, 2, 0, 0, -1,
    ]);
  });
});

describe('FormData', () => {
  it('the editor sends every field, booleans as text and searchButton as JSON text', () => {
    const values = { ...formFromSlider(stored), order: '7', searchButton: { ...stored.searchButton, text: 'Go' } };
    const sent = fields(sliderFormData(values, null));
    expect(sent).toEqual({
      title: 'Summer',
      subtitle: 'Long days',
      order: '7',
      type: 'photo',
      link: '',
      button1_text: 'Shop',
      button1_link: '/shop',
      button2_text: '',
      button2_link: '',
      contentAlignment: 'left',
      isActive: 'false',
      isGlobalSettings: 'true',
      company: 'c1',
      searchButton: JSON.stringify(values.searchButton),
    });
    expect(JSON.parse(sent['searchButton'] ?? '')).toMatchObject({ text: 'Go', position: 'right' });
  });

  it('the editor sends the video link only for a video, and the image file when one is chosen', () => {
    const values = { ...formFromSlider(stored), link: ' https://www.youtube.com/embed/abcdefgh ' };
    expect(sliderFormData(values, null).get('link')).toBe('');
    const video = sliderFormData({ ...values, type: 'video' }, new File(['x'], 'thumb.png', { type: 'image/png' }));
    expect(video.get('link')).toBe('https://www.youtube.com/embed/abcdefgh');
    expect((video.get('image') as File).name).toBe('thumb.png');
    expect(sliderFormData(values, null).has('image')).toBe(false);
  });

  it('the add form sends title, subtitle, order, type, company, the link for a video and the image', () => {
    const photo = fields(
      addSliderFormData(
        { title: 'T', subtitle: 'S', order: '', type: 'photo', link: 'ignored' },
        'c1',
        new File(['x'], 'a.jpg'),
      ),
    );
    expect(photo).toEqual({
      title: 'T',
      subtitle: 'S',
      order: '0',
      type: 'photo',
      company: 'c1',
      image: '<file a.jpg>',
    });
    const video = fields(
      addSliderFormData(
        { title: 'V', subtitle: '', order: '2', type: 'video', link: 'https://www.youtube.com/embed/abcdefgh' },
        'c1',
        null,
      ),
    );
    expect(video).toEqual({
      title: 'V',
      subtitle: '',
      order: '2',
      type: 'video',
      link: 'https://www.youtube.com/embed/abcdefgh',
      company: 'c1',
    });
  });
});

describe('validation and messages', () => {
  it('a video slide without a link is refused with the spec text; a photo needs nothing', () => {
    expect(addSliderProblem({ ...emptyAddSlider(), type: 'video', link: '  ' })).toBe(
      'Please provide a video link for video slides.',
    );
    expect(
      addSliderProblem({ ...emptyAddSlider(), type: 'video', link: 'https://www.youtube.com/embed/abcdefgh' }),
    ).toBeNull();
    expect(addSliderProblem(emptyAddSlider())).toBeNull();
  });

  it('a save failure shows the server message, else the fixed text, with the details appended when present', () => {
    expect(saveFailureMessage({ data: { message: 'Invalid link', details: 'button1_link must be https' } })).toBe(
      'Invalid link Details: button1_link must be https',
    );
    expect(saveFailureMessage({ data: { message: 'Slider not found' } })).toBe('Slider not found');
    expect(saveFailureMessage({ data: { details: { field: 'title' } } })).toBe(
      'Failed to submit slider. Details: {"field":"title"}',
    );
    expect(saveFailureMessage(new Error('network'))).toBe(SLIDER_TEXTS.saveFailed);
    expect(serverMessage({ data: { message: '  ' } })).toBeNull();
  });
});

describe('moveItem', () => {
  it.each([
    [0, 1, ['b', 'a', 'c']],
    [2, 0, ['c', 'a', 'b']],
    [1, 9, ['a', 'c', 'b']],
    [0, -1, ['a', 'b', 'c']],
    [5, 0, ['a', 'b', 'c']],
  ])('moves index %i to %i', (from, to, expected) => {
    expect(moveItem(['a', 'b', 'c'], from, to)).toEqual(expected);
  });
});

describe('previewSlide', () => {
  it('falls back to Slider Title, Slider Subtitle and the placeholder image', () => {
    const slide = previewSlide(emptySliderForm('c1'), '', '/placeholder.webp');
    expect(slide).toMatchObject({ title: 'Slider Title', subtitle: 'Slider Subtitle', image: '/placeholder.webp' });
    expect(previewSlide({ ...emptySliderForm('c1'), title: 'Hi' }, 'data:image/png;base64,x', '/p.webp')).toMatchObject(
      { title: 'Hi', image: 'data:image/png;base64,x' },
    );
  });
});
