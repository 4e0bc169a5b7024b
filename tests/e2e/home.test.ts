import { expect, test } from '@playwright/test';

test('the home page of the built site shows the seeded company branding', async ({ page, request }) => {
  const company = await (await request.get('/api/company')).json();
  expect(company.name).not.toBe('Brand');

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(company.seo_home_title || company.name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(company.name);
});

test('an unknown path gets the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't find the page you were looking for.")).toBeVisible();
});
