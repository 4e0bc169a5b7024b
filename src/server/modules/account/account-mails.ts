/** The mails of the account's own changes: the email-change code, the notice to the old address, the goodbye. */
import type { MailBrand } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { message } from '../auth/auth-mails.ts';

const SECURITY = 'You receive this email because it concerns the security of your account.';

/** To the NEW address: the code that proves it can be reached. */
export function emailChangeCodeMail(brand: MailBrand, to: string, code: string, minutes: number): MailMessage {
  return message(brand, to, 'confirm your new email address', {
    heading: 'Confirm your new email address',
    paragraphs: [
      `Someone signed in to a ${brand.name} account asked to use this address for it. Enter this code on the Settings page to confirm the change.`,
      `The code is valid for ${minutes} minutes and works once.`,
    ],
    code,
    footer:
      'If you did not ask for this, you can ignore this email; the address is not used unless the code is entered.',
  });
}

/** To the OLD address once the change is made, so a change the owner did not make does not go unnoticed. */
export function emailChangedNoticeMail(brand: MailBrand, to: string, newEmail: string, siteUrl: string): MailMessage {
  return message(brand, to, 'your email address was changed', {
    heading: 'Your email address was changed',
    paragraphs: [
      `The email address of your ${brand.name} account was changed from ${to} to ${newEmail}. Mail about the account now goes to the new address.`,
      'If this was not you, contact us right away and reply to this email: the change can be undone.',
    ],
    action: { label: 'Contact us', url: `${siteUrl}/contact` },
    footer: SECURITY,
  });
}

/** After the account is deleted. */
export function accountDeletedMail(brand: MailBrand, to: string): MailMessage {
  return message(brand, to, 'your account was deleted', {
    heading: 'Your account was deleted',
    paragraphs: [
      `Your ${brand.name} account and its sign-ins, messages and history were deleted as you asked.`,
      'Orders you placed stay in our books without your account, as the law asks of us. A newsletter subscription is separate: every newsletter has a link to unsubscribe.',
    ],
    footer: SECURITY,
  });
}

/**
 * When an administrator reset the account's two-factor sign-in: every session was ended; with ADMIN_2FA=required
 * the next sign-in asks for a new authenticator app, else it no longer asks for a code until it is turned on again.
 */
export function twoFactorResetMail(
  brand: MailBrand,
  to: string,
  siteUrl: string,
  mustEnrolAgain: boolean,
): MailMessage {
  return message(brand, to, 'your two-factor sign-in was reset', {
    heading: 'Your two-factor sign-in was reset',
    paragraphs: [
      `An administrator of ${brand.name} reset the two-factor sign-in of your account: your authenticator app and your recovery codes no longer work, and you were signed out everywhere.`,
      mustEnrolAgain
        ? 'The next time you sign in you will be asked to set up an authenticator app again.'
        : 'Signing in no longer asks for a code from an authenticator app. Turn two-factor sign-in on again under Settings.',
      'If you did not ask for this, change your password now and contact the other administrators of the site.',
    ],
    action: { label: 'Sign in', url: `${siteUrl}/login` },
    footer: SECURITY,
  });
}
