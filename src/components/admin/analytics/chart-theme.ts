/** The charts' colours from the page: the brand's CSS variables and the theme (the `dark` class), followed as they change. */
import { useEffect, useState } from 'react';
import type { ChartColours } from './chart-config.ts';

/** Drawn when a variable is missing (the spec's default brand colours). */
const FALLBACK = { primary: '#0091ea', secondary: '#FF5722' } as const;

export function readChartColours(root: HTMLElement = document.documentElement): ChartColours {
  const style = getComputedStyle(root);
  const dark = root.classList.contains('dark');
  const variable = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    // The brand colour as text is drawn per theme (kept readable against the page by branding.ts).
    primary: variable('--color-primary-ink', variable('--color-primary', FALLBACK.primary)),
    secondary: variable('--color-secondary', FALLBACK.secondary),
    text: dark ? '#d1d5db' : '#374151',
    grid: dark ? 'rgba(255, 255, 255, 0.12)' : 'rgba(17, 24, 39, 0.1)',
  };
}

/** The colours now, read again whenever the root's class (the theme) or style (a branding refresh) changes. */
export function useChartColours(): ChartColours {
  const [colours, setColours] = useState(readChartColours);
  useEffect(() => {
    const root = document.documentElement;
    const observer = new MutationObserver(() => {
      const next = readChartColours(root);
      setColours((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    });
    observer.observe(root, { attributes: true, attributeFilter: ['class', 'style'] });
    return () => observer.disconnect();
  }, []);
  return colours;
}

/** True when the visitor asks for reduced motion. */
export const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
