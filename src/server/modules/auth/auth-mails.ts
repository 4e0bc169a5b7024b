/** The account mails: what each code or link is for, with the company's branding. */
import type { Db } from '../../db/connection.ts';
import { absoluteLogoUrl, type MailBrand, type MailContent, renderHtml, renderText } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { getCompany } from '../company/company.service.ts';

export async function mailBrand(db: Db, siteUrl: string): Promise<MailBrand> {
  const company = await getCompany(db);
  return { name: company.name, logoUrl: absoluteLogoUrl(company.logo, siteUrl), primaryColor: company.primary_color };
}

/** A mail with the company's name in the sender and subject, rendered as text and HTML. */
export function message(brand: MailBrand, to: string, subject: string, content: MailContent): MailMessage {
  return { to, fromName: brand.name, subject: `${brand.name}: ${subject}`, text: renderText(brand, content), html: renderHtml(brand, content) };
}

const IGNORE = 'If you did not ask for this, you can ignore this email; nothing changes on your account.';

/** After registering: the code that confirms the address. */
export function verifyEmailMail(brand: MailBrand, to: string, code: string, minutes: number): MailMessage {
  return message(brand, to, 'confirm your email address', {
    heading: 'Confirm your email address',
    paragraphs: [`Enter this code to confirm your email address and finish creating your ${brand.name} account.`, `The code is valid for ${minutes} minutes and works once.`],
    code,
    footer: IGNORE,
  });
}

/** 'Forgot Password?': a sign-in code and a link to choose a new password. */
export function forgotPasswordMail(brand: MailBrand, to: string, code: string, minutes: number, resetUrl: string, resetMinutes: number): MailMessage {
  return message(brand, to, 'your sign-in code', {
    heading: 'Sign in or reset your password',
    paragraphs: [
      `Someone asked to sign in to your ${brand.name} account without the password. Enter this code to sign in; it is valid for ${minutes} minutes and works once.`,
      `To choose a new password instead, open the link below. It is valid for ${resetMinutes} minutes and works once.`,
    ],
    code,
    action: { label: 'Reset your password', url: resetUrl },
    footer: IGNORE,
  });
}

/** Sent after a password reset (security.md R20). */
export function passwordChangedMail(brand: MailBrand, to: string, siteUrl: string): MailMessage {
  return message(brand, to, 'your password was changed', {
    heading: 'Your password was changed',
    paragraphs: [
      `The password of your ${brand.name} account was just changed and every device was signed out.`,
      'If this was not you, use "Forgot Password?" on the login page right away to take your account back.',
    ],
    action: { label: 'Go to the login page', url: `${siteUrl}/login` },
    footer: 'You receive this email because it concerns the security of your account.',
  });
}
