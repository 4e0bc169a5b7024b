/**
 * pg_dump and pg_restore: PG_BIN (a directory) when set, else the newest Debian install under
 * /usr/lib/postgresql/<version>/bin (as scripts/ci/throwaway-postgres.sh finds initdb), else the PATH. They must be
 * at least as new as the server (pg_dump refuses an older one with a clear message, which is passed on).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BackupError } from './manifest.ts';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The path of a PostgreSQL client program, or its bare name for the PATH to resolve. */
export function pgProgram(
  program: 'pg_dump' | 'pg_restore',
  env: Record<string, string | undefined> = process.env,
): string {
  const override = env['PG_BIN']?.trim();
  if (override) return join(override, program);
  const versions = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(DEBIAN_ROOT, v, 'bin', program)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? join(DEBIAN_ROOT, versions[0], 'bin', program) : program;
}

/**
 * The connection for a child program: the URL without its password (command lines are visible to every user of the
 * machine) and the password in PGPASSWORD.
 */
export function connectionFor(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client program to its end; throws BackupError with its last lines of stderr when it fails. */
export async function runPgProgram(
  program: 'pg_dump' | 'pg_restore',
  args: string[],
  databaseUrl: string,
): Promise<void> {
  const path = pgProgram(program);
  const { dbname, env } = connectionFor(databaseUrl);
  const child = spawn(path, [...args, `--dbname=${dbname}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolve(status));
  }).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT')
      throw new BackupError(
        `${program} was not found (looked for ${path}); install PostgreSQL's client programs or set PG_BIN to the directory that holds them`,
      );
    throw error;
  });
  if (code !== 0)
    throw new BackupError(
      `${program} failed (exit ${code}): ${stderr.trim().split('\n').slice(-5).join(' | ') || 'no message'}`,
    );
}
