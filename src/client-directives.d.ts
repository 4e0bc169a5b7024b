/** Types for the project's own hydration directive (src/integrations/client-directives.ts). */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate once the page has loaded and painted, when the browser is next idle. */
    'client:afterload'?: boolean;
  }
}
