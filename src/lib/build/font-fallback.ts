/**
 * A metric-matched local fallback for the brand font (build time only): the text first paints in Arial or Times
 * scaled to the brand font's width and line metrics, so the swap to the web font moves nothing (no layout shift).
 * Metrics from @capsizecss/metrics, the formula the font tooling of Next.js and fontaine use.
 */
import arial from '@capsizecss/metrics/arial';
import inter from '@capsizecss/metrics/inter';
import lato from '@capsizecss/metrics/lato';
import merriweather from '@capsizecss/metrics/merriweather';
import montserrat from '@capsizecss/metrics/montserrat';
import notoSans from '@capsizecss/metrics/notoSans';
import nunito from '@capsizecss/metrics/nunito';
import openSans from '@capsizecss/metrics/openSans';
import playfairDisplay from '@capsizecss/metrics/playfairDisplay';
import poppins from '@capsizecss/metrics/poppins';
import raleway from '@capsizecss/metrics/raleway';
import roboto from '@capsizecss/metrics/roboto';
import rubik from '@capsizecss/metrics/rubik';
import sourceSans3 from '@capsizecss/metrics/sourceSans3';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';
import workSans from '@capsizecss/metrics/workSans';

export interface FontMetrics {
  category: string;
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
}

const METRICS: Record<string, FontMetrics> = {
  Inter: inter,
  Roboto: roboto,
  'Open Sans': openSans,
  Lato: lato,
  Montserrat: montserrat,
  Poppins: poppins,
  'Source Sans 3': sourceSans3,
  Nunito: nunito,
  Raleway: raleway,
  Merriweather: merriweather,
  'Playfair Display': playfairDisplay,
  'Work Sans': workSans,
  Rubik: rubik,
  'Noto Sans': notoSans,
};

/** Local fonts with the metrics of Arial and Times New Roman (Liberation ships with most Linux systems). */
const LOCAL = {
  sans: {
    metrics: arial as FontMetrics,
    src: "local('Arial'),local('Liberation Sans'),local('Arimo'),local('Helvetica')",
  },
  serif: {
    metrics: timesNewRoman as FontMetrics,
    src: "local('Times New Roman'),local('Liberation Serif'),local('Tinos'),local('Times')",
  },
};

const pct = (n: number) => `${(n * 100).toFixed(2)}%`;

/** The overrides that make `fallback` take the space `font` will (null when the metrics are unknown). */
export function fallbackOverrides(font: FontMetrics, fallback: FontMetrics) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const em = font.unitsPerEm * sizeAdjust;
  return {
    sizeAdjust: pct(sizeAdjust),
    ascentOverride: pct(font.ascent / em),
    descentOverride: pct(Math.abs(font.descent) / em),
    lineGapOverride: pct(font.lineGap / em),
  };
}

/** The @font-face rule and family name of the fallback for a font setting; null for fonts without metrics. */
export function fallbackFace(fontName: string, family: string): { family: string; css: string } | null {
  const metrics = METRICS[fontName];
  if (!metrics) return null;
  const local = metrics.category === 'serif' ? LOCAL.serif : LOCAL.sans;
  const o = fallbackOverrides(metrics, local.metrics);
  const name = `${family} Fallback`;
  return {
    family: name,
    css: `@font-face{font-family:'${name}';src:${local.src};size-adjust:${o.sizeAdjust};ascent-override:${o.ascentOverride};descent-override:${o.descentOverride};line-gap-override:${o.lineGapOverride}}`,
  };
}
