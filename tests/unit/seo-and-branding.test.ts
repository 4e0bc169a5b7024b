import { describe, expect, it } from 'vitest';
import { ABOUT_DEFAULTS, aboutContent } from '../../src/lib/about.ts';
import { brandingCss, brandingVars, footerLinks } from '../../src/lib/branding.ts';
import { organizationJsonLd, pageMeta, pageTitle, withCompanyName } from '../../src/lib/seo.ts';
import { withCompanyDefaults } from '../../src/shared/company.ts';

describe('pageMeta', () => {
  it('titles the home page with the company name and describes it with the tagline by default', () => {
    expect(pageMeta(withCompanyDefaults({ name: 'Acme' }), 'home')).toEqual({
      title: 'Acme',
      description: 'Welcome to our platform',
    });
  });

  it('uses the seo settings when set', () => {
    const company = withCompanyDefaults({
      name: 'Acme',
      seo_shop_title: 'Buy things',
      seo_shop_description: 'All our things',
    });
    expect(pageMeta(company, 'shop')).toEqual({ title: 'Buy things', description: 'All our things' });
  });

  it('falls back to "<page> · <name>" and the page default description', () => {
    expect(pageMeta(withCompanyDefaults(null), 'contact')).toEqual({
      title: 'Contact · Brand',
      description: 'Contact us for more information.',
    });
    expect(pageMeta(withCompanyDefaults({ name: 'Acme' }), 'notfound').title).toBe('404 - Page Not Found · Acme');
  });

  it('uses the given heading for pages without their own settings', () => {
    expect(
      pageMeta(withCompanyDefaults({ name: 'Acme' }), null, { title: 'About', description: 'Who we are' }),
    ).toEqual({ title: 'About · Acme', description: 'Who we are' });
  });

  it('fills every {company} of a stored title and description with the current name, so a rename reaches them', () => {
    const stored = {
      seo_shop_title: 'Shop · {company}',
      seo_shop_description: 'What {company} makes; {company} tests it',
    };
    expect(pageMeta(withCompanyDefaults({ name: 'Acme', ...stored }), 'shop')).toEqual({
      title: 'Shop · Acme',
      description: 'What Acme makes; Acme tests it',
    });
    expect(pageMeta(withCompanyDefaults({ name: 'Bakery Bloom', ...stored }), 'shop').title).toBe(
      'Shop · Bakery Bloom',
    );
    // A name that itself reads like the placeholder is put in once, not filled in again.
    expect(withCompanyName('{company} shop', { name: '{company}' })).toBe('{company} shop');
    expect(withCompanyName('About {company}', { name: '  ' })).toBe('About Brand');
  });

  it('separates a heading from the company name the same way everywhere', () => {
    expect(pageTitle('Update Company', { name: 'Acme' })).toBe('Update Company · Acme');
    expect(pageTitle(undefined, { name: 'Acme' })).toBe('Acme');
    expect(pageTitle('Blog', { name: '' })).toBe('Blog · Brand');
  });
});

describe('organizationJsonLd', () => {
  const site = new URL('https://bloom.example');

  it('names the company with its site, logo, email and the social profiles it has', () => {
    const company = withCompanyDefaults({
      name: 'Bakery Bloom',
      logo: '/media/logo.png',
      email: 'hello@bloom.example',
      social: { facebook: '', instagram: 'https://instagram.com/bloom', twitter: '', linkedin: '' },
    });
    expect(organizationJsonLd(company, site)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Bakery Bloom',
      url: 'https://bloom.example/',
      logo: 'https://bloom.example/media/logo.png',
      email: 'hello@bloom.example',
      sameAs: ['https://instagram.com/bloom'],
    });
  });

  it('leaves out what the company has not set (the logo is the default one then)', () => {
    expect(organizationJsonLd(withCompanyDefaults({ name: 'Acme', email: '' }), site)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Acme',
      url: 'https://bloom.example/',
      logo: 'https://bloom.example/logo.png',
    });
  });
});

describe('aboutContent', () => {
  it('shows the About defaults when nothing is set', () => {
    const about = aboutContent(withCompanyDefaults(null));
    expect(about.name).toBe(ABOUT_DEFAULTS.name);
    expect(about.tagline).toBe('Welcome to our platform');
    expect(about.description).toBe('We provide amazing services and products');
    expect(about.sections.map((s) => s.title)).toEqual(['Our Story', 'Our Mission', 'Our Vision']);
    expect(about.team.map((m) => [m.name, m.position])).toEqual([
      ['Team Member 1', 'Position'],
      ['Team Member 2', 'Position'],
      ['Team Member 3', 'Position'],
    ]);
  });

  it('shows the company name, tagline and description when set', () => {
    const about = aboutContent(
      withCompanyDefaults({ name: 'Acme', tagline: 'We make things', description: 'Since 1901.' }),
    );
    expect([about.name, about.tagline, about.description]).toEqual(['Acme', 'We make things', 'Since 1901.']);
  });
});

describe('branding variables', () => {
  it('turns the theme settings into CSS custom properties with units', () => {
    const vars = brandingVars(
      withCompanyDefaults({ primary_color: '#112233', header_radius: 4, primary_opacity: 0.5 }),
    );
    expect(vars['--color-primary']).toBe('#112233');
    expect(vars['--header-radius']).toBe('4px');
    expect(vars['--primary-opacity']).toBe('0.5');
    expect(vars['--secondary-blur']).toBe('8px');
  });

  it('never lets a stored colour break out of the style element', () => {
    const css = brandingCss(
      withCompanyDefaults({ primary_color: 'red}</style><script>alert(1)</script>' }),
      'system-ui',
    );
    expect(css).not.toContain('<');
    expect(css).toContain('--color-primary:#0091ea');
  });
});

describe('footerLinks', () => {
  it('prefixes https://, shows the website as a bare host and keeps unset links empty', () => {
    const links = footerLinks(
      withCompanyDefaults({
        website: 'www.acme.com/',
        social: { facebook: 'facebook.com/acme', twitter: 'http://x.com/acme' },
      }),
    );
    expect(links.website).toBe('https://www.acme.com/');
    expect(links.websiteLabel).toBe('acme.com');
    expect(links.social).toEqual({
      facebook: 'https://facebook.com/acme',
      instagram: '',
      twitter: 'http://x.com/acme',
      linkedin: '',
    });
  });
});
