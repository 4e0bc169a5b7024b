/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_API_URL?: string;
  /** MEDIA_BASE_URL at build time (build-site.ts): where browsers fetch stored media. */
  readonly PUBLIC_MEDIA_BASE_URL?: string;
}

declare module 'virtual:branding-applier-url' {
  /** URL of the standalone module that applies changed branding (src/integrations/standalone-modules.ts). */
  const url: string;
  export default url;
}

declare module 'virtual:toggle-placement-url' {
  /** URL of the standalone module that keeps the theme toggle off content (src/integrations/standalone-modules.ts). */
  const url: string;
  export default url;
}

declare module 'virtual:learn-role-url' {
  /** URL of the standalone module that asks an old session for its role (src/integrations/standalone-modules.ts). */
  const url: string;
  export default url;
}

declare module 'virtual:shop-actions-url' {
  /** URL of the standalone module behind 'Add to cart' and a product page's live stock (src/integrations/standalone-modules.ts). */
  const url: string;
  export default url;
}

declare module 'virtual:event-registration-url' {
  /** URL of the standalone module of a free event's sign-up form (src/integrations/standalone-modules.ts). */
  const url: string;
  export default url;
}

declare module 'virtual:event-tickets-url' {
  /** URL of the standalone module of a paid event's tickets left and 'Add to cart' (src/integrations/standalone-modules.ts). */
  const url: string;
  export default url;
}

declare module 'virtual:review-form-url' {
  /** URL of the standalone module of the reviews section and its form (src/integrations/standalone-modules.ts). */
  const url: string;
  export default url;
}
