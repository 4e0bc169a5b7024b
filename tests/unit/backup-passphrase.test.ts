import { describe, expect, it } from 'vitest';
import { BackupRequest, backupPassphraseProblem, BACKUP_PASSPHRASE_TEXTS } from '../../src/shared/schemas/backup.ts';
import { checkBody } from '../../src/shared/schemas/refusal.ts';

describe('backupPassphraseProblem', () => {
  it.each([
    ['', BACKUP_PASSPHRASE_TEXTS.required],
    ['fifteen chars!!', BACKUP_PASSPHRASE_TEXTS.tooShort],
    ['abababababababababab', BACKUP_PASSPHRASE_TEXTS.tooEasy],
    ['AaAaBbBbCcCcDdDdEeEe', BACKUP_PASSPHRASE_TEXTS.tooEasy],
    ['x'.repeat(1025), BACKUP_PASSPHRASE_TEXTS.tooLong],
  ])('refuses %j', (passphrase, problem) => {
    expect(backupPassphraseProblem(passphrase)).toBe(problem);
  });

  it.each(['sixteen chars ok', 'harbour lantern morning', '🔑🔒🗝️ four words here', 'y'.repeat(1000) + 'abcdef'])(
    'takes %j',
    (passphrase) => {
      expect(backupPassphraseProblem(passphrase)).toBeNull();
    },
  );

  it('counts characters as code points, after NFKC', () => {
    // Fifteen emoji outside the BMP are 30 UTF-16 units but 15 characters.
    expect(backupPassphraseProblem('😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰')).toBe(BACKUP_PASSPHRASE_TEXTS.tooShort);
  });

  it('is the rule of the request body, which names the field apart from its sentence', () => {
    expect(checkBody(BackupRequest, { passphrase: 'short' })).toEqual({
      ok: false,
      field: 'passphrase',
      message: BACKUP_PASSPHRASE_TEXTS.tooShort,
    });
    expect(checkBody(BackupRequest, {})).toMatchObject({ ok: false, message: 'Passphrase is required.' });
    expect(checkBody(BackupRequest, { passphrase: 'harbour lantern morning' })).toEqual({
      ok: true,
      value: { passphrase: 'harbour lantern morning' },
    });
  });
});
