/** The pure rules of /settings and /api/account: input schemas, the code's scope, the screen's states. */
import { assert, describe, expect, it } from 'vitest';
import { emailCodeScope } from '../../src/server/modules/account/email-change.service.ts';
import { hashOtp, otpMatches } from '../../src/server/modules/auth/otp.ts';
import { codeSentMessage, exportFileName } from '../../src/shared/account.ts';
import { DeleteAccountBody, EmailChangeBody, EmailConfirmBody, ProfileBody } from '../../src/shared/schemas/account.ts';
import { RegisterBody } from '../../src/server/modules/auth/auth.schemas.ts';
import {
  deleteBody,
  deleteReady,
  newsletterAction,
  newsletterText,
  normaliseCode,
  profileChanged,
  sessionTitle,
  SITE_SETTINGS_LINKS,
} from '../../src/components/settings/settings-rules.ts';

const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  if (result.success) return null;
  const issue = result.error?.issues[0];
  assert(issue, 'a failed parse reports at least one issue');
  return { field: issue.path.join('.'), message: issue.message };
};

describe('ProfileBody', () => {
  it('trims the names and keeps the username as typed', () => {
    expect(ProfileBody.parse({ first_name: ' Ada ', last_name: 'L', username: 'ada.l' })).toEqual({
      first_name: 'Ada',
      last_name: 'L',
      username: 'ada.l',
    });
  });

  it.each([
    [{ last_name: 'L', username: 'ada' }, 'first_name', 'First name is required'],
    [{ first_name: 'A', last_name: ' ', username: 'ada' }, 'last_name', 'Last name is required'],
    [
      { first_name: 'A\tB', last_name: 'L', username: 'ada' },
      'first_name',
      'First name must not contain control characters',
    ],
    [
      { first_name: 'A', last_name: 'L', username: 'x'.repeat(101) },
      'username',
      'Username must be at most 100 characters',
    ],
  ])('refuses %j naming %s', (body, field, message) => {
    expect(firstIssue(ProfileBody.safeParse(body))).toEqual({ field, message });
  });

  it('refuses the names exactly as registration does (one rule, not a copy)', () => {
    const bad = { first_name: '', last_name: 'x'.repeat(101), username: 'ok' };
    expect(firstIssue(ProfileBody.safeParse(bad))).toEqual(
      firstIssue(RegisterBody.safeParse({ ...bad, email: 'a@example.com', password: 'p' })),
    );
  });
});

describe('email change bodies', () => {
  it('takes a new address with an optional password, refusing a bad or header-injecting address', () => {
    expect(EmailChangeBody.parse({ newEmail: ' New@Example.com ' })).toEqual({ newEmail: 'New@Example.com' });
    expect(firstIssue(EmailChangeBody.safeParse({ newEmail: 'nope' }))).toEqual({
      field: 'newEmail',
      message: 'Please enter a valid email address',
    });
    expect(firstIssue(EmailChangeBody.safeParse({ newEmail: 'a@b.com\r\nBcc: c@d.com' }))?.field).toBe('newEmail');
  });

  it('takes six digits only', () => {
    expect(EmailConfirmBody.parse({ code: ' 012345 ' })).toEqual({ code: '012345' });
    for (const code of ['12345', '1234567', '12a456', ''])
      expect(firstIssue(EmailConfirmBody.safeParse({ code }))).toEqual({
        field: 'code',
        message: 'Enter the 6-digit code from the email',
      });
  });

  it('binds a code to the account and the address: it matches nowhere else', () => {
    const key = Buffer.alloc(32, 7);
    const hash = hashOtp(key, emailCodeScope('u1', 'a@example.com'), '123456');
    expect(otpMatches(key, emailCodeScope('u1', 'a@example.com'), '123456', hash)).toBe(true);
    expect(otpMatches(key, emailCodeScope('u2', 'a@example.com'), '123456', hash)).toBe(false);
    expect(otpMatches(key, emailCodeScope('u1', 'b@example.com'), '123456', hash)).toBe(false);
    // Never a sign-in code of the same account.
    expect(otpMatches(key, 'u1', '123456', hash)).toBe(false);
  });

  it('says where the code went', () => {
    expect(codeSentMessage('n@example.com')).toBe(
      'We sent a 6-digit code to n@example.com. Enter it to confirm the change.',
    );
  });
});

describe('deleting', () => {
  it('is ready with a password typed, or for an account without one with DELETE exactly', () => {
    expect(deleteReady(true, '')).toBe(false);
    expect(deleteReady(true, 'x')).toBe(true);
    expect(deleteReady(false, 'delete')).toBe(false);
    expect(deleteReady(false, ' DELETE ')).toBe(true);
    expect(deleteBody(true, ' pw ')).toEqual({ password: ' pw ' });
    expect(deleteBody(false, ' DELETE ')).toEqual({ confirm: 'DELETE' });
    expect(DeleteAccountBody.parse({ confirm: 'DELETE' })).toEqual({ confirm: 'DELETE' });
  });
});

describe('the Settings screen', () => {
  it('names each newsletter state and offers the right action', () => {
    expect(newsletterText(null)).toBe('You are not subscribed to the newsletter.');
    expect(newsletterText('confirmed')).toBe('You are subscribed to the newsletter.');
    expect(newsletterText('pending')).toMatch(/confirmation link/);
    expect(newsletterText('unsubscribed')).toBe('You unsubscribed from the newsletter.');
    expect([null, 'pending', 'confirmed', 'unsubscribed'].map((s) => newsletterAction(s as never))).toEqual([
      'Subscribe',
      'Send the link again',
      null,
      'Subscribe',
    ]);
  });

  it('sees a profile change only where a trimmed value differs', () => {
    const saved = { first_name: 'Ada', last_name: 'L', username: 'ada' };
    expect(profileChanged({ ...saved, first_name: ' Ada ' }, saved)).toBe(false);
    expect(profileChanged({ ...saved, username: 'ada2' }, saved)).toBe(true);
  });

  it('keeps six digits of a code typed with spaces or a dash', () => {
    expect(normaliseCode('123 456')).toBe('123456');
    expect(normaliseCode('123-4567')).toBe('123456');
  });

  it('names each session by its device, and the current one apart', () => {
    expect(sessionTitle({ current: true, device: 'Chrome on Linux' })).toBe('Chrome on Linux · This browser');
    expect(sessionTitle({ current: false, device: 'Unknown browser' })).toBe('Unknown browser');
  });

  it('links an admin to the five site settings screens', () => {
    expect(SITE_SETTINGS_LINKS.map((l) => l.href)).toEqual([
      '/admin/update-company',
      '/admin/theme-settings',
      '/admin/store',
      '/admin/edit-hero',
      '/admin/team',
    ]);
  });

  it('names the export file by the day', () => {
    expect(exportFileName(new Date('2026-11-24T17:00:00Z'))).toBe('account-data-2026-11-24.json');
  });
});
