/** The mail the company gets for a visitor's new message: the visitor's words, and Reply-To set to the visitor. */
import type { ContactInput } from '../../../shared/schemas/contact.ts';
import { renderHtml, renderText, type MailBrand } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/**
 * 'New message from Ada Lovelace: Hello', to the company's address; a reply goes straight to the visitor. `via` says
 * where it was written: the public contact form or a signed-in visitor's /messages.
 */
export function contactMail(
  brand: MailBrand,
  to: string,
  input: ContactInput,
  siteUrl: string,
  via: 'contact' | 'account' = 'contact',
): MailMessage {
  // Paragraphs as the visitor wrote them (blank lines between); layout.ts escapes every one.
  const body = input.message
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const where = via === 'contact' ? `the contact form of ${siteUrl}/contact` : `Messages on ${siteUrl}`;
  const content = {
    heading: `New message from ${input.name}`,
    paragraphs: [`From: ${input.name} <${input.email}>`, `Subject: ${input.subject}`, ...body],
    footer: `Sent with ${where}. Answer it on ${siteUrl}/admin/messages, or reply to this email to answer ${input.name} directly.`,
  };
  return {
    to,
    fromName: brand.name,
    subject: `${brand.name} ${via === 'contact' ? 'contact form' : 'message'}: ${input.subject}`,
    replyTo: { name: input.name, address: input.email },
    text: renderText(brand, content),
    html: renderHtml(brand, content),
  };
}
