/** Branded text + HTML bodies for transactional mail; every interpolated value is escaped. */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

export interface MailBrand {
  name: string;
  /** Absolute http(s) URL of the logo, or null to show none. */
  logoUrl: string | null;
  primaryColor: string;
}

export interface MailContent {
  heading: string;
  paragraphs: string[];
  /** Shown large (a one-time code). */
  code?: string;
  /** A button and the bare link below it. */
  action?: { label: string; url: string };
  footer: string;
  /** A small 'Unsubscribe' link under the footer (every newsletter mail has one). */
  unsubscribeUrl?: string;
  /** Already sanitised HTML after the paragraphs (a newsletter issue's rich text); the text part comes from the caller. */
  bodyHtml?: string;
}

/** An absolute logo URL from the company's logo setting (relative paths resolve against SITE_URL). */
export function absoluteLogoUrl(logo: string, siteUrl: string): string | null {
  try {
    const url = new URL(logo, `${siteUrl}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function renderText(brand: MailBrand, content: MailContent): string {
  const lines = [brand.name, '', content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.code) lines.push(`Your code: ${content.code}`, '');
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  lines.push(content.footer);
  if (content.unsubscribeUrl) lines.push('', `Unsubscribe: ${content.unsubscribeUrl}`);
  return `${lines.join('\n')}\n`;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

export function renderHtml(brand: MailBrand, content: MailContent): string {
  const color = COLOR.test(brand.primaryColor) ? brand.primaryColor : '#0091ea';
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="40" style="height:40px;border:0">`
    : '';
  const code = content.code
    ? `<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:24px 0">${escapeHtml(content.code)}</p>`
    : '';
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:${color};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="font-size:12px;color:#555555;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : '';
  return [
    '<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#222222;background:#f5f5f5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    `<div>${logo} <strong style="font-size:18px;vertical-align:middle">${escapeHtml(brand.name)}</strong></div>`,
    `<h1 style="font-size:20px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    content.bodyHtml ?? '',
    code,
    action,
    `<p style="font-size:12px;color:#777777">${escapeHtml(content.footer)}</p>`,
    content.unsubscribeUrl
      ? `<p style="font-size:12px;color:#777777"><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#555555">Unsubscribe</a></p>`
      : '',
    '</div></body></html>',
  ].join('');
}
