/** The newsletter's mails in the shared branded layout; each one carries the address's unsubscribe link. */
import { type MailBrand, renderHtml, renderText } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { ONE_CLICK_HEADERS } from './newsletter-rules.ts';

export interface ConfirmMailLinks {
  confirmUrl: string;
  unsubscribeUrl: string;
  /** How long the confirmation link works. */
  hours: number;
}

/** After a sign-up: the link that confirms it (double opt-in), and the unsubscribe link every newsletter mail has. */
export function confirmSubscriptionMail(brand: MailBrand, to: string, links: ConfirmMailLinks): MailMessage {
  const content = {
    heading: 'Confirm your subscription',
    paragraphs: [
      `Someone, hopefully you, asked to receive the ${brand.name} newsletter at this address. Open the link below to confirm; nothing is sent until you do.`,
      `The link works for ${links.hours} hours.`,
    ],
    action: { label: 'Confirm subscription', url: links.confirmUrl },
    footer: 'If you did not sign up, ignore this email: without a confirmation you will not be subscribed.',
    unsubscribeUrl: links.unsubscribeUrl,
  };
  return {
    to,
    fromName: brand.name,
    subject: `${brand.name}: confirm your newsletter subscription`,
    text: renderText(brand, content),
    html: renderHtml(brand, content),
    unsubscribeUrl: links.unsubscribeUrl,
  };
}

/** An issue made ready for mail: its sanitised HTML with absolute links, and the same as plain text. */
export interface IssueContent {
  subject: string;
  html: string;
  text: string;
}

export interface IssueMailLinks {
  /** The unsubscribe page (the link in the mail's footer). */
  unsubscribeUrl: string;
  /** The List-Unsubscribe address that takes a one-click POST; none in a test or preview mail. */
  oneClickUrl?: string;
}

/** A newsletter issue in the brand's layout, with the subscriber's own unsubscribe link and one-click headers. */
export function issueMail(brand: MailBrand, to: string, issue: IssueContent, links: IssueMailLinks): MailMessage {
  const content = {
    heading: issue.subject,
    paragraphs: [],
    bodyHtml: issue.html,
    footer: `You get this email because you subscribed to the ${brand.name} newsletter.`,
    unsubscribeUrl: links.unsubscribeUrl,
  };
  return {
    to,
    fromName: brand.name,
    subject: issue.subject,
    text: renderText(brand, { ...content, paragraphs: issue.text ? [issue.text] : [] }),
    html: renderHtml(brand, content),
    ...(links.oneClickUrl ? { unsubscribeUrl: links.oneClickUrl, headers: { ...ONE_CLICK_HEADERS } } : {}),
  };
}
