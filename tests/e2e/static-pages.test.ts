import { expect, test, type Locator } from './fixtures.ts';
import type { Company } from '../../src/shared/types.ts';

const isInvalid = (field: Locator) => field.evaluate((el) => el.matches(':invalid'));

test.describe('About', () => {
  // The About page is rendered at build time, so it shows the seeded values (its defaults are covered by unit tests).
  test('shows the company name, tagline and description, the three story sections and the team', async ({
    page,
    request,
  }) => {
    const company = (await (await request.get('/api/company')).json()) as Company;
    const team = ((await (await request.get('/api/team')).json()) as { results: { name: string }[] }).results;
    await page.goto('/about');
    const main = page.getByRole('main');

    await expect(main.getByRole('heading', { level: 1 })).toHaveText(company.name);
    await expect(main.getByText(company.tagline, { exact: true })).toBeVisible();
    await expect(main.getByText(company.description, { exact: true })).toBeVisible();
    for (const title of ['Our Story', 'Our Mission', 'Our Vision']) {
      await expect(main.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    // The company's team when one is set (contact-and-team.test.ts looks closer), the spec's placeholders otherwise.
    const names = team.length > 0 ? team.map((m) => m.name) : [1, 2, 3].map((n) => `Team Member ${n}`);
    for (const name of names) await expect(main.getByRole('heading', { name, exact: true })).toBeVisible();
    if (team.length === 0) {
      for (const name of names) await expect(main.getByRole('img', { name, exact: true })).toBeAttached();
      await expect(main.getByText('Position', { exact: true })).toHaveCount(3);
    }
  });
});

test.describe('Contact', () => {
  test('shows the company email, phone, address and website with the right kinds of link', async ({
    page,
    request,
  }) => {
    const company = (await (await request.get('/api/company')).json()) as Company;
    await page.goto('/contact');
    const main = page.getByRole('main');

    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByRole('link', { name: company.email, exact: true })).toHaveAttribute(
      'href',
      `mailto:${company.email}`,
    );
    await expect(main.getByRole('link', { name: company.phone, exact: true })).toHaveAttribute(
      'href',
      `tel:${company.phone.replace(/[^\d+]/g, '')}`,
    );
    await expect(main.getByText(company.address, { exact: true })).toBeVisible();
    const website = main.getByRole('link', { name: 'northwind.example', exact: true });
    await expect(website).toBeVisible();
    await expect(website).toHaveAttribute('href', /^https:\/\/northwind\.example\/?$/);
    await expect(website).toHaveAttribute('target', '_blank');
  });

  test('the form has four required fields of the right types and a Send Message button', async ({ page }) => {
    await page.goto('/contact');
    const name = page.getByLabel('Name', { exact: true });
    const email = page.getByLabel('Email', { exact: true });
    const subject = page.getByLabel('Subject', { exact: true });
    const message = page.getByLabel('Message', { exact: true });

    for (const field of [name, email, subject, message]) {
      await expect(field).toBeVisible();
      await expect(field).toHaveAttribute('required', '');
    }
    await expect(email).toHaveAttribute('type', 'email');
    expect(await message.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    await expect(message).toHaveAttribute('rows', '4');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('submitting the empty form is stopped by the browser and shows no success', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();

    expect(await isInvalid(page.getByLabel('Name', { exact: true }))).toBe(true);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(page.getByRole('status')).toHaveText('');
    await expect(page.getByText('Message sent successfully!')).toHaveCount(0);
  });

  test('an email address of the wrong shape is rejected', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Subject', { exact: true }).fill('Hello');
    await page.getByLabel('Message', { exact: true }).fill('A question about the shop.');
    await page.getByRole('button', { name: 'Send Message' }).click();

    expect(await isInvalid(page.getByLabel('Email', { exact: true }))).toBe(true);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(page.getByText('Message sent successfully!')).toHaveCount(0);
  });

  test('a valid message shows Sending... then success, and the form is cleared', async ({ page }) => {
    await page.goto('/contact');
    const fields = {
      Name: 'Ada Lovelace',
      Email: 'ada@example.com',
      Subject: 'Hello',
      Message: 'A question about the shop.',
    };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
    // The server answers quickly: the request is held until the busy state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();

    const busy = page.getByRole('button', { name: 'Sending...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await expect(page.getByRole('status')).toHaveText('');
    release();

    await expect(page.getByRole('status')).toHaveText('Message sent successfully!');
    const button = page.getByRole('button', { name: 'Send Message' });
    await expect(button).toBeVisible();
    await expect(button).toBeEnabled();
    for (const label of Object.keys(fields)) await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  });
});

test.describe('Not found', () => {
  test('an unknown path answers 404 with the not-found page', async ({ page, request }) => {
    expect((await request.get('/definitely/not/here')).status()).toBe(404);
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
    await expect(page.getByText("Sorry, we couldn't find the page you were looking for.")).toBeVisible();
  });
});
