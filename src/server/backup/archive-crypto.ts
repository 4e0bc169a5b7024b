/**
 * The archive's encryption: age (age-encryption.org/v1) with a passphrase, through the age-encryption library. The
 * tar.gz is the payload of age's STREAM (ChaCha20-Poly1305 in 64 KiB chunks, each authenticated before it is released,
 * the last one marked so a cut file is noticed), and the file key is wrapped with scrypt of the passphrase. Who does
 * not know the passphrase can neither read an archive nor make one the restore accepts, so the manifest inside is
 * signed by the passphrase too. The file opens with the `age` command as well: `age -d site-backup-….tar.gz.age`.
 */
import { Decrypter, Encrypter } from 'age-encryption';
import { BackupError } from './manifest.ts';

/** How every age file begins. */
const AGE_MAGIC = 'age-encryption.org/v1\n';

/**
 * The tar.gz encrypted with `passphrase`; `workFactor` is scrypt's log2 N (BACKUP_WORK_FACTOR, 18 by default: age's
 * own, about a second and 256 MiB per derivation, so each guess of the passphrase costs as much). A restore reads it
 * from the file.
 */
export async function encrypting(
  plain: ReadableStream<Uint8Array>,
  passphrase: string,
  workFactor: number,
): Promise<ReadableStream<Uint8Array>> {
  const encrypter = new Encrypter();
  encrypter.setScryptWorkFactor(workFactor);
  encrypter.setPassphrase(passphrase);
  return encrypter.encrypt(plain);
}

/** Whether `head` (the file's first bytes) is an age file; a gzip here is an archive of format 1 (unencrypted). */
export function looksEncrypted(head: Uint8Array): boolean {
  return Buffer.from(head).subarray(0, AGE_MAGIC.length).toString('latin1') === AGE_MAGIC;
}

/**
 * The archive's tar.gz as it is decrypted; a wrong passphrase is refused before any of it is read. A chunk that was
 * altered, or a file cut short, makes the returned stream fail where that chunk comes.
 */
/** The passphrase given is not the archive's (or its header is damaged). */
export class WrongPassphrase extends BackupError {}

export async function decrypting(
  cipher: ReadableStream<Uint8Array>,
  passphrase: string,
): Promise<ReadableStream<Uint8Array>> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  try {
    return await decrypter.decrypt(cipher);
  } catch {
    throw new WrongPassphrase(
      'The passphrase does not open this archive: type the one given when the backup was made (or the file is damaged)',
    );
  }
}
