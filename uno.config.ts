import { defineConfig, presetWind4 } from 'unocss';

// Brand colours, radii and blurs come from CSS custom properties set by BaseLayout from the company settings.
export default defineConfig({
  presets: [presetWind4()],
  theme: {
    colors: {
      primary: 'var(--color-primary)',
      secondary: 'var(--color-secondary)',
    },
  },
});
