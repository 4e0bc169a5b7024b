/**
 * The editor's live preview: the public hero's own slide, drawn from the form as it is typed, with the spec's
 * fallbacks. It is laid out at the size of a real hero (a laptop's, or a phone's on a small screen) and scaled down
 * to the panel, so it looks like the home page instead of a squeezed copy.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { previewSlide, type SliderFormValues } from '../../../lib/admin/slider-form.ts';
import { speechRecognition } from '../../../lib/hero/search.ts';
import HeroSlide from '../../home/HeroSlide.tsx';
import { useMediaQuery } from '../layout/use-dismiss.ts';
import { PLACEHOLDER_IMAGE } from '../../lists/SafeImage.tsx';

interface Props {
  values: SliderFormValues;
  /** The chosen file as a data: URL, else the slider's current image, else ''. */
  image: string;
}

/** The hero's size on a laptop, and on a phone (the hero's own breakpoint is 640 px). */
const WIDE = { width: 1024, height: 576 };
const NARROW = { width: 390, height: 640 };

// A preview must not leave the editor: its links and search box do nothing.
const stay = (event: SyntheticEvent) => event.preventDefault();

export default function SliderPreview({ values, image }: Props) {
  const slide = previewSlide(values, image, PLACEHOLDER_IMAGE);
  const frame = useRef<HTMLDivElement>(null);
  const [panelWidth, setPanelWidth] = useState(0);
  const wide = useMediaQuery('(min-width: 640px)');
  // The hero's own microphone appears only where the browser can listen; elsewhere the preview marks it itself.
  const [hasSpeech] = useState(() => speechRecognition(window) !== null);

  useEffect(() => {
    const observer = new ResizeObserver(([entry]) => setPanelWidth(entry?.contentRect.width ?? 0));
    if (frame.current) observer.observe(frame.current);
    return () => observer.disconnect();
  }, []);

  const size = wide ? WIDE : NARROW;
  const scale = panelWidth > 0 ? panelWidth / size.width : 0;
  const voice = slide.searchButton.enabled && slide.searchButton.voiceSearch.enabled;

  return (
    <section aria-labelledby="slider-preview-heading" className="min-w-0">
      <h3 id="slider-preview-heading" className="m-0 mb-2 text-base font-semibold">
        Live Preview
      </h3>
      <div
        ref={frame}
        className="relative overflow-hidden rounded-xl border border-gray-200 bg-gray-900 shadow-sm dark:border-white/10"
        style={{ height: Math.round(size.height * scale) }}
        data-testid="slider-preview"
        onClickCapture={stay}
        onSubmitCapture={stay}
      >
        <div
          className="absolute left-0 top-0 origin-top-left"
          style={{ width: size.width, height: size.height, transform: `scale(${scale})` }}
        >
          <HeroSlide slide={slide} index={0} count={1} active eager playVideo={false} />
        </div>
        {voice && !hasSpeech && (
          <span
            className="absolute right-2 top-2 z-20 inline-flex items-center gap-1 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white"
            data-voice-mark
          >
            <span aria-hidden="true">🎤</span> Voice search on
          </span>
        )}
      </div>
      <p className="m-0 mt-2 text-xs text-gray-600 dark:text-gray-400">
        {values.isActive ? 'Shown on the home page once saved.' : 'Inactive: hidden from the home page.'}
        {values.type === 'video' && ' The video plays on the home page; the preview shows its thumbnail.'}
      </p>
    </section>
  );
}
