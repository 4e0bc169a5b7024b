/** The pure rules of the contact form and the team. */
import { describe, expect, it } from 'vitest';
import { teamFormData, checkTeamForm, orderNotice } from '../../src/components/admin/team/team-form.ts';
import { aboutTeam, initialsOf, PLACEHOLDER_TEAM } from '../../src/lib/about.ts';
import { contactOutcome } from '../../src/lib/browser/contact-form.ts';
import { checkContactMessage, CONTACT_LIMITS, isHoneypotFilled } from '../../src/shared/schemas/contact.ts';
import { checkTeamMemberCreate, isCompleteOrder, type TeamMember } from '../../src/shared/schemas/team.ts';

const VALID = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello there' };

describe('checkContactMessage', () => {
  it('trims the fields and keeps line breaks in the message only (CRLF as LF)', () => {
    expect(checkContactMessage({ ...VALID, name: '  Ada ', message: ' a\r\nb ' })).toEqual({
      ok: true,
      value: { ...VALID, message: 'a\nb' },
    });
  });

  it.each([
    [{ ...VALID, name: '' }, 'name', 'Please enter your name.'],
    [{ ...VALID, email: undefined }, 'email', 'Please enter your email address.'],
    [{ ...VALID, subject: ' ' }, 'subject', 'Please enter a subject.'],
    [{ ...VALID, message: '\n' }, 'message', 'Please write your message.'],
    [{ ...VALID, email: 'a@b' }, 'email', 'Please enter a valid email address, like name@example.com.'],
    [{ ...VALID, email: 'a b@example.com' }, 'email', 'Please enter a valid email address, like name@example.com.'],
    [
      { ...VALID, subject: 'x'.repeat(CONTACT_LIMITS.subject + 1) },
      'subject',
      'The subject must be at most 200 characters.',
    ],
    [{ ...VALID, name: 'a\u2028b' }, 'name', 'Your name must be on one line, without special characters.'],
    [{ ...VALID, subject: 'a\rBcc: x@y.z' }, 'subject', 'The subject must be on one line, without special characters.'],
    [{ ...VALID, message: 'bell\u0007' }, 'message', 'Your message contains characters that cannot be sent.'],
    [{ ...VALID, name: ['Ada'] }, 'name', 'Please enter your name.'],
  ])('refuses %j on %s with a sentence', (body, field, message) => {
    expect(checkContactMessage(body)).toEqual({ ok: false, field, message });
  });

  it('counts characters, not UTF-16 units, against the limit', () => {
    expect(checkContactMessage({ ...VALID, name: '😀'.repeat(CONTACT_LIMITS.name) }).ok).toBe(true);
  });

  it('refuses a body that is not an object', () => {
    expect(checkContactMessage([VALID])).toMatchObject({ ok: false, field: 'body' });
  });
});

describe('isHoneypotFilled', () => {
  it.each([
    [{ website: '' }, false],
    [{ website: '   ' }, false],
    [{}, false],
    [null, false],
    [{ website: 'http://spam.example' }, true],
    [{ website: 1 }, true],
  ])('%j → %s', (body, filled) => expect(isHoneypotFilled(body)).toBe(filled));
});

describe('contactOutcome', () => {
  it('is success only for a 2xx answer', () => {
    expect(contactOutcome(201, { message: 'Message sent successfully!' })).toEqual({ outcome: 'success' });
    expect(contactOutcome(400, { message: 'Please enter a subject.', field: 'subject' })).toEqual({
      outcome: 'failure',
      text: 'Please enter a subject.',
      field: 'subject',
    });
    expect(contactOutcome(429, { message: 'Wait a little.' })).toEqual({ outcome: 'failure', text: 'Wait a little.' });
  });

  it("keeps the page's own failure text for a server error or an answer without a sentence", () => {
    expect(contactOutcome(500, { message: 'Internal Server Error' })).toEqual({ outcome: 'failure' });
    expect(contactOutcome(502, null)).toEqual({ outcome: 'failure' });
    expect(contactOutcome(400, { message: 'x', field: 'password' })).toEqual({ outcome: 'failure', text: 'x' });
  });
});

describe('team rules', () => {
  it('a new member needs a name; role and bio default to empty', () => {
    expect(checkTeamMemberCreate({ name: ' Ada ' })).toEqual({ ok: true, value: { name: 'Ada', role: '', bio: '' } });
    expect(checkTeamMemberCreate({})).toEqual({ ok: false, field: 'name', message: 'Name is required.' });
  });

  it('an order names every member exactly once', () => {
    expect(isCompleteOrder(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(isCompleteOrder(['a'], ['a', 'b'])).toBe(false);
    expect(isCompleteOrder(['a', 'a'], ['a', 'b'])).toBe(false);
    expect(isCompleteOrder(['a', 'c'], ['a', 'b'])).toBe(false);
    expect(isCompleteOrder([], [])).toBe(true);
  });

  it('the admin form checks the same rules and sends a chosen portrait or the wish to remove one', () => {
    expect(checkTeamForm({ name: '', role: '', bio: '', removePhoto: false })).toEqual({
      field: 'name',
      message: 'Name is required.',
    });
    const removing = teamFormData({ name: 'Ada', role: 'CEO', bio: '', removePhoto: true }, null);
    expect(Object.fromEntries(removing.entries())).toEqual({ name: 'Ada', role: 'CEO', bio: '', removePhoto: 'true' });
    const replacing = teamFormData(
      { name: 'Ada', role: '', bio: '', removePhoto: true },
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    expect(replacing.has('removePhoto')).toBe(false);
    expect(replacing.get('photo')).toBeInstanceOf(File);
    expect(orderNotice('Ada', 2, 4)).toBe('Order saved: Ada is now number 2 of 4.');
  });
});

describe('About team', () => {
  const member = (name: string, order: number, photo = ''): TeamMember => ({
    _id: name,
    name,
    role: `${name} role`,
    bio: '',
    photo,
    order,
  });

  it("shows the spec's three placeholders while no member is set", () => {
    expect(aboutTeam([])).toBe(PLACEHOLDER_TEAM);
    expect(PLACEHOLDER_TEAM.map((p) => [p.name, p.position, p.image])).toEqual([
      ['Team Member 1', 'Position', '/team/member-1.webp'],
      ['Team Member 2', 'Position', '/team/member-2.webp'],
      ['Team Member 3', 'Position', '/team/member-3.webp'],
    ]);
  });

  it('shows the set members in order, never a placeholder beside them', () => {
    const team = aboutTeam([member('Zoe Park', 1, '/media/x.webp'), member('Al', 0)]);
    expect(team.map((p) => [p.name, p.position, p.image, p.initials])).toEqual([
      ['Al', 'Al role', '', 'A'],
      ['Zoe Park', 'Zoe Park role', '/media/x.webp', 'ZP'],
    ]);
  });

  it('initials are the first letters of the first and last names', () => {
    expect(initialsOf('ada king lovelace')).toBe('AL');
    expect(initialsOf('  Plato ')).toBe('P');
    expect(initialsOf('')).toBe('');
  });
});
