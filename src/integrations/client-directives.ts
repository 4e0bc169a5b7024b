/** An Astro integration registering the project's own hydration directive (Astro's public addClientDirective API). */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

export default function clientDirectives(): AstroIntegration {
  return {
    name: 'company-site:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'afterload',
          entrypoint: fileURLToPath(new URL('./after-load-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
