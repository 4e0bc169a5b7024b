/** The newsletter's mails in the shared branded layout; each one carries the address's unsubscribe link. */
import { type MailBrand, renderHtml, renderText } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

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
