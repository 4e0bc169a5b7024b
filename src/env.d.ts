/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_API_URL?: string;
}

declare module 'virtual:branding-applier-url' {
  /** URL of the standalone module that applies changed branding (src/integrations/branding-applier.ts). */
  const url: string;
  export default url;
}
