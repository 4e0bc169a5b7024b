/**
 * Newsletter sign-up with double opt-in: the bodies of POST /api/newsletter, /confirm and /unsubscribe, the
 * admin list query, and the texts the server answers and the pages show. Composing and sending: newsletter-admin.ts.
 */
import { hasControlCharacters } from './control-characters.ts';
import { listQueryFields, listQueryMessages, optionalChoice } from './list-query.ts';
import { checkWithMessages } from './refusal.ts';
import { z } from './zod.ts';

export const NEWSLETTER_EMAIL_MAX = 254;
export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
/** Where an address signed up: the site's sign-up forms, or an admin's import of a CSV. */
export const NEWSLETTER_SOURCES = ['form', 'import'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** The one answer to a sign-up, whatever the address's state (no address enumeration). */
export const NEWSLETTER_REQUESTED = 'Thanks! Check your inbox and open the link we sent to confirm your subscription.';
export const NEWSLETTER_EMAIL_INVALID = 'Enter a valid email address.';
export const NEWSLETTER_CONFIRMED = 'Your subscription is confirmed. Welcome aboard!';
export const NEWSLETTER_CONFIRM_INVALID =
  'This confirmation link is invalid or has expired. Sign up again to get a new one.';
export const NEWSLETTER_UNSUBSCRIBED = 'You have been unsubscribed and will get no more newsletters from us.';
export const NEWSLETTER_UNSUBSCRIBE_INVALID =
  'This unsubscribe link is invalid. Use the link in the latest email we sent you.';

/** A plausible address: trimmed, lower-cased (R50), no control characters before any mail is built (R16). */
export const newsletterEmail = z
  .string({ error: NEWSLETTER_EMAIL_INVALID })
  .trim()
  .max(NEWSLETTER_EMAIL_MAX, NEWSLETTER_EMAIL_INVALID)
  .refine((v) => !hasControlCharacters(v), NEWSLETTER_EMAIL_INVALID)
  .pipe(z.email(NEWSLETTER_EMAIL_INVALID))
  .transform((v) => v.toLowerCase());

/** POST /api/newsletter. */
export const NewsletterSignup = z.object({ email: newsletterEmail });

/** POST /api/newsletter/confirm and /unsubscribe: the token from the emailed link (32 random bytes, base64url). */
export const NewsletterToken = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** At most this many subscribers per page of the admin list (R48). */
export const SUBSCRIBERS_PAGE_MAX = 100;
export const SUBSCRIBERS_PAGE_DEFAULT = 50;
export const SUBSCRIBERS_QUERY_MAX = 200;

/** GET /api/admin/newsletter/subscribers query. */
export const SubscribersQuery = z.object({
  ...listQueryFields({
    pageMax: SUBSCRIBERS_PAGE_MAX,
    pageDefault: SUBSCRIBERS_PAGE_DEFAULT,
    queryMax: SUBSCRIBERS_QUERY_MAX,
  }),
  status: optionalChoice(NEWSLETTER_STATUSES),
  source: optionalChoice(NEWSLETTER_SOURCES),
});
export type SubscribersFilter = z.output<typeof SubscribersQuery>;

export const SUBSCRIBERS_QUERY_MESSAGES: Record<keyof SubscribersFilter, string> = {
  ...listQueryMessages({ pageMax: SUBSCRIBERS_PAGE_MAX, queryMax: SUBSCRIBERS_QUERY_MAX }),
  status: 'Status must be pending, confirmed or unsubscribed.',
  source: 'Source must be form or import.',
};

/** The subscribers query checked: the filter, or the first bad parameter's sentence. */
export const checkSubscribersQuery = checkWithMessages(SubscribersQuery, SUBSCRIBERS_QUERY_MESSAGES, 'q');

/** A subscriber as the admin list shows it. */
export interface NewsletterSubscriber {
  _id: string;
  email: string;
  status: NewsletterStatus;
  source: NewsletterSource;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export interface NewsletterSubscriberPage {
  results: NewsletterSubscriber[];
  total: number;
  page: number;
  pageSize: number;
}
