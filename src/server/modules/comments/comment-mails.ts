/** The mail a guest gets to send a comment or review: the code, in the company's mail layout. */
import type { MailBrand } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { message } from '../auth/auth-mails.ts';

export function guestCodeMail(brand: MailBrand, to: string, code: string, minutes: number): MailMessage {
  return message(brand, to, 'your code to comment', {
    heading: 'Your code to comment',
    paragraphs: [
      `Enter this code on ${brand.name}'s site to send your comment or review.`,
      `The code is valid for ${minutes} minutes and works for one comment or review.`,
    ],
    code,
    footer: 'If you did not ask for this, you can ignore this email; nothing is sent without the code.',
  });
}
