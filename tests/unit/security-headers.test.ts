import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaderValues, securityHeaders } from '../../src/server/http/security-headers.ts';

describe('securityHeaders', () => {
  const app = new Hono();
  app.use(securityHeaders(securityHeaderValues({ SITE_URL: 'http://localhost:4321' })));
  app.get('/plain', (c) => c.text('ok'));
  app.get('/tightened', (c) => {
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect('/login?token=secret', 302);
  });
  app.get('/loosened', (c) => {
    c.header('Referrer-Policy', 'unsafe-url');
    c.header('X-Content-Type-Options', 'sniff-away');
    return c.text('ok');
  });

  it('sends strict-origin-when-cross-origin by default', async () => {
    const res = await app.request('/plain');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("keeps a route's Referrer-Policy: no-referrer, along with every other security header", async () => {
    const res = await app.request('/tightened');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('replaces a route header that would loosen the policy', async () => {
    const res = await app.request('/loosened');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
