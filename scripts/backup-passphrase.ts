/**
 * The passphrase of `npm run backup` and `npm run restore`: BACKUP_PASSPHRASE when it is set (scheduled backups), or
 * typed at the terminal without being shown. Never a command-line argument, which other users of the machine can
 * read in the process list.
 */
import { BackupError } from '../src/server/backup/manifest.ts';
import { BACKUP_PASSPHRASE_TEXTS, backupPassphraseProblem } from '../src/shared/schemas/backup.ts';

/** Reads one line from the terminal without echoing it. */
function typed(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let line = '';
    const done = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      if (error) reject(error);
      else resolve(line);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          done();
          return;
        }
        if (character === '\u0003') {
          done(new BackupError('cancelled'));
          return;
        }
        if (character === '\u007f' || character === '\b') line = Array.from(line).slice(0, -1).join('');
        else line += character;
      }
    };
    stdin.on('data', onData);
  });
}

/** The passphrase; `making` asks twice and applies the passphrase rule (a restore takes whatever the archive needs). */
export async function backupPassphrase(making: boolean): Promise<string> {
  let passphrase = process.env['BACKUP_PASSPHRASE'];
  if (passphrase === undefined) {
    if (!process.stdin.isTTY)
      throw new BackupError('Set BACKUP_PASSPHRASE, or run the command in a terminal to type the passphrase');
    passphrase = await typed(making ? 'Passphrase for the backup: ' : 'Passphrase of the backup: ');
    if (making && (await typed('The same passphrase again: ')) !== passphrase)
      throw new BackupError(BACKUP_PASSPHRASE_TEXTS.mismatch);
  }
  const problem = making ? backupPassphraseProblem(passphrase) : null;
  if (problem) throw new BackupError(problem);
  return passphrase;
}
