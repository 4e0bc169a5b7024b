/**
 * The URLs of the standalone modules the layout script loads after the first paint (src/integrations/standalone-modules.ts).
 * In a module of their own so that tests can stand in for them: Vite resolves these virtual modules only when the site
 * is built or served. Only layout.ts may import it, so that the layout script stays inline.
 */
export { default as brandingApplierUrl } from 'virtual:branding-applier-url';
export { default as togglePlacementUrl } from 'virtual:toggle-placement-url';
export { default as learnRoleUrl } from 'virtual:learn-role-url';
