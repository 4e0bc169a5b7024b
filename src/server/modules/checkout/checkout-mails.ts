/** The mail with a guest's checkout code, in the company's branding (layout.ts escapes every value). */
import { renderHtml, renderText, type MailBrand, type MailContent } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** 'Your checkout code': the six digits that confirm the address an order is placed with. */
export function checkoutCodeMail(brand: MailBrand, to: string, code: string, minutes: number): MailMessage {
  const content: MailContent = {
    heading: 'Confirm your email to place your order',
    paragraphs: [
      `Enter this code at checkout to confirm your email address and place your order with ${brand.name}.`,
      `The code is valid for ${minutes} minutes and works once.`,
    ],
    code,
    footer: 'If you did not ask for this, you can ignore this email; no order is placed without the code.',
  };
  return {
    to,
    fromName: brand.name,
    subject: `${brand.name}: your checkout code`,
    text: renderText(brand, content),
    html: renderHtml(brand, content),
  };
}
