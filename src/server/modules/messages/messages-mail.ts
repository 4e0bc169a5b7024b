/** The mail a visitor gets when the company answers their conversation; layout.ts escapes every value. */
import { renderHtml, renderText, type MailBrand } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export interface ReplyMailInput {
  /** The visitor's name and address, as the thread keeps them. */
  name: string;
  to: string;
  subject: string;
  /** The company's answer as written. */
  body: string;
  /** The thread belongs to an account: the mail links to SITE_URL/messages, where the visitor reads and answers it. */
  hasAccount: boolean;
  /** Where a reply to this mail goes (the company's address); none leaves the sender's. */
  replyTo?: string | undefined;
}

/** 'Re: <subject>' with the company's words; an account holder gets a link to the conversation. */
export function replyMail(brand: MailBrand, input: ReplyMailInput, siteUrl: string): MailMessage {
  const paragraphs = input.body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const content = {
    heading: `Re: ${input.subject}`,
    paragraphs: [`Hello ${input.name},`, `${brand.name} answered your message:`, ...paragraphs],
    ...(input.hasAccount ? { action: { label: 'Read the conversation', url: `${siteUrl}/messages` } } : {}),
    footer: input.hasAccount
      ? `You can read and answer the whole conversation under Messages on ${siteUrl}, signed in to your account.`
      : `You wrote to ${brand.name} with the contact form of ${siteUrl}/contact. Reply to this email to answer.`,
  };
  return {
    to: input.to,
    fromName: brand.name,
    subject: `${brand.name}: Re: ${input.subject}`,
    ...(input.replyTo ? { replyTo: { name: brand.name, address: input.replyTo } } : {}),
    text: renderText(brand, content),
    html: renderHtml(brand, content),
  };
}
