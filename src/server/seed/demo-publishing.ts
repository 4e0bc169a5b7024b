/** Demo documents, pricing plans and pages: the pages are Northwind Studio's privacy policy and terms, linked from the footer. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { ago } from './seed-time.ts';

/** Published, in the footer; content is HTML within the blog allow-list (the API sanitises admin writes, the seed writes it clean). */
const PAGES = [
  {
    title: 'Privacy Policy',
    slug: 'privacy',
    content: [
      '<p>Northwind Studio ("we", "us") respects your privacy. This policy explains what we collect when you visit our website, create an account or buy from our shop, and what we do with it.</p>',
      '<h2>What we collect</h2>',
      '<ul><li><strong>Account details</strong>: your name, username and email address when you register.</li><li><strong>Orders</strong>: the items you buy, your delivery address and the payment status (we never see or store your full card number).</li><li><strong>Usage</strong>: the posts, photos and products you view while signed in, so we can suggest similar ones.</li></ul>',
      '<h2>How we use it</h2>',
      '<p>We use your details to run your account, deliver your orders, answer your messages and, when you ask for it, send you our newsletter. We do not sell your personal data, and we share it only with the services that help us run the shop (payment, delivery and email providers).</p>',
      '<h2>How long we keep it</h2>',
      '<p>Account data is kept while your account is open. Order records are kept for as long as the law requires for accounting, usually ten years.</p>',
      '<h2>Your rights</h2>',
      '<p>You may ask for a copy of your data, have it corrected or have your account deleted at any time. Write to us through the <a href="/contact">contact page</a> and we will answer within 30 days.</p>',
    ].join('\n'),
  },
  {
    title: 'Terms of Service',
    slug: 'terms',
    content: [
      '<p>These terms apply to everyone who uses the Northwind Studio website and shop. By creating an account or placing an order you accept them.</p>',
      '<h2>Your account</h2>',
      '<p>Keep your password to yourself and tell us at once if you think someone else has used your account. You are responsible for what is done with it.</p>',
      '<h2>Orders and payment</h2>',
      '<ol><li>Prices are shown with taxes included; delivery costs are shown before you pay.</li><li>An order is accepted when you receive our confirmation email.</li><li>You may cancel an order until it has been shipped and return unused items within 14 days of delivery.</li></ol>',
      '<h2>Content</h2>',
      '<p>The photos, videos, music and articles on this site belong to Northwind Studio or to their creators. You may share links to them, but not copy or sell them without our written permission.</p>',
      '<h2>Changes</h2>',
      '<p>We may update these terms from time to time. The version published on this page is the one that applies; questions are welcome through the <a href="/contact">contact page</a>.</p>',
    ].join('\n'),
  },
] as const;

/**
 * Published pricing plans for /pricing: the studio's own services (a design studio sells projects and hours, not
 * software seats), prices in cents, features as JSON text.
 */
const PLANS = [
  {
    name: 'Brand Sprint',
    description: 'One focused week to sharpen the brand you already have.',
    price_cents: 240000,
    billing_period: 'once',
    features: [
      'Half-day discovery workshop',
      'Logo refresh and colour palette',
      'Type pairing and a one-page usage sheet',
      'Two rounds of revisions',
    ],
    highlighted: false,
  },
  {
    name: 'Full Identity',
    description: 'A complete visual identity, from strategy to launch.',
    price_cents: 850000,
    billing_period: 'once',
    features: [
      'Brand strategy and positioning',
      'Logo suite and visual language',
      'Brand guidelines as a PDF',
      'Stationery and social media templates',
      'Three rounds of revisions',
    ],
    highlighted: true,
  },
  {
    name: 'Design Retainer',
    description: 'Ongoing design help for teams that launch and publish often.',
    price_cents: 180000,
    billing_period: 'month',
    features: [
      'Up to 20 design hours a month',
      'Turnaround within two working days',
      'A monthly review call',
      "Cancel with 30 days' notice",
    ],
    highlighted: false,
  },
] as const;

/** Inside seedDemo's transaction. */
export async function seedDemoPublishing(trx: Db, _dataDir: string, now: Date): Promise<void> {
  await trx
    .insertInto('pages')
    .values(
      PAGES.map((p, i) => ({
        id: randomUUID(),
        title: p.title,
        slug: p.slug,
        content: p.content,
        in_footer: true,
        published: true,
        created_at: ago(now, 60 + i),
      })),
    )
    .execute();
  await trx
    .insertInto('plans')
    .values(
      PLANS.map((p, i) => ({
        id: randomUUID(),
        name: p.name,
        description: p.description,
        price_cents: p.price_cents,
        billing_period: p.billing_period,
        features: JSON.stringify(p.features),
        highlighted: p.highlighted,
        sort_order: i + 1,
        published: true,
        created_at: ago(now, 50 + i),
      })),
    )
    .execute();
}
