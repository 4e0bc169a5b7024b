/** The 15 offered fonts: self-hosted latin subsets from @fontsource, or the system stack; only the chosen one loads. */
import type { FONTS } from '../../shared/constants.ts';

type FontName = (typeof FONTS)[number];

export interface FontFace {
  family: string;
  /** Key into FONT_FILES; null for the system stack. */
  file: string | null;
  weight: string;
}

const variable = (slug: string, family: string): FontFace => ({
  family,
  file: `/node_modules/@fontsource-variable/${slug}/files/${slug}-latin-wght-normal.woff2`,
  weight: '100 900',
});
const regular = (slug: string, family: string): FontFace => ({
  family,
  file: `/node_modules/@fontsource/${slug}/files/${slug}-latin-400-normal.woff2`,
  weight: '400',
});

const FACES: Record<FontName, FontFace> = {
  Inter: variable('inter', 'Inter Variable'),
  Roboto: variable('roboto', 'Roboto Variable'),
  'Open Sans': variable('open-sans', 'Open Sans Variable'),
  Lato: regular('lato', 'Lato'),
  Montserrat: variable('montserrat', 'Montserrat Variable'),
  Poppins: regular('poppins', 'Poppins'),
  'Source Sans 3': variable('source-sans-3', 'Source Sans 3 Variable'),
  Nunito: variable('nunito', 'Nunito Variable'),
  Raleway: variable('raleway', 'Raleway Variable'),
  Merriweather: variable('merriweather', 'Merriweather Variable'),
  'Playfair Display': variable('playfair-display', 'Playfair Display Variable'),
  'Work Sans': variable('work-sans', 'Work Sans Variable'),
  Rubik: variable('rubik', 'Rubik Variable'),
  'Noto Sans': variable('noto-sans', 'Noto Sans Variable'),
  'System UI': { family: 'system-ui', file: null, weight: '' },
};

export const SYSTEM_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** The face for a font setting; unknown names fall back to the system stack. */
export function fontFace(name: string): FontFace {
  return (FACES as Record<string, FontFace>)[name] ?? FACES['System UI'];
}
