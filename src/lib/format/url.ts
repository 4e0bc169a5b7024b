/** Links from the company settings: a missing scheme gets https:// (spec: website and social links). */
export function ensureHttps(link: string | null | undefined): string {
  const value = (link ?? '').trim();
  if (value === '') return '';
  if (/^https?:\/\//i.test(value)) return value;
  return `https://${value.replace(/^\/+/, '')}`;
}

/** The website shown as a bare host: no scheme, no www., no trailing slash ('https://www.acme.com/' → 'acme.com'). */
export function bareHost(link: string | null | undefined): string {
  const full = ensureHttps(link);
  if (full === '') return '';
  try {
    return new URL(full).host.replace(/^www\./i, '');
  } catch {
    return full.replace(/^https?:\/\//i, '').replace(/^www\./i, '').replace(/\/.*$/, '');
  }
}

/** Only http(s) and site-relative links are ever rendered as href; anything else (javascript:, data:) becomes ''. */
export function safeHref(link: string | null | undefined): string {
  const value = (link ?? '').trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  const full = ensureHttps(value);
  try {
    const url = new URL(full);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}
