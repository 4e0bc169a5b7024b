import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY, withCompanyDefaults } from '../../src/shared/company.ts';

describe('withCompanyDefaults', () => {
  it('returns the section 9 defaults for nothing', () => {
    const company = withCompanyDefaults(null);
    expect(company).toEqual(DEFAULT_COMPANY);
    expect(company.name).toBe('Brand');
    expect(company.tagline).toBe('Welcome to our platform');
    expect(company.logo).toBe('/logo.png');
    expect(company.primary_color).toBe('#0091ea');
    expect(company.secondary_color).toBe('#FF5722');
    expect(company.font).toBe('Inter');
  });

  it.each([
    ['an empty name', { name: '' }, 'name', 'Brand'],
    ['a blank tagline', { tagline: '   ' }, 'tagline', 'Welcome to our platform'],
    ['a null logo', { logo: null }, 'logo', '/logo.png'],
    ['an opacity sent as text', { primary_opacity: '0.9' }, 'primary_opacity', 0.3],
    ['a radius that is not a number', { header_radius: Number.NaN }, 'header_radius', 10],
  ])('falls back to the default for %s', (_label, input, key, expected) => {
    const company = withCompanyDefaults(input as never);
    expect(company[key as keyof typeof company]).toBe(expected);
  });

  it('keeps values that are set, including zero', () => {
    const company = withCompanyDefaults({
      name: 'Acme',
      primary_opacity: 0,
      button_radius: 0,
      social: { linkedin: 'linkedin.com/acme' },
    });
    expect(company.name).toBe('Acme');
    expect(company.primary_opacity).toBe(0);
    expect(company.button_radius).toBe(0);
    expect(company.social).toEqual({ facebook: '', instagram: '', twitter: '', linkedin: 'linkedin.com/acme' });
  });

  it('ignores unknown keys and never shares the default social object', () => {
    const company = withCompanyDefaults({ evil: 'x' } as never);
    expect(company).not.toHaveProperty('evil');
    company.social.facebook = 'changed';
    expect(DEFAULT_COMPANY.social.facebook).toBe('');
  });
});
