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
  return {
    to,
    fromName: brand.name,
    subject: `${brand.name}: ${subject}`,
    text: renderText(brand, content),
    html: renderHtml(brand, content),
  };
}

const IGNORE = 'If you did not ask for this, you can ignore this email; nothing changes on your account.';

/** After registering: the code that confirms the address. */
export function verifyEmailMail(brand: MailBrand, to: string, code: string, minutes: number): MailMessage {
  return message(brand, to, 'confirm your email address', {
    heading: 'Confirm your email address',
    paragraphs: [
      `Enter this code to confirm your email address and finish creating your ${brand.name} account.`,
      `The code is valid for ${minutes} minutes and works once.`,
    ],
    code,
    footer: IGNORE,
  });
}

/** 'Forgot Password?': a sign-in code and a link to choose a new password. */
export function forgotPasswordMail(
  brand: MailBrand,
  to: string,
  code: string,
  minutes: number,
  resetUrl: string,
  resetMinutes: number,
): MailMessage {
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

/** What a new admin sign-in mail says about it: never a code, token or link that signs in. */
export interface SignInFacts {
  /** ISO time. */
  at: string;
  ip: string;
  browser: string;
  method: 'password' | 'code' | 'google' | 'passkey';
}

const METHOD_TEXT: Record<SignInFacts['method'], string> = {
  password: 'password',
  code: 'emailed code',
  google: 'Google',
  passkey: 'passkey',
};

/** `2026-11-24T22:40:05.000Z` as '2026-11-24 22:40 UTC'. */
const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** After every successful admin sign-in, to the admin's own address. */
export function adminSignInMail(brand: MailBrand, to: string, facts: SignInFacts, siteUrl: string): MailMessage {
  return message(brand, to, 'new sign-in to your admin account', {
    heading: 'New sign-in to your admin account',
    paragraphs: [
      `Your ${brand.name} administrator account was just signed in to.`,
      `Time: ${utcMinute(facts.at)}. Network address: ${facts.ip}. Browser: ${facts.browser}. Signed in with: ${METHOD_TEXT[facts.method]}.`,
      'If this was you, there is nothing to do. If it was not, change your password now and sign out the sessions you do not know under Settings.',
    ],
    action: { label: 'Open Settings', url: `${siteUrl}/settings` },
    footer: 'You receive this email because it concerns the security of your account.',
  });
}

/** When two-factor sign-in is turned on or off for the account. */
export function twoFactorChangedMail(brand: MailBrand, to: string, on: boolean, siteUrl: string): MailMessage {
  return message(brand, to, on ? 'two-factor sign-in is on' : 'two-factor sign-in was turned off', {
    heading: on ? 'Two-factor sign-in is on' : 'Two-factor sign-in was turned off',
    paragraphs: on
      ? [
          `Signing in to your ${brand.name} account now also asks for a code from your authenticator app. Keep your recovery codes somewhere safe.`,
        ]
      : [
          `Signing in to your ${brand.name} account no longer asks for a code from an authenticator app.`,
          'If this was not you, change your password now and turn two-factor sign-in on again under Settings.',
        ],
    action: { label: 'Open Settings', url: `${siteUrl}/settings` },
    footer: 'You receive this email because it concerns the security of your account.',
  });
}

/** An admin's invitation to a staff role: the one-time link to create the account. */
export function staffInvitationMail(
  brand: MailBrand,
  to: string,
  facts: { inviter: string; role: string; url: string; days: number },
): MailMessage {
  return message(brand, to, `you are invited to join as ${facts.role}`, {
    heading: `Join ${brand.name} as ${facts.role}`,
    paragraphs: [
      `${facts.inviter} invited you to help run the ${brand.name} website as ${facts.role}.`,
      `Open the link below to choose your name, username and password. It works once and for ${facts.days} days.`,
    ],
    action: { label: 'Create your account', url: facts.url },
    footer: 'If you did not expect this, you can ignore this email; no account is made without you.',
  });
}
