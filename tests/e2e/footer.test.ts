import { expect, test, type Page } from './fixtures.ts';
import type { Company } from '../../src/shared/types.ts';
import { snapshotCompany, updateCompany } from './helpers/company-db.ts';

const SOCIAL = ['Facebook', 'Instagram', 'X (Twitter)', 'LinkedIn'] as const;

function footer(page: Page) {
  const root = page.getByRole('contentinfo');
  return {
    root,
    contact: root.getByRole('region', { name: 'Contact Us' }),
    quick: root.getByRole('navigation', { name: 'Quick Links' }),
    connect: root.getByRole('region', { name: 'Connect With Us' }),
    social: (label: string) => root.getByRole('link', { name: label, exact: true }),
  };
}

test('the footer shows the seeded contact details, quick links, social links and copyright', async ({
  page,
  request,
}) => {
  const company = (await (await request.get('/api/company')).json()) as Company;
  await page.goto('/about');
  const f = footer(page);

  await expect(f.contact).toBeVisible();
  await expect(f.contact.getByText(company.address, { exact: true })).toBeVisible();
  const phone = f.contact.getByRole('link', { name: company.phone, exact: true });
  await expect(phone).toBeVisible();
  await expect(phone).toHaveAttribute('href', `tel:${company.phone.replace(/[^\d+]/g, '')}`);
  const email = f.contact.getByRole('link', { name: company.email, exact: true });
  await expect(email).toBeVisible();
  await expect(email).toHaveAttribute('href', `mailto:${company.email}`);
  const website = f.contact.getByRole('link', { name: 'northwind.example', exact: true });
  await expect(website).toBeVisible();
  await expect(website).toHaveAttribute('href', /^https:\/\/northwind\.example\/?$/);

  await expect(f.quick).toBeVisible();
  const quickHrefs = await f.quick.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(quickHrefs).toEqual(['/', '/about', '/contact', '/shop']);
  // The demo has published plans and pages marked for the footer (documents only once one is published).
  const resources = page.getByRole('contentinfo').getByRole('navigation', { name: 'Resources' });
  await expect(resources.getByRole('link', { name: 'Pricing', exact: true })).toHaveAttribute('href', '/pricing');
  const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
  await expect(legal.getByRole('link', { name: 'Privacy Policy', exact: true })).toHaveAttribute(
    'href',
    '/pages/privacy/',
  );
  await expect(legal.getByRole('link', { name: 'Terms of Service', exact: true })).toHaveAttribute(
    'href',
    '/pages/terms/',
  );

  await expect(f.connect).toBeVisible();
  for (const label of SOCIAL) {
    const link = f.social(label);
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  }

  const year = String(new Date().getFullYear());
  const copyright = f.root.getByText('All rights reserved.');
  await expect(copyright).toBeVisible();
  await expect(copyright).toContainText(year);
  await expect(copyright).toContainText(company.name);
});

test.describe('with social links changed in the database', () => {
  let restore: (() => void) | undefined;
  test.afterEach(() => {
    restore?.();
    restore = undefined;
  });

  test('the footer follows the stored social links on reload, hiding empty ones and adding https:// where missing', async ({
    page,
  }) => {
    restore = snapshotCompany(['social_facebook', 'social_instagram', 'social_twitter', 'social_linkedin']);
    await page.goto('/about');
    const f = footer(page);
    await expect(f.social('Instagram')).toBeVisible();
    await expect(f.social('LinkedIn')).toBeVisible();

    updateCompany({ social_instagram: '', social_linkedin: '', social_facebook: 'facebook.com/northwind' });
    await page.reload();

    await expect(f.social('Instagram')).toBeHidden();
    await expect(f.social('LinkedIn')).toBeHidden();
    await expect(f.social('Facebook')).toBeVisible();
    await expect(f.social('Facebook')).toHaveAttribute('href', 'https://facebook.com/northwind');
    await expect(f.social('X (Twitter)')).toBeVisible();
    await expect(f.social('X (Twitter)')).toHaveAttribute('href', /^https:\/\//);
  });
});
