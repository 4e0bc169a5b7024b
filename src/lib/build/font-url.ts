/** Build-time URL of a self-hosted font file: Vite emits each file as a hashed asset, the page links only the chosen one. */
const FILES = import.meta.glob<string>(
  [
    '/node_modules/@fontsource-variable/*/files/*-latin-wght-normal.woff2',
    '/node_modules/@fontsource/{lato,poppins}/files/*-latin-400-normal.woff2',
  ],
  { query: '?url', import: 'default' },
);

export async function fontUrl(file: string | null): Promise<string | null> {
  const load = file ? FILES[file] : undefined;
  return load ? load() : null;
}
